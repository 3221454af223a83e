import { FOCUS_REPEAT_MS } from '../../contract/push'
import { browserNotificationPermission } from './browser-notifications'
import { saveFcmToken } from './api/customer'
import { pushKey } from './api/notify'
import { apiErrorOf } from './http'
import { registerServiceWorker } from './service-worker'
import { currentSocket, onSocketConnect } from './socket'

/**
 * Browser push: the service worker (public/sw.js: shows pushes, opens their target on click,
 * keeps the app shell for offline), this device's Web Push subscription (saved with PUT
 * customer/update-fcm-token, forgotten at logout), and this window's focus, reported over the
 * socket so the server sends no push while any of the user's windows has the focus.
 */

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined'

/** A push clicked while a window of the app is open: the worker asks it to open the target (no reload). */
export function onPushOpened(handler: (open: { url: string; id: string | null }) => void): () => void {
  if (!supported()) return () => {}
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: string; url?: unknown; id?: unknown } | null
    if (data?.type === 'open-notification' && typeof data.url === 'string' && data.url.startsWith('/'))
      handler({ url: data.url, id: typeof data.id === 'string' ? data.id : null })
  }
  navigator.serviceWorker.addEventListener('message', listener)
  return () => navigator.serviceWorker.removeEventListener('message', listener)
}

const base64UrlToBytes = (value: string): Uint8Array<ArrayBuffer> => {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4)
  const raw = atob(padded)
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

let subscribed: string | null = null

/** This device's subscription string while it is saved on the server (then the server's pushes cover blurred windows). */
export const pushSubscriptionToken = () => subscribed

/**
 * Subscribes this device to pushes (when the user allowed notifications) and saves the
 * subscription for the signed-in user; answers the saved `fcm_token`, or null when this browser
 * cannot receive pushes (no permission, no push service).
 */
export async function subscribeToPush(): Promise<string | null> {
  if (!supported() || !('PushManager' in window) || browserNotificationPermission() !== 'granted') return null
  try {
    const registration = (await navigator.serviceWorker.getRegistration('/')) ?? (await registerServiceWorker())
    if (!registration) return null
    await navigator.serviceWorker.ready
    const { public_key } = await pushKey()
    let subscription = await registration.pushManager.getSubscription()
    const key = base64UrlToBytes(public_key)
    const sameKey = (s: PushSubscription) => {
      const current = s.options.applicationServerKey
      return current ? new Uint8Array(current).every((b, i) => b === key[i]) : false
    }
    if (subscription && !sameKey(subscription)) {
      await subscription.unsubscribe()
      subscription = null
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
    const token = JSON.stringify(subscription.toJSON())
    await saveFcmToken(token).catch((error: unknown) => {
      // Saved too often this hour (429, the server's PUSH_SUBSCRIPTION limit: every app start saves
      // it): an earlier save of this same subscription stands, so it is still sent at logout.
      if (apiErrorOf(error)?.status !== 429) throw error
    })
    subscribed = token
    return token
  } catch {
    // No push service reachable (e.g. a browser without one): in-tab notifications still work.
    subscribed = null
    return null
  }
}

/** Logged out: this device no longer has a saved subscription. */
export const forgetPushSubscription = () => {
  subscribed = null
}

/** Closes the pushes shown for these notifications (null: all of them), in the service worker. */
export async function closeShownPushes(ids: string[] | null): Promise<void> {
  if (!supported()) return
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined)
  registration?.active?.postMessage({ type: 'close-notifications', ids })
}

/**
 * A push shown by this tab itself (this browser has no push subscription): the service worker
 * shows it, unless a window of the app has the focus, so a click opens its target. Answers
 * whether it was shown; 'unavailable' when there is no worker to ask or it could not show it.
 */
export async function showPushInTab(push: { id: string; title: string; body: string; url: string }): Promise<boolean | 'unavailable'> {
  if (!supported() || browserNotificationPermission() !== 'granted') return 'unavailable'
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined)
  const worker = registration?.active
  if (!worker) return 'unavailable'
  const channel = new MessageChannel()
  const answer = new Promise<string>((resolve) => {
    channel.port1.onmessage = (event) => resolve(String((event.data as { outcome?: string } | null)?.outcome))
  })
  worker.postMessage({ type: 'show-notification', push }, [channel.port2])
  const outcome = await answer
  // The worker could not show it: the page's own notification then.
  return outcome === 'failed' ? 'unavailable' : outcome === 'shown'
}

/**
 * Reports this window's focus over the socket: on focus, blur, visibility change, every
 * (re)connection, and every FOCUS_REPEAT_MS while focused (the server counts a report for a while
 * only). Returns the stop.
 */
export function reportWindowFocus(): () => void {
  const focused = () => document.visibilityState === 'visible' && document.hasFocus()
  const report = () => currentSocket()?.emit('FOCUS', { focused: focused() })
  const onChange = () => report()
  window.addEventListener('focus', onChange)
  window.addEventListener('blur', onChange)
  document.addEventListener('visibilitychange', onChange)
  const stopConnect = onSocketConnect(report)
  const timer = setInterval(() => {
    if (focused()) report()
  }, FOCUS_REPEAT_MS)
  report()
  return () => {
    window.removeEventListener('focus', onChange)
    window.removeEventListener('blur', onChange)
    document.removeEventListener('visibilitychange', onChange)
    stopConnect()
    clearInterval(timer)
  }
}
