/** The output of an invoked actor's done event. */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output

/** The text of an invoked actor's error event, as the runtime words it (an Error's message). */
export function errorTextOf(event: unknown): string {
  const error = (event as { error?: unknown }).error
  return error instanceof Error ? error.message : String(error)
}

/** The server's words for an invoked call's failure (the runtime fails with them as the error's message), or null when it gave none. */
export function errorDetailOf(event: unknown): string | null {
  const message = ((event as { error?: { message?: unknown } | null }).error ?? null)?.message
  return typeof message === 'string' && message ? message : null
}
