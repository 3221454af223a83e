import type { SessionEvent } from '../machines/session'

/**
 * The refresh token lives in an HttpOnly cookie this code never sees (the server sets it on login
 * and rotates it on every refresh; every tab shares it). What the page keeps is a marker that this
 * browser holds a login: the user's id in localStorage. It says whether to restore on page load,
 * and its changes tell other tabs that someone logged in or out. It is no credential.
 */
export const LOGIN_MARKER_KEY = 'workroom.login'
/** Where earlier versions kept the refresh token itself: removed on sight. */
const LEGACY_REFRESH_TOKEN_KEY = 'workroom.refresh_token'

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage)

storage()?.removeItem(LEGACY_REFRESH_TOKEN_KEY)

/** True when this browser holds a login to restore. */
export const rememberedLogin = (): boolean => Boolean(storage()?.getItem(LOGIN_MARKER_KEY))

/** Marks (a user's id) or unmarks (null) this browser's login. */
export function rememberLogin(userId: string | null) {
  if (userId) storage()?.setItem(LOGIN_MARKER_KEY, userId)
  else storage()?.removeItem(LOGIN_MARKER_KEY)
}

/**
 * Runs `fn` while no other tab refreshes (Web Locks where available): each refresh spends the
 * cookie's token, so tabs take turns and each sends the newest one (the server's grace window
 * covers browsers without locks).
 */
export function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request('workroom.refresh-token', fn) : fn()
}

/** What a storage event on the login marker means for this tab: another tab logged in, out, or as someone else. */
export function otherTabChange(oldValue: string | null, newValue: string | null): SessionEvent | null {
  return oldValue !== newValue ? { type: 'LOGIN_STATUS_CHANGED' } : null
}
