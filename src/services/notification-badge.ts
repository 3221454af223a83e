import { useCallback, useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { connect, notificationBadgeMachine, type MarkSeenInput, type NotificationBadgeEvent, type NotificationItem } from '../machines/notification-badge'
import { showNotificationPush } from './attention'
import { requestBrowserNotificationPermission, useBrowserNotificationPermission } from './browser-notifications'
import { listNotifications, markAllNotificationsSeen, markNotificationSeen, unreadNotifications } from './notify'
import { onSocketEvent } from './socket'
import { useUnreadChats } from './unread-chats'

/**
 * The notificationBadge machine as the sidebar layout runs it: the seen calls are the real
 * notify calls, a push is a browser notification (only when the user allowed them and their
 * attention settings let it through; the machine decides it is only while the window is blurred). Failed notify calls are swallowed: the item
 * stays read here and the server's count corrects it on the next load.
 */
export const appNotificationBadgeMachine = notificationBadgeMachine.provide({
  actors: {
    markSeen: fromPromise<unknown, MarkSeenInput>(({ input }) => markNotificationSeen(input.notify_id).catch(() => null)),
    markAllSeen: fromPromise<unknown, void>(() => markAllNotificationsSeen().catch(() => null)),
  },
  actions: {
    // Only what the user's attention settings let push (mute, level, do not disturb; "notify anyway" breaks through DND).
    showPush: (_, { notification }) => showNotificationPush(notification, { title: pushTitle(notification), body: notification.notify_message }),
  },
})

const pushTitle = (notification: NotificationItem) => notification.customer?.name || 'Workroom'

export interface NotificationFeed {
  /** GET notify/all-number. */
  unreadCount: () => Promise<number>
  /** GET notify, page 1. */
  firstPage: () => Promise<NotificationItem[]>
  /** The socket's `data` event; returns the unsubscribe. */
  onData: (handler: (notification: NotificationItem) => void) => () => void
}

const appFeed: NotificationFeed = {
  unreadCount: unreadNotifications,
  firstPage: () => listNotifications(1),
  onData: (handler) => onSocketEvent('data', handler),
}

/** Feeds the machine what it hears from outside: the counts and first page, socket `data`, window focus and blur. */
export function connectNotificationBadge(send: (event: NotificationBadgeEvent) => void, feed: NotificationFeed = appFeed): () => void {
  let live = true
  feed.unreadCount().then(
    (count) => live && send({ type: 'UNREAD_COUNT', count }),
    () => {},
  )
  feed.firstPage().then(
    (items) => live && send({ type: 'LOADED', items }),
    () => {},
  )
  const stopData = feed.onData((notification) => send({ type: 'DATA', notification }))
  const onFocus = () => send({ type: 'FOCUS' })
  const onBlur = () => send({ type: 'BLUR' })
  window.addEventListener('focus', onFocus)
  window.addEventListener('blur', onBlur)
  if (!document.hasFocus()) onBlur()
  return () => {
    live = false
    stopData()
    window.removeEventListener('focus', onFocus)
    window.removeEventListener('blur', onBlur)
  }
}

/**
 * The sidebar layout's notification badge: the machine hears the counts, the first page, socket
 * `data`, the window's focus and the user's unread chats. Returns the bell's, the drawer's (with
 * the browser notification permission), the tab icon's and the chat badge's props.
 */
export function useNotificationBadge(meId: string, feed?: NotificationFeed) {
  const actor = useActorRef(appNotificationBadgeMachine, { input: {} })
  useEffect(() => connectNotificationBadge(actor.send, feed), [actor, feed])
  useUnreadChats(meId, useCallback((count: number) => actor.send({ type: 'CHAT_UNREAD', count }), [actor]))
  const permission = useBrowserNotificationPermission()
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => {
    const props = connect(snapshot, actor.send)
    return { ...props, drawer: { ...props.drawer, permission, onEnableBrowserNotifications: () => void requestBrowserNotificationPermission() } }
  }, [snapshot, actor, permission])
}
