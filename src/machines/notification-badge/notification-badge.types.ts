import type { Notification, NotificationActor, NotifySeenBody } from '../../../contract/notify'
import type { NotificationFilter } from '../../../contract/notify-kinds'

/** A notification as the bell and the drawer show it. */
export interface NotificationItem extends Pick<Notification, '_id' | 'is_seen' | 'created_at' | 'notify_message'> {
  customer?: Pick<NotificationActor, 'name' | 'photo_url'> | null
  /** The app path a click opens (contract notificationTarget). */
  target?: string
  /** What it is about, for the words in the reader's language and the friend-request buttons. */
  notifiable_type?: Notification['notifiable_type']
  notifiable_id?: string | null
  notify_message_json?: Notification['notify_message_json']
  friend_status?: Notification['friend_status']
  /** The topic and urgency a mention carries: the attention rules (mute, level, do not disturb) read them. */
  value?: Notification['value']
  object_id?: string | null
}

export interface NotificationBadgeInput {
  /** GET notify/all-number at start. */
  unread?: number
}

export interface NotificationBadgeContext {
  /** Newest first. */
  items: NotificationItem[]
  /** Unread notifications. */
  unread: number
  /** Notifications that arrived while the window was blurred: the title icon's number. */
  titleCount: number
  /** What the drawer shows: every notification, the mentions or the friend requests (contract inNotificationFilter). */
  filter: NotificationFilter
}

export type NotificationBadgeEvent =
  /** The socket `data` event: a new notification. */
  | { type: 'DATA'; notification: NotificationItem }
  /** GET notify/all-number. */
  | { type: 'UNREAD_COUNT'; count: number }
  /** GET notify (page 1), newest first. */
  | { type: 'LOADED'; items: NotificationItem[] }
  | { type: 'OPEN_DRAWER' }
  | { type: 'CLOSE_DRAWER' }
  /** The drawer's filter tab: All, Mentions or Requests. */
  | { type: 'FILTER'; filter: NotificationFilter }
  | { type: 'SEEN'; id: string }
  | { type: 'SEEN_ALL' }
  /** The item was answered in place (a friend request accepted or rejected): the server removed it. */
  | { type: 'REMOVED'; id: string }
  /** A friend request accepted in place: the item stays, now saying you are friends (friend_status 3). */
  | { type: 'FRIEND_ACCEPTED'; id: string }
  /** A click on an item: it is marked read and its target opens (the drawer closes). */
  | { type: 'OPEN'; id: string }
  /** Socket NOTIFY_SEEN: read on another tab or device (ids null: all); the unread count after it. */
  | { type: 'SEEN_ELSEWHERE'; ids: string[] | null; count: number }
  | { type: 'FOCUS' }
  | { type: 'BLUR' }

/** PUT notify/seen. */
export type MarkSeenInput = NotifySeenBody

/** 0: the plain icon; 1 to 4: numbered; 5: the 5 icon (5 or more). */
export type TitleIcon = 0 | 1 | 2 | 3 | 4 | 5
