import type { Session, Tokens } from '../../../contract/auth'
import type { Language } from '../../../contract/common'
import type { User } from '../../../contract/user'

export interface SessionContext {
  user: User | null
  accessToken: string | null
  /** Epoch ms from the access token's `exp`, when it is a JWT. */
  accessTokenExpiresAt: number | null
  /** The reader's credential for file links (contract `mediaAccessUrl`): it comes and expires with the access token. */
  mediaToken: string | null
  /** This browser holds a login (its refresh token is in the HttpOnly cookie, out of the page's reach). */
  remembered: boolean
  /** Push token, once the push service registered one; sent with auth/logout only when held. */
  fcmToken: string | null
}

export interface SessionInput {
  /** A login was remembered at page load: restore it. */
  remembered: boolean
  fcmToken?: string | null
}

export type SessionEvent =
  /** The auth forms logged in (a verified account); `redirect` is a same-origin path or null. */
  | { type: 'LOGGED_IN'; session: Session; redirect: string | null }
  | { type: 'LOGOUT' }
  /** The access token was refused (HTTP 401) or is about to expire. */
  | { type: 'REFRESH_TOKEN' }
  /** A 401 nothing can fix: end the session and go to /login. */
  | { type: 'SESSION_EXPIRED' }
  | { type: 'REFRESH_USER' }
  /** The account changed elsewhere (the profile saved an avatar): the user it answered with. */
  | { type: 'USER_UPDATED'; user: User }
  | { type: 'LANGUAGE'; language: Language }
  | { type: 'SET_FCM_TOKEN'; token: string | null }
  /** Another tab logged in or out. */
  | { type: 'LOGIN_STATUS_CHANGED' }
  /** The server's LOGOUT socket event: this login ended elsewhere. */
  | { type: 'SOCKET_LOGOUT' }

export type SessionEmitted = { type: 'navigate'; href: string } | { type: 'reload' }

/** What restore answers: fresh tokens and the user they belong to. */
export interface RestoredSession {
  tokens: Tokens
  user: User
}

/**
 * How the refresh and restore actors fail: `rejected` when the server refused the token (the
 * session is over), otherwise the server could not be reached and the stored session is kept.
 */
export interface TokenFailure {
  rejected: boolean
}
