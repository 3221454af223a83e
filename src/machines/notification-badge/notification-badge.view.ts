import { CHAT_BADGE_CAP, TITLE_ICON_MAX, type NotificationBadgeSnapshot, type NotificationItem } from './notification-badge.machine'

/** 0: the plain icon; 1 to 4: numbered; 5: the 5 icon (5 or more). */
export type TitleIcon = 0 | 1 | 2 | 3 | 4 | 5

export interface NotificationBadgeView {
  /** The red dot on the bell. */
  dot: boolean
  unread: number
  drawerOpen: boolean
  items: NotificationItem[]
  /** Mark-all-as-read has something to do. */
  canMarkAllSeen: boolean
  titleIcon: TitleIcon
  /** The chat icon's badge: null at 0, the number up to 10, '10+' above. */
  chatBadge: string | null
  chatUnread: number
}

export const titleIconOf = (count: number): TitleIcon => Math.max(0, Math.min(TITLE_ICON_MAX, Math.floor(count))) as TitleIcon

export const chatBadgeOf = (count: number): string | null => (count <= 0 ? null : count > CHAT_BADGE_CAP ? `${CHAT_BADGE_CAP}+` : String(count))

/** Pure: snapshot -> the header badges, the title icon and the drawer list. */
export function notificationBadgeView(snapshot: NotificationBadgeSnapshot): NotificationBadgeView {
  const { items, unread, titleCount, chatUnread } = snapshot.context
  return {
    dot: snapshot.matches({ dot: 'shown' }),
    unread,
    drawerOpen: snapshot.matches({ drawer: 'open' }),
    items,
    canMarkAllSeen: unread > 0 || items.some((item) => !item.is_seen),
    titleIcon: titleIconOf(titleCount),
    chatBadge: chatBadgeOf(chatUnread),
    chatUnread,
  }
}
