import { z } from 'zod'
import { objectId, pageNumber } from './common'
import { MESSAGE_MAX } from './message'

/**
 * Scheduled messages (scheduled/*): a text its author wrote now, sent into a chat at a later time
 * (a durable job of the server's queue: exactly once across nodes and restarts, through the normal
 * send with the row's own client_id, so a retried job never makes a second message). Until it is
 * sent its author edits its text and time, sends it now or cancels it. When its time comes and the
 * author may no longer write in the chat (left it, the group restricts sending to admins, the 1:1
 * partner blocks them), it fails: the author is notified (`scheduled_failed`) and it shows as failed.
 *
 * Limits: at most SCHEDULED_PENDING_MAX waiting per person, a time in the future and at most
 * SCHEDULED_AHEAD_MAX_DAYS ahead (400 on `send_at`).
 */
export const SCHEDULED_PENDING_MAX = 100
export const SCHEDULED_AHEAD_MAX_DAYS = 365

/**
 * pending: waiting for its time; sending: its time came, the send is under way; sent: in the chat
 * (`message_id`); failed: refused at its time (`error`); cancelled: its author cancelled it.
 */
export const SCHEDULED_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const
export const scheduledStatus = z.enum(SCHEDULED_STATUSES)
export type ScheduledStatus = z.infer<typeof scheduledStatus>

/** Why a scheduled message failed: the author may no longer write there (forbidden), or the chat is gone (notFound). */
export const SCHEDULED_ERRORS = ['forbidden', 'notFound'] as const
export type ScheduledError = (typeof SCHEDULED_ERRORS)[number]

const text = z.string().trim().min(1).max(MESSAGE_MAX)
const instant = z.iso.datetime({ offset: true })

/** POST scheduled/create: idempotent on (author, client_id). */
export const scheduledCreateBody = z.strictObject({
  client_id: z.string().trim().min(1).max(64),
  topic_id: objectId,
  message: text,
  send_at: instant,
})
export type ScheduledCreateBody = z.input<typeof scheduledCreateBody>

/** PUT scheduled/update: a waiting message's text or time (at least one). */
export const scheduledUpdateBody = z
  .strictObject({ scheduled_id: objectId, message: text.optional(), send_at: instant.optional() })
  .refine((body) => body.message !== undefined || body.send_at !== undefined, {
    message: 'Change the text or the time',
    path: ['scheduled_id'],
  })
export type ScheduledUpdateBody = z.infer<typeof scheduledUpdateBody>

/** POST scheduled/cancel and scheduled/send-now. */
export const scheduledIdBody = z.strictObject({ scheduled_id: objectId })
export type ScheduledIdBody = z.infer<typeof scheduledIdBody>

/** GET scheduled/list: the caller's waiting and failed scheduled messages (in one chat when topic_id is given), soonest first. */
export const scheduledListQuery = z.object({ topic_id: objectId.optional(), page: pageNumber })
export type ScheduledListQuery = z.infer<typeof scheduledListQuery>

export const scheduledMessage = z.object({
  _id: z.string(),
  client_id: z.string(),
  topic_id: z.string(),
  topic_name: z.string(),
  message: z.string(),
  send_at: z.string(),
  status: scheduledStatus,
  error: z.enum(SCHEDULED_ERRORS).nullable(),
  /** The message it became, once sent. */
  message_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ScheduledMessage = z.infer<typeof scheduledMessage>

/** Socket SCHEDULED_CHANGED, to the author's own sockets: a scheduled message was made, changed, sent, failed or cancelled. */
export interface ScheduledChangedPayload {
  scheduled: ScheduledMessage
}
