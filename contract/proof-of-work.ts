/**
 * The booking request's proof of work (contract/booking.ts, booking/challenge): the measure both
 * sides apply to sha256(`${token}:${nonce}`). Free of imports, so the browser's worker that solves
 * it stays small.
 */

/** How many leading zero bits a digest has. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0
  for (const byte of bytes) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24
    bits += 8
  }
  return bits
}
