import type { Notification, NotifyCount } from '../../contract/notify'
import { API } from '../../contract/routes'
import { http, unwrap } from './http'

/**
 * The notify calls (contract/notify.ts). Spec section 8: failures of notification calls are
 * swallowed silently (no toast); the callers decide what a failure means.
 */
const quiet = { context: { quiet: true } }

/** GET notify?page=N: 20 per page, newest first. */
export const listNotifications = (page = 1) =>
  unwrap(http.get(API.notify, { ...quiet, searchParams: { page } }).json<{ result: Notification[] }>())

/** GET notify/all-number -> result.notification. */
export const unreadNotifications = async () => (await unwrap(http.get(API.notifyCount, quiet).json<{ result: NotifyCount }>())).notification

/** PUT notify/seen {notify_id}. */
export const markNotificationSeen = (notifyId: string) =>
  unwrap(http.put(API.notifySeen, { ...quiet, json: { notify_id: notifyId } }).json<{ result: NotifyCount }>())

/** PUT notify/seen-all. */
export const markAllNotificationsSeen = () => unwrap(http.put(API.notifySeenAll, quiet).json<{ result: NotifyCount }>())
