import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  type NotifyEvent,
  PAGE_SIZE,
  SCHEDULED_AHEAD_MAX_DAYS,
  SCHEDULED_PENDING_MAX,
  type ScheduledCreateBody,
  type ScheduledError,
  type ScheduledListQuery,
  type ScheduledMessage,
  type ScheduledStatus,
  type ScheduledUpdateBody,
  SOCKET_EVENTS,
} from '../../../contract'
import type { AppContext } from '../../context'
import { messages, type ScheduledMessageRow, scheduledMessages, topicMembers, topics, users } from '../../db/schema'
import { badRequest, HttpError, notFound } from '../../http/errors'
import type { RunningJob } from '../../jobs/job-queue'
import type { AttentionService } from '../attention'
import type { MessageService } from '../message'
import type { NotifyService } from '../notify'
import { requireTopicMember, requireTopicWriter } from '../topic'

/** The durable job that sends a scheduled message at its time (server/jobs/job-queue.ts): one per scheduled message. */
export const SCHEDULED_SEND_JOB = 'scheduled_send'
export const scheduledSendKey = (scheduledId: string) => `scheduled-send:${scheduledId}`
/** The client_id of the message a scheduled one becomes: a retried send answers the same message. */
export const scheduledClientId = (scheduledId: string) => `scheduled:${scheduledId}`

const DAY = 24 * 60 * 60 * 1000
/** Counted against SCHEDULED_PENDING_MAX, and what the author still changes. */
const WAITING: ScheduledStatus[] = ['pending', 'sending']
/** What scheduled/list shows: waiting, and failed until dismissed. */
const LISTED: ScheduledStatus[] = ['pending', 'sending', 'failed']

type CreateInput = Required<Pick<ScheduledCreateBody, 'client_id' | 'topic_id' | 'message' | 'send_at'>>

interface ViewRow {
  row: ScheduledMessageRow
  isGroup: number
  topicName: string
  partnerName: string | null
}

const toView = ({ row, isGroup, topicName, partnerName }: ViewRow): ScheduledMessage => ({
  _id: row.id,
  client_id: row.clientId,
  topic_id: row.topicId,
  topic_name: isGroup === 1 ? topicName : (partnerName ?? topicName),
  message: row.body,
  send_at: row.sendAt.toISOString(),
  status: row.status as ScheduledStatus,
  error: (row.error as ScheduledError | null) ?? null,
  message_id: row.messageId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
})

/**
 * Scheduled messages (the only writer of scheduled_messages). Each waiting one has a job of the
 * queue at its time (`scheduled-send:<id>`), moved with it and dropped when it is cancelled. Firing
 * (the job, or "send now") marks it `sending`, sends through the message service with
 * `scheduled:<id>` as its client_id (a message already made with it is taken as sent: a retry never
 * makes a second one), then marks it sent, or failed when the author may no longer write there
 * (notified once, in the transaction that marks it and the job done).
 */
