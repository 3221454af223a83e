import { hkdfSync } from 'node:crypto'

/** The shortest JWT_SECRET (bytes) the server accepts: 256 bits, the HS256 key size. */
export const SECRET_MIN_BYTES = 32

/** One key per use, derived from the one secret: a key that leaks from one use opens no other. */
export interface SigningKeys {
  /** HS256 access tokens. */
  jwt: Uint8Array
  /** HMAC of the emailed one-time codes. */
  otp: Uint8Array
  /** HMAC of the media/access links. */
  media: Uint8Array
  /** HMAC of the missed-message email's unsubscribe links. */
  unsubscribe: Uint8Array
  /** HS256 room tokens of instant meetings (server/auth/room-tokens.ts): guests hold them too. */
  room: Uint8Array
  /** HMAC of booking pages' proof-of-work puzzles and guests' cancel secrets (server/modules/booking). */
  booking: Uint8Array
  /** HMAC of the private calendar feeds' URL tokens (server/modules/calendar). */
  calendarFeed: Uint8Array
}

const derive = (secret: Uint8Array, use: keyof SigningKeys) =>
  new Uint8Array(hkdfSync('sha256', secret, 'workroom', `workroom ${use} key v1`, 32))

/** Refuses a secret shorter than SECRET_MIN_BYTES, then derives each use's key with HKDF-SHA256. */
export function signingKeys(secret: string): SigningKeys {
  const bytes = new TextEncoder().encode(secret)
  if (bytes.length < SECRET_MIN_BYTES) {
    throw new Error(
      `JWT_SECRET must be at least ${SECRET_MIN_BYTES} bytes (it has ${bytes.length}); make one with: openssl rand -base64 48`,
    )
  }
  return {
    jwt: derive(bytes, 'jwt'),
    otp: derive(bytes, 'otp'),
    media: derive(bytes, 'media'),
    unsubscribe: derive(bytes, 'unsubscribe'),
    room: derive(bytes, 'room'),
    booking: derive(bytes, 'booking'),
    calendarFeed: derive(bytes, 'calendarFeed'),
  }
}
