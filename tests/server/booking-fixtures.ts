import { createHash } from 'node:crypto'
import { call } from './harness'

/**
 * Booking helpers for the tests that make bookings (booking.test.ts, booking-nodes.test.ts, the
 * authorization matrix and the bad-input world): the proof of work a request needs, solved here
 * the way the contract says (sha256 of `${token}:${nonce}` with `bits` leading zero bits).
 */
export function zeroBits(bytes: Uint8Array): number {
  let bits = 0
  for (const byte of bytes) {
    if (byte === 0) bits += 8
    else return bits + Math.clz32(byte) - 24
  }
  return bits
}

const work = (token: string, nonce: number) => zeroBits(createHash('sha256').update(`${token}:${nonce}`).digest())

/** The first nonce (decimal) that solves the token's puzzle. */
export function solve(token: string, bits: number): string {
  for (let nonce = 0; ; nonce++) if (work(token, nonce) >= bits) return String(nonce)
}

/** A nonce that does not solve it. */
export function wrongNonce(token: string, bits: number): string {
  for (let nonce = 0; ; nonce++) if (work(token, nonce) < bits) return String(nonce)
}

/** A new puzzle from the server, solved: what booking/request's `challenge` carries. */
export async function solvedChallenge(base: string): Promise<{ token: string; nonce: string }> {
  const res = await call(base, 'GET', '/api/booking/challenge')
  if (res.status !== 200) throw new Error(`booking/challenge: ${res.status} ${JSON.stringify(res.body)}`)
  const { token, bits } = res.body.result as { token: string; bits: number }
  return { token, nonce: solve(token, bits) }
}

/** A page's fields that the tests vary, with the contract's required ones filled in. */
export const pageBody = (over: Record<string, unknown> = {}) => ({
  client_id: crypto.randomUUID(),
  title: 'Intro call',
  time_zone: 'Asia/Ho_Chi_Minh',
  availability: [{ weekday: 1, start: '09:00', end: '11:00' }],
  ...over,
})
