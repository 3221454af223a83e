import { useEffect, useMemo, useRef, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { notificationTarget } from '../../contract/notify-kinds'
import type { Notification } from '../../contract/notify'
import type { NotifySeenPayload } from '../../contract/push'
import {
  connect,
  notificationBadgeMachine,
  type MarkSeenInput,
  type NotificationBadgeEvent,
  type NotificationItem,
} from '../machines/notification-badge'
import {
  connect as connectPages,
  pagedListMachine,
  pagedListOf,
  type LoadPageInput,
  type PagedList,
  type PageOutput,
} from '../machines/paged-list'
import { pushAllowed, attentionEventOf } from './attention'
import { requestBrowserNotificationPermission, showBrowserNotification, useBrowserNotificationPermission } from './browser-notifications'
import { listNotifications, markAllNotificationsSeen, markNotificationSeen, unreadNotifications } from './api/notify'
import { notificationText } from './notification-text'
import { closeShownPushes, onPushOpened, pushSubscriptionToken, reportWindowFocus, showPushInTab, subscribeToPush } from './push'
import { sendSession } from './session'
import { onSocketConnect, onSocketEvent } from './socket'
import { showToast } from './toast'

/** A notification from the wire as the bell and the drawer keep it (with its click target). */
export const toItem = (n: Notification): NotificationItem => ({
  _id: n._id,
  is_seen: n.is_seen,
  created_at: n.created_at,
  notify_message: n.notify_message,
  customer: n.customer,
  target: notificationTarget(n),
  notifiable_type: n.notifiable_type,
  notifiable_id: n.notifiable_id,
  notify_message_json: n.notify_message_json,
  friend_status: n.friend_status,
  value: n.value,
  object_id: n.object_id,
})

const pushTitle = (notification: NotificationItem) => notification.customer?.name || 'Workroom'

const hasServiceWorker = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller)

/**
 * The notificationBadge machine as the sidebar layout runs it: the seen calls are the real
 * notify calls; a notification arriving while this window has the focus shows as a toast here
 * (the server sends no push then); while blurred, the server's push covers it when this device
 * has a push subscription, otherwise this tab shows a browser notification itself (only when the
 * user allowed them and their attention settings let it through: mute, level, do not disturb).
 * Failed notify calls are swallowed: the item stays read here and the
 * server's count corrects it on the next load.
 */
export const appNotificationBadgeMachine = notificationBadgeMachine.provide({
  actors: {
    markSeen: fromPromise<unknown, MarkSeenInput>(({ input }) => markNotificationSeen(input.notify_id).catch(() => null)),
    markAllSeen: fromPromise<unknown, void>(() => markAllNotificationsSeen().catch(() => null)),
  },
  actions: {
    showPush: (_, { notification }) => {
      if (pushSubscriptionToken()) return
      // Only what the user's attention settings let push (mute, level, do not disturb; "notify anyway" breaks through DND).
      if (!pushAllowed(attentionEventOf(notification))) return
      const push = {
        id: notification._id,
        title: pushTitle(notification),
        body: notificationText(notification),
        url: notification.target ?? '/',
      }
      const inPage = () => showBrowserNotification({ tag: push.id, title: push.title, body: push.body })
      if (!hasServiceWorker()) inPage()
      else
        void showPushInTab(push).then(
          (shown) => shown === 'unavailable' && inPage(),
          () => inPage(),
        )
    },
    showInApp: (_, { notification }) => {
      showToast({ tone: 'info', text: notificationText(notification) })
    },
  },
})

export interface NotificationFeed {
  /** GET notify/all-number. */
  unreadCount: () => Promise<number>
  /** The socket's `data` event; returns the unsubscribe. */
  onData: (handler: (notification: NotificationItem) => void) => () => void
  /** The socket's NOTIFY_SEEN event (read in another tab or device); returns the unsubscribe. */
  onSeenElsewhere?: (handler: (payload: NotifySeenPayload) => void) => () => void
  /** The socket's every (re)connection; returns the unsubscribe. */
  onConnect?: (handler: () => void) => () => void
}

const appFeed: NotificationFeed = {
  unreadCount: unreadNotifications,
  onData: (handler) => onSocketEvent('data', (n) => handler(toItem(n))),
  onSeenElsewhere: (handler) => onSocketEvent('NOTIFY_SEEN', handler),
  onConnect: onSocketConnect,
}

/**
 * Feeds the machine what it hears from outside: the count (at once; again at each socket
 * connection, since what came while the socket was away or still connecting came to no socket;
 * and after each notification, whose own +1 a count read around it may or may not hold),
 * socket `data` and NOTIFY_SEEN, window focus and blur.
 */
