const BACKOFF_BASE_MS = 1000
export const BACKOFF_CAP_MS = 30_000

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS)
}
