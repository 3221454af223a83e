/** Nearest-rank percentile of an ascending sample. */
function ofSorted(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** A sample's values in ascending order (a typed array sorts numerically). */
const ascending = (values: Iterable<number>) => Float64Array.from(values).sort()

export const median = (values: Iterable<number>) => ofSorted(ascending(values), 50)

/** The nearest-rank `p`th percentile of a sample (of 10 values, p95 is the largest). */
export const percentile = (values: Iterable<number>, p: number) => ofSorted(ascending(values), p)

/** The p50 and p99 of a sample, rounded to `digits`, from one sort. */
export function p50p99(values: Iterable<number>, digits: number): { p50: number; p99: number } {
  const sorted = ascending(values)
  return { p50: round(ofSorted(sorted, 50), digits), p99: round(ofSorted(sorted, 99), digits) }
}

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
export async function closedLoop(
  concurrency: number,
  seconds: number,
  once: (worker: number) => Promise<boolean>,
  maxRequests = 100_000,
): Promise<LoadResult> {
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
    ...p50p99(latencies, 2),
  }
}