export function connectNotificationBadge(send: (event: NotificationBadgeEvent) => void, feed: NotificationFeed = appFeed): () => void {
  let live = true
  // One count on its way at a time; asked for again meanwhile, its answer (read before) is dropped and the count read once more.
  let reading = false
  let again = false
  const readCount = () => {
    if (!live) return
    if (reading) {
      again = true
      return
    }
    reading = true
    const settle = (count: number | null) => {
      reading = false
      if (again) {
        again = false
        readCount()
      } else if (count !== null && live) send({ type: 'UNREAD_COUNT', count })
    }
    feed.unreadCount().then(settle, () => settle(null))
  }
  readCount()
  const stopConnect = feed.onConnect?.(readCount) ?? (() => {})
  const stopData = feed.onData((notification) => {
    send({ type: 'DATA', notification })
    // The server's count decides: a count read before this was stored lacks it, one read after it came counts it already.
    readCount()
  })
  const stopSeen =
    feed.onSeenElsewhere?.((payload) => {
      send({ type: 'SEEN_ELSEWHERE', ids: payload.ids, count: payload.notification })
      // Read anywhere: the pushes shown on this device for it close too.
      void closeShownPushes(payload.ids)
    }) ?? (() => {})
  const onFocus = () => send({ type: 'FOCUS' })
  const onBlur = () => send({ type: 'BLUR' })
  window.addEventListener('focus', onFocus)
  window.addEventListener('blur', onBlur)
  if (!document.hasFocus()) onBlur()
  return () => {
    live = false
    stopConnect()
    stopData()
    stopSeen()
    window.removeEventListener('focus', onFocus)
    window.removeEventListener('blur', onBlur)
  }
}

/** Subscribes this device to pushes once notifications are allowed; the session sends the token at logout. */
function usePushSubscription(meId: string, permission: string) {
  useEffect(() => {
    if (!meId || permission !== 'granted') return
    let live = true
    void subscribeToPush().then((token) => {
      if (live && token) sendSession({ type: 'SET_FCM_TOKEN', token })
    })
    return () => {
      live = false
    }
  }, [meId, permission])
  useEffect(() => (meId ? reportWindowFocus() : undefined), [meId])
}

/**
 * The sidebar layout's notification badge: the machine hears the count, socket `data` and
 * NOTIFY_SEEN and the window's focus; its paged list loads the drawer's
 * pages (from 1, on opening and when its list is scrolled to the end). Returns the bell's, the
 * drawer's (with the browser notification permission and paging) and the tab icon's props.
 */
export function useNotificationBadge(meId: string, feed?: NotificationFeed) {
  const navigate = useNavigate()
  const go = useRef(navigate)
  useEffect(() => {
    go.current = navigate
  })
  const [badgeMachine] = useState(() =>
    appNotificationBadgeMachine.provide({
      actions: {
        openTarget: (_, { target }) => {
          if (target) void go.current({ href: target })
        },
      },
    }),
  )
  const actor = useActorRef(badgeMachine, { input: {} })
  const [pagesMachine] = useState(() => {
    // Each page goes on to the badge as it comes (the items the list did not hold yet).
    let delivered = 0
    return pagedListMachine.provide({
      actors: {
        loadPage: fromPromise<PageOutput, LoadPageInput>(async ({ input }) => (await listNotifications(input.page)).map(toItem)),
      },
      actions: {
        report: (_, { list }: { list: PagedList }) => {
          if (list.items.length <= delivered) return
          actor.send({ type: 'LOADED', items: list.items.slice(delivered) as NotificationItem[] })
          delivered = list.items.length
        },
      },
    })
  })
  const pages = useActorRef(pagesMachine, { input: { query: {}, lazy: true } })
  useEffect(() => connectNotificationBadge(actor.send, feed), [actor, feed])
  // A push clicked: its target opens here and it is marked read.
  useEffect(
    () =>
      onPushOpened(({ url, id }) => {
        void go.current({ href: url })
        if (id) void markNotificationSeen(id).catch(() => null)
      }),
    [],
  )
  const permission = useBrowserNotificationPermission()
  usePushSubscription(meId, permission)
  const snapshot = useSelector(actor, (s) => s)
  const pagesSnapshot = useSelector(pages, (s) => s)
  const open = snapshot.matches({ drawer: 'open' })
  // Opening the drawer loads the first page (or retries a failed one).
  useEffect(() => {
    const list = pagedListOf(pages.getSnapshot())
    if (open && (list.state === 'waiting' || list.state === 'failed' || list.error !== null)) pages.send({ type: 'LOAD_MORE' })
  }, [open, pages])
  return useMemo(() => {
    const props = connect(snapshot, actor.send)
    return {
      ...props,
      drawer: {
        ...props.drawer,
        permission,
        onEnableBrowserNotifications: () => void requestBrowserNotificationPermission(),
        pages: connectPages(pagesSnapshot, pages.send),
      },
    }
  }, [snapshot, actor, permission, pagesSnapshot, pages])
}
