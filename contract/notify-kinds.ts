import { z } from 'zod'
import type { Language } from './common'
import type { NotifiableType, NotificationValue, NotifyMessageJson } from './notify'

/**
 * Every kind of notification the product sends (spec sections 3, 4): what a server domain passes to
 * `notify(userId, event)`, a discriminated union on `kind`. The kind is also the message key of
 * `notify_message_json` (the client words it in the reader's language from the key and values);
 * `notify_message` is the same text in the recipient's language, for clients that do not know the key.
 */
export const NOTIFY_KINDS = [
  'friend_request',
  'friend_accepted',
  'tag_message',
  'todo',
  'todo_changed',
  'todo_due',
  'calendar_approve',
  'calendar_reject',
  'calendar_notification',
  'calendar_assign',
  'calendar_done',
  'calendar_failed',
  'calendar_canceled',
  'booking_request',
  'booking_approved',
  'booking_rejected',
  'booking_canceled',
  'booking_remind',
  'payment_failed',
  'subscription_expire',
  'subscription_past_due',
  'subscription_payment_failed',
  'missed_call',
  'scheduled_failed',
] as const
export type NotifyKind = (typeof NOTIFY_KINDS)[number]
export const notifyKind = z.enum(NOTIFY_KINDS)

const when = z.date()

const bookingEvent = <K extends NotifyKind>(kind: K) =>
  z.object({ kind: z.literal(kind), actorId: z.string().nullable(), bookingId: z.string(), calendarName: z.string(), time: when })
const subscriptionEvent = <K extends NotifyKind>(kind: K) =>
  z.object({ kind: z.literal(kind), subscriptionId: z.string(), plan: z.string(), time: when })

/**
 * The typed input of each kind (actorId: the person whose action caused it). Written out call by
 * call, without spreads or .map(): the SPA's build drops unused schemas only when they are plain
 * calls (vite.client-contract.ts).
 */
export const notifyEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('friend_request'), actorId: z.string() }),
  z.object({ kind: z.literal('friend_accepted'), actorId: z.string() }),
  z.object({
    kind: z.literal('tag_message'),
    actorId: z.string(),
    messageId: z.string(),
    topicId: z.string(),
    topicName: z.string(),
    excerpt: z.string(),
    /** A mention in a thread reply: the thread's root (the notification opens the thread). */
    threadRootId: z.string().optional(),
  }),
  z.object({ kind: z.literal('todo'), actorId: z.string().nullable(), todoId: z.string(), title: z.string(), deadline: when.nullable() }),
  z.object({ kind: z.literal('todo_changed'), actorId: z.string(), todoId: z.string(), title: z.string(), deadline: when.nullable() }),
  z.object({ kind: z.literal('todo_due'), todoId: z.string(), title: z.string(), deadline: when }),
  z.object({ kind: z.literal('calendar_approve'), actorId: z.string(), calendarId: z.string(), title: z.string() }),
  z.object({ kind: z.literal('calendar_reject'), actorId: z.string(), calendarId: z.string(), title: z.string() }),
  z.object({
    kind: z.literal('calendar_notification'),
    calendarId: z.string(),
    title: z.string(),
    time: when,
    /** The message a reminder is about, where it is: the notification opens the chat on it. */
    message: z.object({ topicId: z.string(), seq: z.number() }).nullable().optional(),
  }),
  z.object({ kind: z.literal('calendar_assign'), actorId: z.string(), calendarId: z.string(), title: z.string(), time: when }),
  z.object({ kind: z.literal('calendar_done'), actorId: z.string(), calendarId: z.string(), title: z.string() }),
  z.object({ kind: z.literal('calendar_failed'), actorId: z.string(), calendarId: z.string(), title: z.string() }),
  z.object({ kind: z.literal('calendar_canceled'), actorId: z.string(), calendarId: z.string(), title: z.string() }),
  bookingEvent('booking_request'),
  bookingEvent('booking_approved'),
  bookingEvent('booking_rejected'),
  bookingEvent('booking_canceled'),
  bookingEvent('booking_remind'),
  z.object({ kind: z.literal('payment_failed'), paymentId: z.string(), amount: z.string() }),
  subscriptionEvent('subscription_expire'),
  subscriptionEvent('subscription_past_due'),
  subscriptionEvent('subscription_payment_failed'),
  z.object({
    kind: z.literal('missed_call'),
    actorId: z.string(),
    callId: z.string(),
    topicId: z.string(),
    isVideo: z.boolean(),
    time: when,
  }),
  z.object({ kind: z.literal('scheduled_failed'), scheduledId: z.string(), topicId: z.string(), topicName: z.string(), time: when }),
])
export type NotifyEvent = z.infer<typeof notifyEvent>
export type NotifyEventOf<K extends NotifyKind> = Extract<NotifyEvent, { kind: K }>

