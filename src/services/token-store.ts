import type { SessionEvent } from '../machines/session'

/**
 * Where the refresh token lives between page loads (localStorage: every tab shares it), the
 * cross-tab lock around rotating it, and the watcher that tells the session what other tabs did.
 */
export const REFRESH_TOKEN_KEY = 'workroom.refresh_token'

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage)

export const readRefreshToken = (): string | null => storage()?.getItem(REFRESH_TOKEN_KEY) ?? null

export function writeRefreshToken(token: string | null) {
  if (token) storage()?.setItem(REFRESH_TOKEN_KEY, token)
  else storage()?.removeItem(REFRESH_TOKEN_KEY)
}

/**
 * Runs `fn` while no other tab rotates the refresh token (Web Locks where available): refresh
 * tokens are single-use, so two tabs spending the same one would revoke the whole session.
 */
export function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request('workroom.refresh-token', fn) : fn()
}

/** What a storage event on the refresh-token key means for this tab. */
export function otherTabChange(oldValue: string | null, newValue: string | null): SessionEvent | null {
  if ((oldValue === null) !== (newValue === null)) return { type: 'LOGIN_STATUS_CHANGED' }
  if (newValue !== null && newValue !== oldValue) return { type: 'TOKENS_ROTATED', refreshToken: newValue }
  return null
}
