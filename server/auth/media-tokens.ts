import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Media tokens: what a reader shows to read files (GET media/access?key&topic_id&token). A token
 * names its reader and its expiry and is signed with the media key: `<userId>.<expire>.<HMAC-SHA256>`
 * (expire in epoch seconds, the MAC base64url). It opens nothing by itself: media/access also checks
 * that the file belongs to the topic and that the reader still belongs to it. The session's token
 * comes with each access token (login, sign-up, refresh) and expires with it, so a client builds the
 * links of pushed files itself instead of asking for signed ones.
 */
export function createMediaTokens(secret: Uint8Array) {
  const mac = (userId: string, expire: number) =>
    createHmac('sha256', secret).update(`media-reader|${userId}|${expire}`).digest('base64url')

  return {
    /** A token for `userId` valid until `expire` (epoch seconds). */
    sign: (userId: string, expire: number): string => `${userId}.${expire}.${mac(userId, expire)}`,

    /** The reader's id when the token is genuine and not expired at `now` (epoch ms), else null. */
    reader(token: string, now = Date.now()): string | null {
      const [userId, expireText, given, ...rest] = token.split('.')
      if (!userId || !expireText || !given || rest.length || !/^\d{1,12}$/.test(expireText)) return null
      const expire = Number(expireText)
      if (expire * 1000 < now) return null
      const expected = Buffer.from(mac(userId, expire))
      const offered = Buffer.from(given)
      return offered.length === expected.length && timingSafeEqual(offered, expected) ? userId : null
    },
  }
}

export type MediaTokens = ReturnType<typeof createMediaTokens>
