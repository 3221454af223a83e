import { useSyncExternalStore } from 'react'

/**
 * The browser's Notification API: a notification is shown only when the user granted permission,
 * and permission is only ever asked from a button the user pressed (never on load).
 */
export type BrowserNotificationPermission = NotificationPermission | 'unsupported'

const supported = () => typeof window !== 'undefined' && 'Notification' in window

export const browserNotificationPermission = (): BrowserNotificationPermission => (supported() ? Notification.permission : 'unsupported')

const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

/** Asks for permission (call it from a click); answers the permission afterwards. */
export async function requestBrowserNotificationPermission(): Promise<BrowserNotificationPermission> {
  if (!supported()) return 'unsupported'
  try {
    await Notification.requestPermission()
  } catch {
    // Very old browsers take a callback instead; the permission below is what counts.
  }
  changed()
  return browserNotificationPermission()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  // The user may change it in the browser's site settings meanwhile.
  if (typeof window !== 'undefined') window.addEventListener('focus', listener)
  return () => {
    listeners.delete(listener)
    if (typeof window !== 'undefined') window.removeEventListener('focus', listener)
  }
}

export const useBrowserNotificationPermission = (): BrowserNotificationPermission =>
  useSyncExternalStore(subscribe, browserNotificationPermission, () => 'unsupported' as const)

export interface BrowserNotificationContent {
  /** Groups repeats of the same item into one notification. */
  tag: string
  title: string
  body: string
  icon?: string
}

/** Shows a browser notification when permission was granted; clicking it brings the tab back. */
export function showBrowserNotification({ tag, title, body, icon = '/favicon.svg' }: BrowserNotificationContent): boolean {
  if (browserNotificationPermission() !== 'granted') return false
  try {
    const shown = new Notification(title, { body, tag, icon })
    shown.onclick = () => {
      window.focus()
      shown.close()
    }
    return true
  } catch {
    // Some mobile browsers only show notifications through a service worker.
    return false
  }
}
