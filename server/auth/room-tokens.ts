import { jwtVerify, SignJWT } from 'jose'

/** How long a room token admits its holder (a long meeting; the socket is dropped when it expires). */
export const ROOM_TOKEN_TTL_MS = 12 * 60 * 60 * 1000

/** What a room token says: who holds it in which meeting. */
export interface RoomGrant {
  meetingId: string
  participantId: string
  name: string
  host: boolean
  /** When the token expires (epoch ms). */
  expiresAt: number
}

const TYPE = 'workroom-room'

/**
 * Room tokens of instant meetings: HS256 JWTs (the room key, derived apart from the access tokens'
 * key, so neither kind opens the other's door) naming the meeting (`mid`), the participant
 * (`sub`), their name and whether they host. Guests hold them instead of an account: the socket
 * handshake (`auth: {room_token}`), ROOM_JOIN and call-open/host take them. A genuine token is not
 * enough by itself: the meeting module also checks that the participant was not removed and the
 * meeting has not ended.
 */
export function createRoomTokens(key: Uint8Array, now: () => number) {
  return {
    async sign(grant: Omit<RoomGrant, 'expiresAt'>, ttlMs = ROOM_TOKEN_TTL_MS): Promise<string> {
      const issuedAt = Math.floor(now() / 1000)
      return new SignJWT({ typ: TYPE, mid: grant.meetingId, name: grant.name, host: grant.host })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(grant.participantId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + Math.ceil(ttlMs / 1000))
        .sign(key)
    },

    /** The grant when the token is a genuine, unexpired room token, else null. */
    async verify(token: string): Promise<RoomGrant | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) })
        const { typ, mid, name, host, sub, exp } = payload
        if (typ !== TYPE || typeof mid !== 'string' || typeof name !== 'string' || typeof host !== 'boolean') return null
        if (typeof sub !== 'string' || typeof exp !== 'number') return null
        return { meetingId: mid, participantId: sub, name, host, expiresAt: exp * 1000 }
      } catch {
        return null
      }
    },
  }
}

export type RoomTokens = ReturnType<typeof createRoomTokens>