/** Which notifiable_type (the wire's coarse kind) each kind is stored as. */
export const NOTIFIABLE_TYPE_OF: Record<NotifyKind, NotifiableType> = {
  friend_request: 'friend',
  friend_accepted: 'friend',
  tag_message: 'tag_message',
  todo: 'todo',
  todo_changed: 'todo',
  todo_due: 'todo',
  calendar_approve: 'calendar',
  calendar_reject: 'calendar',
  calendar_notification: 'calendar',
  calendar_assign: 'calendar',
  calendar_done: 'calendar',
  calendar_failed: 'calendar',
  calendar_canceled: 'calendar',
  booking_request: 'booking',
  booking_approved: 'booking',
  booking_rejected: 'booking',
  booking_canceled: 'booking',
  booking_remind: 'booking',
  payment_failed: 'payment',
  subscription_expire: 'payment',
  subscription_past_due: 'payment',
  subscription_payment_failed: 'payment',
  missed_call: 'call',
  scheduled_failed: 'scheduled',
}

/**
 * The words of each kind, in both languages: `{name}` the actor, `{title}` what it is about,
 * `{time}` when (HH:mm DD/MM). The client has the same wording in its Lingui catalog; this table
 * is the server's fallback `notify_message` in the recipient's language (and the push's text).
 */
export const NOTIFY_TEXTS = {
  friend_request: { en: '{name} sent you a friend request', vi: '{name} đã gửi cho bạn lời mời kết bạn' },
  friend_accepted: { en: '{name} accepted your friend request', vi: '{name} đã chấp nhận lời mời kết bạn của bạn' },
  tag_message: { en: '{name} mentioned you in {title}', vi: '{name} đã nhắc đến bạn trong {title}' },
  todo: { en: 'New task: {title}', vi: 'Công việc mới: {title}' },
  todo_changed: { en: '{name} changed the task {title}', vi: '{name} đã thay đổi công việc {title}' },
  todo_due: { en: 'Task due: {title} at {time}', vi: 'Đến hạn công việc: {title} lúc {time}' },
  calendar_approve: { en: '{name} accepted {title}', vi: '{name} đã đồng ý tham gia {title}' },
  calendar_reject: { en: '{name} declined {title}', vi: '{name} đã từ chối tham gia {title}' },
  calendar_notification: { en: 'Reminder: {title} at {time}', vi: 'Nhắc lịch: {title} lúc {time}' },
  calendar_assign: { en: '{name} assigned you {title}, due {time}', vi: '{name} đã giao cho bạn {title}, hạn {time}' },
  calendar_done: { en: '{name} finished {title}', vi: '{name} đã hoàn thành {title}' },
  calendar_failed: { en: '{name} could not finish {title}', vi: '{name} không hoàn thành được {title}' },
  calendar_canceled: { en: '{name} canceled the task {title}', vi: '{name} đã hủy công việc {title}' },
  booking_request: { en: 'New booking request for {title} at {time}', vi: 'Yêu cầu đặt lịch mới cho {title} lúc {time}' },
  booking_approved: { en: 'Your booking for {title} at {time} was approved', vi: 'Lịch hẹn {title} của bạn lúc {time} đã được xác nhận' },
  booking_rejected: { en: 'Your booking for {title} at {time} was declined', vi: 'Lịch hẹn {title} của bạn lúc {time} đã bị từ chối' },
  booking_canceled: { en: 'The booking for {title} at {time} was canceled', vi: 'Lịch hẹn {title} lúc {time} đã bị hủy' },
  booking_remind: { en: 'Reminder: booking for {title} at {time}', vi: 'Nhắc lịch hẹn: {title} lúc {time}' },
  payment_failed: { en: 'Your payment of {title} failed', vi: 'Khoản thanh toán {title} của bạn không thành công' },
  subscription_expire: { en: 'Your {title} plan expires on {time}', vi: 'Gói {title} của bạn sẽ hết hạn lúc {time}' },
  subscription_past_due: {
    en: 'Your {title} plan is past due, please pay to keep it',
    vi: 'Gói {title} của bạn đã quá hạn thanh toán, vui lòng thanh toán để tiếp tục sử dụng',
  },
  subscription_payment_failed: {
    en: 'Renewing your {title} plan failed; it is canceled if it still fails within 5 days',
    vi: 'Gia hạn gói {title} không thành công. Gói sẽ bị hủy nếu trong 5 ngày tới vẫn không gia hạn được.',
  },
  missed_call: { en: 'You missed a call from {name} at {time}', vi: 'Bạn có cuộc gọi nhỡ từ {name} lúc {time}' },
  scheduled_failed: {
    en: 'Your scheduled message to {title} for {time} could not be sent',
    vi: 'Không gửi được tin nhắn hẹn giờ tới {title} lúc {time}',
  },
} as const satisfies Record<NotifyKind, Record<Language, string>>

