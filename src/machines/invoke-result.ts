/** The output of an invoked actor's done event. */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output

/** The text of an invoked actor's error event, as the runtime words it (an Error's, or any thrown object's, message). */
export function errorTextOf(event: unknown): string {
  const error = (event as { error?: unknown }).error
  const message = (error as { message?: unknown } | null | undefined)?.message
  return typeof message === 'string' ? message : String(error)
}
