/**
 * The booking request's proof of work (contract/booking.ts booking/challenge): the smallest nonce,
 * counting from 0, such that SHA-256 of `${token}:${nonce}` starts with `bits` zero bits. Hashes
 * with the Web Crypto API (crypto.subtle.digest), a batch at a time; the app runs it in a Web
 * Worker (proof-of-work.worker.ts) so the page stays responsive.
 */

import { leadingZeroBits } from '../../contract/proof-of-work'

export interface SolveOptions {
  /** Hashes tried at once (they are compared in nonce order, so the answer is the smallest). */
  batch?: number
  /** Give up after this many nonces. */
  limit?: number
  /** Told how many nonces were tried, after each batch. */
  onProgress?: (tried: number) => void
  signal?: AbortSignal
}

const encoder = new TextEncoder()

/** The smallest nonce (decimal) whose sha256(`${token}:${nonce}`) has `bits` leading zero bits. */
export async function solveProofOfWork(token: string, bits: number, options: SolveOptions = {}): Promise<string> {
  const batch = options.batch ?? 256
  const limit = options.limit ?? 2 ** Math.min(bits + 10, 40)
  for (let from = 0; from < limit; from += batch) {
    if (options.signal?.aborted) throw new Error('The proof of work was stopped')
    const nonces = Array.from({ length: Math.min(batch, limit - from) }, (_, i) => from + i)
    const digests = await Promise.all(nonces.map((nonce) => crypto.subtle.digest('SHA-256', encoder.encode(`${token}:${nonce}`))))
    const found = digests.findIndex((digest) => leadingZeroBits(new Uint8Array(digest)) >= bits)
    if (found >= 0) return String(nonces[found])
    options.onProgress?.(from + nonces.length)
  }
  throw new Error(`No nonce below ${limit} has ${bits} leading zero bits`)
}