/** The values a kind's words take (`notify_message_json.value`). */
export type NotifyTextValues = {
  name?: string
  title?: string
  /** ISO time. */
  time?: string
}

/** HH:mm DD/MM (spec section 9's reminder format), in UTC on the server and local time on the client. */
function shortTime(iso: string, utc: boolean): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  const two = (n: number) => String(n).padStart(2, '0')
  const [h, m, day, month] = utc
    ? [d.getUTCHours(), d.getUTCMinutes(), d.getUTCDate(), d.getUTCMonth() + 1]
    : [d.getHours(), d.getMinutes(), d.getDate(), d.getMonth() + 1]
  return `${two(h)}:${two(m)} ${two(day)}/${two(month)}`
}

/** A kind's words in a language with its values filled in (the server's `notify_message`). */
export function notifyText(kind: NotifyKind, language: Language, values: NotifyTextValues, opts: { utc?: boolean } = {}): string {
  const filled: Record<string, string> = {
    name: values.name ?? '',
    title: values.title ?? '',
    time: values.time ? shortTime(values.time, opts.utc ?? true) : '',
  }
  return NOTIFY_TEXTS[kind][language].replace(/\{(name|title|time)\}/g, (_, key: string) => filled[key] ?? '')
}

export const isNotifyKind = (key: unknown): key is NotifyKind =>
  typeof key === 'string' && (NOTIFY_KINDS as readonly string[]).includes(key)

/** What a notification's click opens, from the fields every notification has on the wire. */
export interface TargetSource {
  notifiable_type: NotifiableType
  notifiable_id: string | null
  object_id: string | null
  value: NotificationValue | null
  notify_message_json: NotifyMessageJson | null
  customer: { workid: string } | null
}

/**
 * The route a notification opens (an app path). Friend requests: the contact requests page; an
 * accepted request: the 1:1 chat with that person (/{workid}); a mention: its topic's chat; to-dos:
 * the to-dos page (/todo); calendar entries: the entry's page (/calendar/{id}); bookings: the bookings page
 * (/calendar/booked: a request to approve, or one's own booking decided); payments and subscriptions:
 * the billing page.
 */
export function notificationTarget(n: TargetSource): string {
  const key = n.notify_message_json?.key
  if (key === 'friend_accepted' && n.customer) return `/${n.customer.workid}`
  switch (n.notifiable_type) {
    case 'friend':
      return '/contact'
    case 'tag_message': {
      const topicId = n.value?.topic_id ?? n.object_id
      if (topicId && n.value?.thread_root_id)
        return `/chat/${encodeURIComponent(topicId)}/thread/${encodeURIComponent(n.value.thread_root_id)}`
      return topicId ? `/chat/${encodeURIComponent(topicId)}` : '/chat'
    }
    case 'todo':
      return '/todo'
    case 'calendar':
      // A reminder about a message opens the chat on that message.
      if (n.value?.topic_id && typeof n.value.seq === 'number') return `/chat/${encodeURIComponent(n.value.topic_id)}?seq=${n.value.seq}`
      return n.object_id ? `/calendar/${encodeURIComponent(n.object_id)}` : '/calendar'
    case 'booking':
      return '/calendar/booked'
    case 'payment':
      return '/account/manage-payment'
    case 'call': {
      const topicId = n.value?.topic_id ?? n.object_id
      return topicId ? `/chat/${encodeURIComponent(topicId)}` : '/chat'
    }
    case 'scheduled':
      return '/chat/scheduled'
  }
}

/** The drawer's filters: every notification, the mentions, the friend requests. */
export const NOTIFICATION_FILTERS = ['all', 'mentions', 'requests'] as const
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number]

/** The kinds each filter but 'all' shows. */
export const NOTIFICATION_FILTER_KINDS: Record<Exclude<NotificationFilter, 'all'>, readonly NotifyKind[]> = {
  mentions: ['tag_message'],
  requests: ['friend_request'],
}

/** What tells a notification's kind. */
export interface KindSource {
  notifiable_type?: NotifiableType
  notify_message_json?: NotifyMessageJson | null
}

/**
 * A notification's kind: its message key when that is a kind, otherwise the only kind stored as its
 * notifiable_type (a mention); null when that does not tell.
 */
export function notifyKindOf(n: KindSource): NotifyKind | null {
  const key = n.notify_message_json?.key
  if (isNotifyKind(key)) return key
  const kinds = NOTIFY_KINDS.filter((kind) => NOTIFIABLE_TYPE_OF[kind] === n.notifiable_type)
  return kinds.length === 1 ? kinds[0]! : null
}

/** Whether a filter shows a notification. */
export function inNotificationFilter(filter: NotificationFilter, n: KindSource): boolean {
  if (filter === 'all') return true
  const kind = notifyKindOf(n)
  return kind !== null && NOTIFICATION_FILTER_KINDS[filter].includes(kind)
}
