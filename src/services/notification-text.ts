import dayjs from 'dayjs'
import { t } from '@lingui/core/macro'
import { isNotifyKind, type NotifyKind, type NotifyTextValues } from '../../contract/notify-kinds'
import type { NotificationItem } from '../machines/notification-badge'

/** HH:mm DD/MM in the reader's time zone (spec section 9's reminder format). */
const shortTime = (iso: string | undefined) => (iso && dayjs(iso).isValid() ? dayjs(iso).format('HH:mm DD/MM') : '')

/** Each kind's words in the reader's language (Lingui catalog, en and vi). */
const WORDS: Record<NotifyKind, (v: { name: string; title: string; time: string }) => string> = {
  friend_request: ({ name }) => t`${name} sent you a friend request`,
  friend_accepted: ({ name }) => t`${name} accepted your friend request`,
  tag_message: ({ name, title }) => t`${name} mentioned you in ${title}`,
  todo: ({ title }) => t`New task: ${title}`,
  todo_changed: ({ name, title }) => t`${name} changed the task ${title}`,
  todo_due: ({ title, time }) => t`Task due: ${title} at ${time}`,
  calendar_approve: ({ name, title }) => t`${name} accepted ${title}`,
  calendar_reject: ({ name, title }) => t`${name} declined ${title}`,
  calendar_notification: ({ title, time }) => t`Reminder: ${title} at ${time}`,
  calendar_assign: ({ name, title, time }) => t`${name} assigned you ${title}, due ${time}`,
  calendar_done: ({ name, title }) => t`${name} finished ${title}`,
  calendar_failed: ({ name, title }) => t`${name} could not finish ${title}`,
  calendar_canceled: ({ name, title }) => t`${name} canceled the task ${title}`,
  booking_request: ({ title, time }) => t`New booking request for ${title} at ${time}`,
  booking_approved: ({ title, time }) => t`Your booking for ${title} at ${time} was approved`,
  booking_rejected: ({ title, time }) => t`Your booking for ${title} at ${time} was declined`,
  booking_canceled: ({ title, time }) => t`The booking for ${title} at ${time} was canceled`,
  booking_remind: ({ title, time }) => t`Reminder: booking for ${title} at ${time}`,
  payment_failed: ({ title }) => t`Your payment of ${title} failed`,
  subscription_expire: ({ title, time }) => t`Your ${title} plan expires on ${time}`,
  subscription_past_due: ({ title }) => t`Your ${title} plan is past due, please pay to keep it`,
  subscription_payment_failed: ({ title }) => t`Renewing your ${title} plan failed; it is canceled if it still fails within 5 days`,
  missed_call: ({ name, time }) => t`You missed a call from ${name} at ${time}`,
  scheduled_failed: ({ title, time }) => t`Your scheduled message to ${title} for ${time} could not be sent`,
}

/**
 * A notification's words in the reader's language: from its message key and values when the
 * client knows the key, else the server's `notify_message` (in the recipient's language).
 */
export function notificationText(item: Pick<NotificationItem, 'notify_message' | 'notify_message_json' | 'customer'>): string {
  const json = item.notify_message_json
  if (!json || !isNotifyKind(json.key)) return item.notify_message
  const v = json.value as NotifyTextValues
  return WORDS[json.key]({ name: String(v.name ?? item.customer?.name ?? ''), title: String(v.title ?? ''), time: shortTime(v.time) })
}
