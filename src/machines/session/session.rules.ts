import type { TokenFailure } from './session.types'

/** Refresh the access token this long before it expires. */
export const REFRESH_AHEAD_MS = 60_000
/** After a refresh that could not reach the server, try again this much later. */
export const REFRESH_RETRY_MS = 15_000
const MAX_TIMER_MS = 2 ** 31 - 1

export const wasRejected = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as Partial<TokenFailure>).rejected === true

/** `exp` of a JWT access token in epoch ms, or null for anything else. */
export function accessTokenExpiry(token: string | null): number | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof json.exp === 'number' ? json.exp * 1000 : null
  } catch {
    return null
  }
}

/** When to refresh an access token expiring at `expiresAt`: REFRESH_AHEAD_MS early, never negative. */
export function refreshDelay(expiresAt: number | null, now: number): number {
  if (expiresAt === null) return MAX_TIMER_MS
  return Math.min(Math.max(0, expiresAt - now - REFRESH_AHEAD_MS), MAX_TIMER_MS)
}

/** The body of POST auth/logout: fcm_token only when one is held. */
export function logoutBody(fcmToken: string | null): { fcm_token?: string } {
  return fcmToken ? { fcm_token: fcmToken } : {}
}

/** Up to two initials of a name ('Lan Nguyễn' -> 'LN'), for avatars without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = Array.from(words[0])[0] ?? ''
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : ''
  return (first + last).toLocaleUpperCase()
}
