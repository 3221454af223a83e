import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { leadingZeroBits } from '../../../contract/proof-of-work'
import { solveProofOfWork } from '../../../src/services/proof-of-work'

/**
 * The booking request's proof of work, checked against Node's own SHA-256 (node:crypto), not the
 * Web Crypto the solver uses: the answer must be the smallest nonce whose hash has the bits.
 */

/** Leading zero bits of a hex digest, counted from its characters. */
const zeroBitsOfHex = (hex: string) => {
  let bits = 0
  for (const char of hex) {
    const nibble = parseInt(char, 16)
    if (nibble === 0) {
      bits += 4
      continue
    }
    return bits + (nibble < 2 ? 3 : nibble < 4 ? 2 : nibble < 8 ? 1 : 0)
  }
  return bits
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The smallest nonce with the bits, searched here with node:crypto. */
function firstNonce(token: string, bits: number): number {
  for (let nonce = 0; ; nonce++) if (zeroBitsOfHex(sha256(`${token}:${nonce}`)) >= bits) return nonce
}

describe('the proof of work', () => {
  it('counts the leading zero bits of a digest', () => {
    expect(leadingZeroBits(Uint8Array.from([0x80, 0]))).toBe(0)
    expect(leadingZeroBits(Uint8Array.from([0x01, 0xff]))).toBe(7)
    expect(leadingZeroBits(Uint8Array.from([0x00, 0x00, 0x3f]))).toBe(18)
    expect(leadingZeroBits(Uint8Array.from([0, 0]))).toBe(16)
  })

  it('finds the smallest nonce whose SHA-256 has the bits (a hand-made token)', async () => {
    const token = 'workroom-booking-test.v1.2026-03-04T02:00:00Z'
    const bits = 12
    const expected = firstNonce(token, bits)
    // Computed once with `node -e` (createHash): sha256('<token>:313') = 0001ff95…, the first with 12 zero bits.
    expect(expected).toBe(313)
    const nonce = await solveProofOfWork(token, bits)
    expect(nonce).toBe(String(expected))
    expect(zeroBitsOfHex(sha256(`${token}:${nonce}`))).toBeGreaterThanOrEqual(bits)
    // Every smaller nonce falls short.
    for (let n = 0; n < expected; n++) expect(zeroBitsOfHex(sha256(`${token}:${n}`))).toBeLessThan(bits)
  })

  it('answers the same in batches of any size, and 0 bits with nonce 0', async () => {
    const token = 'another-token'
    const expected = String(firstNonce(token, 8))
    expect(await solveProofOfWork(token, 8, { batch: 1 })).toBe(expected)
    expect(await solveProofOfWork(token, 8, { batch: 7 })).toBe(expected)
    expect(await solveProofOfWork(token, 0)).toBe('0')
  })

  it('gives up past its limit, and when stopped', async () => {
    await expect(solveProofOfWork('t', 64, { limit: 100 })).rejects.toThrow('No nonce below 100')
    const stop = new AbortController()
    stop.abort()
    await expect(solveProofOfWork('t', 20, { signal: stop.signal })).rejects.toThrow('stopped')
  })
})
