import { z } from 'zod'
import { objectId, pageNumber } from './common'

/**
 * Notifications. A notification belongs to
 * the user it is for; `customer` is the person whose action caused it (null for system notices
 * such as a failed payment).
 */
export const NOTIFIABLE_TYPES = ['friend', 'todo', 'tag_message', 'calendar', 'payment', 'booking', 'call', 'scheduled'] as const
export const notifiableType = z.enum(NOTIFIABLE_TYPES)
export type NotifiableType = z.infer<typeof notifiableType>

/** 0 and 2 stranger, 1 requested, 3 friend (the friend status). */
export const friendStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
export type FriendStatus = z.infer<typeof friendStatus>

/** `value`: what the notification is about; every key is optional and depends on the kind. */
export const notificationValue = z.looseObject({
  key: z.string().optional(),
  value: z.unknown().optional(),
  deadline: z.string().nullable().optional(),
  booking: z.looseObject({ calendar: z.looseObject({ name: z.string() }).optional() }).optional(),
  stripe: z.record(z.string(), z.unknown()).optional(),
  topic_id: z.string().optional(),
  /** The sender chose "notify anyway": it breaks through do not disturb. */
  urgent: z.boolean().optional(),
  /** A mention or keyword in a thread reply: the thread's root. */
  thread_root_id: z.string().optional(),
})
export type NotificationValue = z.infer<typeof notificationValue>

/** `notify_message_json`: a message key (for the client's own wording) and its values. */
export const notifyMessageJson = z.object({
  key: z.string(),
  value: z.looseObject({ title: z.string().optional() }),
})
export type NotifyMessageJson = z.infer<typeof notifyMessageJson>

export const notificationActor = z.object({
  _id: z.string(),
  name: z.string(),
  photo_url: z.string().nullable(),
  workid: z.string(),
})
export type NotificationActor = z.infer<typeof notificationActor>

export const notification = z.object({
  _id: z.string(),
  is_seen: z.boolean(),
  /** ISO time the notification was made. */
  created_at: z.string(),
  /** ISO time of what it is about (a reminder's or booking's time); created_at when there is none. */
  time: z.string(),
  notifiable_type: notifiableType,
  notifiable_id: z.string().nullable(),
  object_id: z.string().nullable(),
  value: notificationValue.nullable(),
  customer: notificationActor.nullable(),
  notify_message: z.string(),
  notify_message_json: notifyMessageJson.nullable(),
  friend_status: friendStatus.nullable(),
})
export type Notification = z.infer<typeof notification>

/** GET notify?page=N: 20 per page, newest first. */
export const notifyListQuery = z.object({
  page: pageNumber,
})
export type NotifyListQuery = z.infer<typeof notifyListQuery>

/** GET notify/all-number -> result.notification: the caller's unread notifications. */
export const notifyCount = z.object({ notification: z.number().int().min(0) })
export type NotifyCount = z.infer<typeof notifyCount>

/** PUT notify/seen. */
export const notifySeenBody = z.strictObject({ notify_id: objectId })
export type NotifySeenBody = z.infer<typeof notifySeenBody>

/** What a server domain passes to `notify(userId, input)`. */
export interface NotifyInput {
  type: NotifiableType
  message: string
  /** The user whose action caused it. */
  actorId?: string | null
  notifiableId?: string | null
  objectId?: string | null
  value?: NotificationValue | null
  messageJson?: NotifyMessageJson | null
  friendStatus?: FriendStatus | null
  time?: Date | null
}
