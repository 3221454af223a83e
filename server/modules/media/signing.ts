import { MEDIA_URL_TTL_SECONDS } from '../../../contract'
import { createMediaTokens } from '../../auth/media-tokens'

/**
 * The media tokens of media/access links (server/auth/media-tokens.ts): those the server signs for
 * the reader of an answer (MEDIA_URL_TTL_SECONDS), and the reader a link's token names.
 */
export function createMediaSigner(secret: Uint8Array, now: () => number) {
  const tokens = createMediaTokens(secret)
  return {
    /** A media token for `readerId`, valid MEDIA_URL_TTL_SECONDS from now. */
    tokenFor: (readerId: string): string => tokens.sign(readerId, Math.floor(now() / 1000) + MEDIA_URL_TTL_SECONDS),

    /** The reader's id when the token is genuine and not expired, else null. */
    reader: (token: string): string | null => tokens.reader(token, now()),
  }
}

export type MediaSigner = ReturnType<typeof createMediaSigner>
