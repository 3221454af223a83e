import { endpoints } from '../../../contract/endpoints'
import { call } from '../http'

/**
 * The notify calls (contract/endpoints.ts, tag 'notify'). Failures of notification calls are
 * swallowed silently (no toast); the callers decide what a failure means.
 */
const quiet = { quiet: true }

/** GET notify?page=N: 20 per page, newest first. */
export const listNotifications = (page = 1) => call(endpoints.notify, { page }, quiet)

/** GET notify/all-number -> result.notification. */
export const unreadNotifications = async () => (await call(endpoints.notifyCount, undefined, quiet)).notification

/** PUT notify/seen {notify_id}. */
export const markNotificationSeen = (notifyId: string) => call(endpoints.notifySeen, { notify_id: notifyId }, quiet)

/** PUT notify/seen-all. */
export const markAllNotificationsSeen = () => call(endpoints.notifySeenAll, undefined, quiet)

/** GET notify/push-key: the server's VAPID public key for this device's Web Push subscription. */
export const pushKey = () => call(endpoints.pushKey, undefined, quiet)
