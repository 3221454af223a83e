import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { leadingZeroBits } from '../../../contract/proof-of-work'

/** How long a proof-of-work puzzle may be answered after it was given. */
export const CHALLENGE_TTL_MS = 10 * 60_000

const mac = (key: Uint8Array, text: string) => createHmac('sha256', key).update(text).digest('base64url')

/** Whether sha256(`${token}:${nonce}`) starts with `bits` zero bits. */
export const solves = (token: string, nonce: string, bits: number) =>
  leadingZeroBits(createHash('sha256').update(`${token}:${nonce}`).digest()) >= bits

/**
 * The booking request's proof of work (contract booking/challenge), stateless: a token is
 * `<id>.<expiry ms>.<HMAC>` under the booking key, so handing one out stores nothing. A request's
 * token is checked here (signature, expiry, the work); that it was not used before is the booking's
 * insert (bookings.challenge_id is unique).
 */
export function createChallenges(key: Uint8Array, now: () => number, bits: number) {
  return {
    bits,
    issue(): { token: string; bits: number } {
      const id = randomBytes(12).toString('base64url')
      const expires = now() + CHALLENGE_TTL_MS
      return { token: `${id}.${expires}.${mac(key, `booking-pow:${id}.${expires}`)}`, bits }
    },
    /** The token's id when it is ours, unexpired and solved by `nonce`; null otherwise. */
    verify(token: string, nonce: string): string | null {
      const parts = token.split('.')
      if (parts.length !== 3) return null
      const [id, expires, signature] = parts as [string, string, string]
      if (!/^[\w-]{16}$/.test(id) || !/^\d{1,15}$/.test(expires)) return null
      const expected = Buffer.from(mac(key, `booking-pow:${id}.${expires}`))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      if (Number(expires) <= now()) return null
      return solves(token, nonce, bits) ? id : null
    },
  }
}

/**
 * A guest's secret for cancelling one booking (booking/cancel-guest, the links in their emails):
 * derived from the booking's id under the booking key, so a repeated request and every email can
 * carry it again while only its hash is stored.
 */
export const cancelToken = (key: Uint8Array, bookingId: string) => mac(key, `booking-cancel:${bookingId}`)
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
