/** The bytes an HTTP Range header asks for: from `start` (to `end`, both included), or the last `suffix` bytes. */
export type RangeRequest = { start: number; end?: number } | { suffix: number }

/** The bytes (both ends included) of a range within `size`; null when none of it is there (the whole object is served instead). */
export function rangeWithin(range: RangeRequest, size: number): { start: number; end: number } | null {
  if ('suffix' in range) return range.suffix > 0 && size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : null
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return null
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) }
}

/**
 * The Range header of a request for one range of bytes (`bytes=a-b`, `bytes=a-`, `bytes=-n`);
 * undefined without one, and for several ranges or another unit: those get the whole file (a
 * server may ignore Range).
 */
export function byteRangeOf(header: string | undefined): RangeRequest | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match) return undefined
  const [, from = '', to = ''] = match
  const [start, end] = [from, to].map((n) => (n === '' ? undefined : Number(n)))
  if (![start, end].every((n) => n === undefined || Number.isSafeInteger(n))) return undefined
  if (start === undefined) return end === undefined ? undefined : { suffix: end }
  return end === undefined ? { start } : { start, end }
}