export function createScheduledService(
  ctx: AppContext,
  deps: {
    messages: MessageService
    notify: NotifyService
    attention: AttentionService
    log: Pick<FastifyBaseLogger, 'error'>
  },
) {
  const { db, realtime, queue } = ctx
  const now = () => new Date(ctx.config.now())

  const fieldError = (field: string, key: 'scheduledInPast' | 'scheduledTooFar' | 'scheduledFull') => badRequest(key, field)
  const notWaiting = () => new HttpError(409, 'scheduledNotWaiting')

  function checkTime(sendAt: Date) {
    const at = now().getTime()
    if (sendAt.getTime() <= at) throw fieldError('send_at', 'scheduledInPast')
    if (sendAt.getTime() > at + SCHEDULED_AHEAD_MAX_DAYS * DAY) throw fieldError('send_at', 'scheduledTooFar')
  }

  function views(where: SQL | undefined) {
    return db
      .select({
        row: scheduledMessages,
        isGroup: topics.isGroup,
        topicName: topics.name,
        partnerName: sql<string | null>`(
          select u.name from ${topicMembers} tm2 join ${users} u on u.id = tm2.user_id
          where tm2.topic_id = ${scheduledMessages.topicId} and tm2.user_id <> ${scheduledMessages.userId}
          order by tm2.user_id limit 1
        )`,
      })
      .from(scheduledMessages)
      .innerJoin(topics, eq(topics.id, scheduledMessages.topicId))
      .where(where)
      .$dynamic()
  }

  async function viewOf(id: string): Promise<ScheduledMessage | null> {
    const [found] = await views(eq(scheduledMessages.id, id)).limit(1)
    return found ? toView(found) : null
  }

  /** SCHEDULED_CHANGED to the author's own sockets, with the row as it is now. */
  async function announce(id: string): Promise<ScheduledMessage> {
    const [found] = await views(eq(scheduledMessages.id, id)).limit(1)
    const view = toView(found!)
    realtime.toUser(found!.row.userId, SOCKET_EVENTS.SCHEDULED_CHANGED, { scheduled: view })
    return view
  }

  /** The caller's own scheduled message (anyone else's, or none: 404). */
  async function own(userId: string, id: string): Promise<ScheduledMessageRow> {
    const [row] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.id, id)).limit(1)
    if (!row || row.userId !== userId) throw notFound()
    return row
  }

  /** The message a scheduled one already became (a send whose marking was lost), if any. */
  async function alreadySent(row: ScheduledMessageRow): Promise<string | null> {
    const [sent] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.senderId, row.userId), eq(messages.clientId, scheduledClientId(row.id))))
      .limit(1)
    return sent?.id ?? null
  }

  /**
   * Sends a claimed scheduled message and records the outcome with the job's done mark (the job's
   * run) or with its job dropped (send now). A failure other than "may not write there" (the
   * database) is thrown: the job tries again, and the row stays as it was.
   */
  async function deliver(row: ScheduledMessageRow, job: RunningJob | null): Promise<void> {
    let messageId = await alreadySent(row)
    let error: ScheduledError | null = null
    if (!messageId) {
      try {
        const sent = await deps.messages.send(row.userId, {
          client_id: scheduledClientId(row.id),
          topic_id: row.topicId,
          message: row.body,
          type: 'text',
          media_ids: [],
          mentions: [],
        })
        messageId = sent._id
      } catch (err) {
        if (!(err instanceof HttpError) || (err.statusCode !== 403 && err.statusCode !== 404)) throw err
        error = err.statusCode === 403 ? 'forbidden' : 'notFound'
      }
    }
    const delivery = error ? await deps.attention.deliveryFor(row.userId, { kind: 'other', topicId: null }, now()) : null
    const [topic] = error ? await views(eq(scheduledMessages.id, row.id)).limit(1) : []
    const outbox = await db.transaction(async (tx) => {
      const changed = await tx
        .update(scheduledMessages)
        .set(error ? { status: 'failed', error, updatedAt: now() } : { status: 'sent', messageId, error: null, updatedAt: now() })
        .where(and(eq(scheduledMessages.id, row.id), inArray(scheduledMessages.status, WAITING)))
        .returning({ id: scheduledMessages.id })
      if (job) await job.markDone(tx)
      else await queue.cancel(tx, scheduledSendKey(row.id))
      if (!changed.length || !error || !delivery?.notify) return []
      const notice: NotifyEvent = {
        kind: 'scheduled_failed',
        scheduledId: row.id,
        topicId: row.topicId,
        topicName: topic ? toView(topic).topic_name : '',
        time: row.sendAt,
      }
      return [(await deps.notify.notifyIn(tx, row.userId, notice, { push: delivery.push })).deliver]
    })
    for (const send of outbox) send()
  }

  /** The job: claims its scheduled message (pending -> sending) and delivers it; one no longer waiting: nothing. */
  async function fire(job: RunningJob) {
    const id = typeof job.payload.scheduledId === 'string' ? job.payload.scheduledId : null
    if (!id) return
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(scheduledMessages).where(eq(scheduledMessages.id, id)).for('update')
      if (!row || !WAITING.includes(row.status as ScheduledStatus)) {
        await job.markDone(tx)
        return null
      }
      if (row.status === 'pending')
        await tx.update(scheduledMessages).set({ status: 'sending', updatedAt: now() }).where(eq(scheduledMessages.id, id))
      return row
    })
    if (!claimed) return
    await deliver(claimed, job)
    await announce(id)
  }
  queue.handle(SCHEDULED_SEND_JOB, fire)

  const planJob = (tx: Parameters<typeof queue.schedule>[0], id: string, sendAt: Date) =>
    queue.schedule(tx, { kind: SCHEDULED_SEND_JOB, key: scheduledSendKey(id), runAt: sendAt, payload: { scheduledId: id } })

  return {
    /** A text for a chat the caller may write in now, at a time ahead; the same client_id again answers the same one. */
    async create(userId: string, input: CreateInput): Promise<ScheduledMessage> {
      const [repeat] = await db
        .select({ id: scheduledMessages.id })
        .from(scheduledMessages)
        .where(and(eq(scheduledMessages.userId, userId), eq(scheduledMessages.clientId, input.client_id)))
        .limit(1)
      if (repeat) return (await viewOf(repeat.id))!
      const sendAt = new Date(input.send_at)
      checkTime(sendAt)
      await requireTopicWriter(db, input.topic_id, userId)
      const at = now()
      const id = await db.transaction(async (tx) => {
        // One person's creates take turns here, so the count and the insert cannot be overtaken.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        const [{ n }] = (await tx
          .select({ n: count() })
          .from(scheduledMessages)
          .where(and(eq(scheduledMessages.userId, userId), inArray(scheduledMessages.status, WAITING)))) as [{ n: number }]
        if (Number(n) >= SCHEDULED_PENDING_MAX) throw fieldError('send_at', 'scheduledFull')
        const [row] = await tx
          .insert(scheduledMessages)
          .values({
            userId,
            topicId: input.topic_id,
            clientId: input.client_id,
            body: input.message,
            sendAt,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing({ target: [scheduledMessages.userId, scheduledMessages.clientId] })
          .returning({ id: scheduledMessages.id })
        if (row) await planJob(tx, row.id, sendAt)
        return row?.id ?? null
      })
      if (id === null) {
        // The same client_id at the same moment (a retry racing the first): the first one's.
        const [first] = await db
          .select({ id: scheduledMessages.id })
          .from(scheduledMessages)
          .where(and(eq(scheduledMessages.userId, userId), eq(scheduledMessages.clientId, input.client_id)))
        if (!first) throw notFound()
        return (await viewOf(first.id))!
      }
      return announce(id)
    },

    /** A waiting one's text or time (its job moves with it); sent, failed or cancelled: 409. */
    async update(userId: string, body: ScheduledUpdateBody): Promise<ScheduledMessage> {
      await own(userId, body.scheduled_id)
      const sendAt = body.send_at === undefined ? null : new Date(body.send_at)
      if (sendAt) checkTime(sendAt)
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(scheduledMessages).where(eq(scheduledMessages.id, body.scheduled_id)).for('update')
        if (row!.status !== 'pending') throw notWaiting()
        await tx
          .update(scheduledMessages)
          .set({ ...(body.message !== undefined && { body: body.message }), ...(sendAt && { sendAt }), updatedAt: now() })
          .where(eq(scheduledMessages.id, row!.id))
        if (sendAt) await planJob(tx, row!.id, sendAt)
      })
      return announce(body.scheduled_id)
    },

    /** Cancels a waiting one (its job dropped) or dismisses a failed one; cancelled already: the same answer; sent: 409. */
    async cancel(userId: string, id: string): Promise<ScheduledMessage> {
      await own(userId, id)
      const changed = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(scheduledMessages).where(eq(scheduledMessages.id, id)).for('update')
        if (row!.status === 'cancelled') return false
        if (row!.status !== 'pending' && row!.status !== 'failed') throw notWaiting()
        await tx.update(scheduledMessages).set({ status: 'cancelled', updatedAt: now() }).where(eq(scheduledMessages.id, id))
        await queue.cancel(tx, scheduledSendKey(id))
        return true
      })
      return changed ? announce(id) : (await viewOf(id))!
    },

    /** Sends a waiting one now, through the same delivery as its job (its job dropped); sent already: the same answer. */
    async sendNow(userId: string, id: string): Promise<ScheduledMessage> {
      const row = await own(userId, id)
      if (row.status === 'sent') return (await viewOf(id))!
      if (!WAITING.includes(row.status as ScheduledStatus)) throw notWaiting()
      await deliver(row, null)
      return announce(id)
    },

    /** The caller's waiting and failed ones (in one chat they are in: 404 unknown, 403 not a member), soonest first. */
    async list(userId: string, query: ScheduledListQuery): Promise<ScheduledMessage[]> {
      if (query.topic_id !== undefined) await requireTopicMember(db, query.topic_id, userId)
      const found = await views(
        and(
          eq(scheduledMessages.userId, userId),
          inArray(scheduledMessages.status, LISTED),
          query.topic_id === undefined ? undefined : eq(scheduledMessages.topicId, query.topic_id),
        ),
      )
        .orderBy(asc(scheduledMessages.sendAt), asc(scheduledMessages.id))
        .limit(PAGE_SIZE)
        .offset((query.page - 1) * PAGE_SIZE)
      return found.map(toView)
    },
  }
}

export type ScheduledService = ReturnType<typeof createScheduledService>
