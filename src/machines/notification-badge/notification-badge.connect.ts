import { inNotificationFilter, NOTIFICATION_FILTERS, type NotificationFilter } from '../../../contract/notify-kinds'
import { TITLE_ICON_MAX, type NotificationBadgeSnapshot } from './notification-badge.machine'
import type { NotificationBadgeEvent, NotificationItem, TitleIcon } from './notification-badge.types'

export const titleIconOf = (count: number): TitleIcon => Math.max(0, Math.min(TITLE_ICON_MAX, Math.floor(count))) as TitleIcon

/** The header's notification button. */
export interface NotificationBellConnect {
  /** The red dot on the bell. */
  dot: boolean
  unread: number
  drawerOpen: boolean
  onOpen: () => void
}

/** The notification drawer and its list. */
export interface NotificationDrawerConnect {
  open: boolean
  /** The filter's notifications, newest first. */
  items: NotificationItem[]
  /** The filters, in tab order, and the one shown. */
  filters: readonly NotificationFilter[]
  filter: NotificationFilter
  onFilter: (filter: NotificationFilter) => void
  unread: number
  /** Mark-all-as-read has something to do. */
  canMarkAllSeen: boolean
  onClose: () => void
  onSeen: (id: string) => void
  onSeenAll: () => void
  /** A click on an item: marks it read and opens its target. */
  onOpen: (id: string) => void
  /** The item was answered in place (a friend request accepted or rejected): it leaves the list. */
  onRemoved: (id: string) => void
  /** A friend request accepted in place: it stays, saying you are now friends. */
  onFriendAccepted: (id: string) => void
}

export interface NotificationBadgeProps {
  bell: NotificationBellConnect
  drawer: NotificationDrawerConnect
  /** The browser tab's icon. */
  titleIcon: { icon: TitleIcon }
}

/** Pure: snapshot and send -> the bell's, the drawer's and the tab icon's props. */
export function connect(snapshot: NotificationBadgeSnapshot, send: (event: NotificationBadgeEvent) => void): NotificationBadgeProps {
  const { items, unread, titleCount, filter } = snapshot.context
  const drawerOpen = snapshot.matches({ drawer: 'open' })
  return {
    bell: { dot: snapshot.matches({ dot: 'shown' }), unread, drawerOpen, onOpen: () => send({ type: 'OPEN_DRAWER' }) },
    drawer: {
      open: drawerOpen,
      items: items.filter((item) => inNotificationFilter(filter, item)),
      filters: NOTIFICATION_FILTERS,
      filter,
      onFilter: (next) => send({ type: 'FILTER', filter: next }),
      unread,
      canMarkAllSeen: unread > 0 || items.some((item) => !item.is_seen),
      onClose: () => send({ type: 'CLOSE_DRAWER' }),
      onSeen: (id) => send({ type: 'SEEN', id }),
      onRemoved: (id) => send({ type: 'REMOVED', id }),
      onFriendAccepted: (id) => send({ type: 'FRIEND_ACCEPTED', id }),
      onSeenAll: () => send({ type: 'SEEN_ALL' }),
      onOpen: (id) => send({ type: 'OPEN', id }),
    },
    titleIcon: { icon: titleIconOf(titleCount) },
  }
}
