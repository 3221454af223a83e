const security = [{ bearer: [] }]

/**
 * The OpenAPI schema maker of one domain's signed-in routes: `describe(summary, request parts,
 * responses)` tags each route with `tag` and the bearer security.
 */
export const signedInSchema =
  (tag: string) =>
  <E extends object, R extends object>(summary: string, extra: E, response: R) => ({ schema: { tags: [tag], security, summary, ...extra, response } })
