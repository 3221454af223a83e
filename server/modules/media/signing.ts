import { createHmac, timingSafeEqual } from 'node:crypto'
import { endpoints, MEDIA_URL_TTL_SECONDS } from '../../../contract'

/**
 * media/access URLs: the token binds key, topic, expiry and the reader, so the route can check the
 * reader still belongs to the topic. token = <userId>.<base64url HMAC-SHA256>.
 */
export function createMediaSigner(secret: Uint8Array) {
  const mac = (key: string, topicId: string, expire: number, userId: string) =>
    createHmac('sha256', secret).update(`${key}|${topicId}|${expire}|${userId}`).digest('base64url')

  return {
    url(key: string, topicId: string, userId: string, now = Date.now()): string {
      const expire = Math.floor(now / 1000) + MEDIA_URL_TTL_SECONDS
      const token = `${userId}.${mac(key, topicId, expire, userId)}`
      const query = new URLSearchParams({ key, token, expire: String(expire), topic_id: topicId })
      return `/api/${endpoints.mediaAccess.path}?${query}`
    },

    /** The reader's id when the token is genuine and not expired, else null. */
    reader(key: string, topicId: string, expire: number, token: string, now = Date.now()): string | null {
      if (expire * 1000 < now) return null
      const dot = token.indexOf('.')
      if (dot <= 0) return null
      const userId = token.slice(0, dot)
      const given = Buffer.from(token.slice(dot + 1))
      const expected = Buffer.from(mac(key, topicId, expire, userId))
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null
    },
  }
}

export type MediaSigner = ReturnType<typeof createMediaSigner>
