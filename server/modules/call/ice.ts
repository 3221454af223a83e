import { createHmac } from 'node:crypto'
import type { IceServer } from '../../../contract'
import type { IceServerSetting } from '../../config'

/**
 * coturn's REST API credentials (its `use-auth-secret` mode, draft-uberti-behave-turn-rest): the
 * username is `<expiry in unix seconds>:<user id>` and the password the base64 HMAC-SHA1 of that
 * username under the secret coturn shares (`static-auth-secret`); coturn refuses it after the expiry.
 */
export function turnCredentials(secret: string, userId: string, expiresAt: number): { username: string; credential: string } {
  const username = `${expiresAt}:${userId}`
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') }
}

/**
 * The ICE servers a user's RTCPeerConnection gets: the configured ones, a TURN entry with a `secret`
 * turned into credentials of that user valid for `ttlSeconds` from `nowMs`. The secret never leaves.
 */
export function iceServersFor(settings: readonly IceServerSetting[], userId: string, nowMs: number, ttlSeconds: number): IceServer[] {
  const expiresAt = Math.floor(nowMs / 1000) + ttlSeconds
  return settings.map(({ urls, username, credential, secret }) => {
    if (secret) return { urls, ...turnCredentials(secret, userId, expiresAt) }
    return { urls, ...(username !== undefined && { username }), ...(credential !== undefined && { credential }) }
  })
}
