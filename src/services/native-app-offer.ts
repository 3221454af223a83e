/**
 * Mobile browsers (page width up to 500 px) are offered the native app: once per browser session
 * the app goes to /download-app, which can be dismissed back to where the visitor was.
 */
export const MOBILE_MAX_WIDTH = 500
const OFFERED_KEY = 'workroom.app-offered'
const EXEMPT_PATHS = ['/download-app', '/call-app', '/email-preview', '/api/', '/statecharts']

export function shouldOfferNativeApp(width: number, alreadyOffered: boolean, path: string): boolean {
  return width <= MOBILE_MAX_WIDTH && !alreadyOffered && !EXEMPT_PATHS.some((p) => path.startsWith(p))
}

/** Whether opening `path` now would offer the app (without using up this session's offer). */
export function nativeAppOfferDue(path: string): boolean {
  if (typeof window === 'undefined') return false
  return shouldOfferNativeApp(window.innerWidth, sessionStorage.getItem(OFFERED_KEY) === '1', path)
}

/** True once (per session) on a small screen: the caller then goes to /download-app. */
export function takeNativeAppOffer(path: string): boolean {
  if (!nativeAppOfferDue(path)) return false
  sessionStorage.setItem(OFFERED_KEY, '1')
  return true
}

/** Where the offer goes: a meeting or a call's room offers the app for calls (/call-app), anything else the app (/download-app). */
export const nativeAppOfferPage = (path: string): '/call-app' | '/download-app' =>
  path.startsWith('/call-open/') || path.startsWith('/room/') ? '/call-app' : '/download-app'
