/** Percentile of a sample (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}

export const median = (values: number[]) => percentile(values, 50)

export const round = (n: number, digits = 1) => Number(n.toFixed(digits))

export interface LoadResult {
  requests: number
  failures: number
  seconds: number
  perSecond: number
  p50: number
  p99: number
}

/** Runs `concurrency` loops of `once` for `seconds` (bounded in count too) and measures each call. */
export async function closedLoop(concurrency: number, seconds: number, once: (worker: number) => Promise<boolean>, maxRequests = 100_000): Promise<LoadResult> {
  const latencies: number[] = []
  let failures = 0
  let issued = 0
  const started = performance.now()
  const until = started + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < until && issued < maxRequests) {
        issued++
        const t0 = performance.now()
        const ok = await once(worker).catch(() => false)
        latencies.push(performance.now() - t0)
        if (!ok) failures++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  return {
    requests: latencies.length,
    failures,
    seconds: round(elapsed, 2),
    perSecond: round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50), 2),
    p99: round(percentile(latencies, 99), 2),
  }
}
