import { createHash, createHmac, randomBytes } from 'node:crypto'
import { and, asc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, ne, not, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  CALENDAR_EXCEPTIONS_MAX,
  CALENDAR_OCCURRENCES_MAX,
  type CalendarChange,
  type CalendarEvent,
  type CalendarEventView,
  type CalendarFeed,
  type CalendarList,
  type CalendarListQuery,
  type CalendarOccurrence,
  type CalendarStatusBody,
  type CalendarType,
  type CalendarUpdateBody,
  calendarCreateBody,
  calendarExceptionBody,
  isTopicAdmin,
  mayMoveTask,
  type NotifyEvent,
  type ReminderMessage,
  SOCKET_EVENTS,
  topicAllows,
  type TaskRole,
  type TaskStatus,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Executor, Tx } from '../../db/client'
import {
  type CalendarEventRow,
  calendarAssignees,
  calendarEvents,
  calendarExceptions,
  calendarFeeds,
  channelMembers,
  channels,
  friendships,
  messages,
  topicMembers,
  topics,
  users,
} from '../../db/schema'
import { forbidden, HttpError, notFound } from '../../http/errors'
import type { JobQueue, RunningJob } from '../../jobs/job-queue'
import type { AttentionService } from '../attention'
import type { MessageService } from '../message'
import type { NotifyService } from '../notify'
import { friendOf } from '../relates'
import { requireTopicMember } from '../topic'
import { toIcs } from './ics'
import { compileRule, EARLIEST, fromFloating, LATEST, RuleError, Series } from './recurrence'
import { type EventRows, type ExceptionColumns, type PersonColumns, toCalendarEvent, toOccurrence } from './view'

type CreateInput = ReturnType<typeof calendarCreateBody.parse>
type ExceptionInput = ReturnType<typeof calendarExceptionBody.parse>

/** The durable job that fires an event's next occurrence (server/jobs/job-queue.ts): at most one pending per event. */
export const CALENDAR_REMIND_JOB = 'calendar_remind'
export const calendarRemindKey = (eventId: string) => `calendar-remind:${eventId}`

/** A task in one of these stopped: it reminds nobody until it is reopened. */
const FINAL: readonly string[] = ['done', 'failed', 'cancel'] satisfies TaskStatus[]
const isFinal = (status: string | null) => status !== null && FINAL.includes(status)
/** The feed holds the events from this many days back. */
const FEED_DAYS_BACK = 30
/** The most events one feed holds (the most recent first). */
const FEED_EVENTS_MAX = 2000
const DAY = 24 * 60 * 60 * 1000

/** A 400 with a message on one field, in both languages (the calendar's own words). */
const fieldError = (field: string, en: string, vi: string) => new HttpError(400, 'invalidInput', { [field]: { en, vi } })

const person = { id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl }

/** The event's assignees (by name, then id) and exceptions (by occurrence, times as epoch ms), each as one JSON value of the head's row. */
const assigneesJson = sql<PersonColumns[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'name', u.name, 'workid', u.workid, 'photoUrl', u.photo_url) order by u.name, u.id)
  from ${calendarAssignees} ca join ${users} u on u.id = ca.user_id
  where ca.event_id = ${calendarEvents.id}
), '[]'::json)`
const exceptionsJson = sql<ExceptionColumns[]>`coalesce((
  select json_agg(json_build_object(
    'occurrence', round(extract(epoch from x.occurrence) * 1000)::bigint,
    'start', round(extract(epoch from x.start_at) * 1000)::bigint
  ) order by x.occurrence)
  from ${calendarExceptions} x
  where x.event_id = ${calendarEvents.id}
), '[]'::json)`

/** The caller is a member of the event's chat. */
const inTopicOf = (userId: string) =>
  sql<boolean>`exists (select 1 from ${topicMembers} tm where tm.topic_id = ${calendarEvents.topicId} and tm.user_id = ${userId})`
/** The caller is one of the event's assignees. */
const assignedTo = (userId: string) =>
  sql<boolean>`exists (select 1 from ${calendarAssignees} ca where ca.event_id = ${calendarEvents.id} and ca.user_id = ${userId})`

/**
 * The events a user sees: a personal reminder, its creator; a group reminder, its chat's members; a
 * task, its creator and assignees, and the members of its chat.
 */
const visibleTo = (userId: string) =>
  or(
    and(eq(calendarEvents.kind, 'reminder'), isNull(calendarEvents.topicId), eq(calendarEvents.creatorId, userId)),
    and(eq(calendarEvents.kind, 'reminder'), isNotNull(calendarEvents.topicId), inTopicOf(userId)),
    and(
      eq(calendarEvents.kind, 'task'),
      or(eq(calendarEvents.creatorId, userId), assignedTo(userId), and(isNotNull(calendarEvents.topicId), inTopicOf(userId))),
    ),
  )

/** The events of one relation to the reader (relationOf in SQL). */
function ofType(type: CalendarType, userId: string): SQL | undefined {
  const task = eq(calendarEvents.kind, 'task')
  const mine = eq(calendarEvents.creatorId, userId)
  switch (type) {
    case 'personal':
      return and(eq(calendarEvents.kind, 'reminder'), isNull(calendarEvents.topicId))
    case 'assign_by':
      return and(task, mine)
    case 'assign_to':
      return and(task, ne(calendarEvents.creatorId, userId), assignedTo(userId))
    case 'group':
      return or(
        and(eq(calendarEvents.kind, 'reminder'), isNotNull(calendarEvents.topicId)),
        and(task, ne(calendarEvents.creatorId, userId), not(assignedTo(userId))),
      )
  }
}

/** The exceptions of an event as the recurrence reads them. */
const asExceptions = (rows: readonly { occurrence: Date | number; start: Date | number | null }[]) =>
  rows.map((x) => ({ occurrence: new Date(x.occurrence), start: x.start === null ? null : new Date(x.start) }))

const seriesOf = (
  event: Pick<CalendarEventRow, 'startAt' | 'endAt' | 'timeZone' | 'rrule'>,
  exceptions: readonly { occurrence: Date | number; start: Date | number | null }[],
) =>
  new Series({ start: event.startAt, end: event.endAt, timeZone: event.timeZone, rrule: event.rrule, exceptions: asExceptions(exceptions) })

/** A start or end the calendar takes (a bound on every walk of a rule from its start). */
function checkTimes(start: Date, end: Date | null) {
  const outside = (at: Date) => at.getTime() < EARLIEST || at.getTime() >= LATEST
  const words = { en: 'Choose a time between 1970 and 2100', vi: 'Hãy chọn thời gian trong khoảng 1970 đến 2100' }
  if (outside(start)) throw fieldError('start', words.en, words.vi)
  if (end && outside(end)) throw fieldError('end', words.en, words.vi)
  if (end && end.getTime() <= start.getTime())
    throw fieldError('end', 'The end must be after the start', 'Thời gian kết thúc phải sau khi bắt đầu')
}

/** The rule read and checked for the event's start and zone: 400 on `rrule` when the calendar cannot take it. */
function checkRule(rule: string | null, start: Date, zone: string) {
  if (rule === null) return
  try {
    compileRule(rule, start, zone)
  } catch (err) {
    if (err instanceof RuleError) throw fieldError('rrule', err.message, err.vi)
    throw err
  }
}

/**
 * The calendar (calendar/*): reminders and tasks, the only writer of calendar_events,
 * calendar_assignees, calendar_exceptions and calendar_feeds.
 *
 * Who sees an event (anyone else: 404): a personal reminder, its creator; a group reminder, its
 * chat's members; a task, its creator and assignees, and its chat's members. Its creator (and, for
 * a group reminder, the chat's admins) changes, skips or moves occurrences of, and deletes it
 * (anyone else who sees it: 403); a task's status moves as TASK_MOVES lets the caller's roles. Every
 * write runs in one transaction that locks the event's row first, with the event's one reminder job
 * (`calendar_remind`, key `calendar-remind:<id>`, at the next occurrence's start minus
 * remind_minutes) scheduled, moved or cancelled in it. After it commits, CALENDAR_CHANGED goes to the
 * chat's room and the creator's and assignees' own sockets on every node, and the task's
 * notifications go out through the attention rules. Time is the server's clock (`config.now`).
 */
export function createCalendarService(
  ctx: AppContext,
  deps: {
    notify: NotifyService
    attention: AttentionService
    messages: Pick<MessageService, 'postReminder'>
    log: Pick<FastifyBaseLogger, 'error'>
  },
) {
  const { db, realtime, config } = ctx
  const queue: JobQueue = ctx.queue
  const now = () => new Date(config.now())

  /** The events' heads with their chat's name, creator, assignees and exceptions matching `where`: one query. */
  function heads(on: Executor, where: SQL | undefined) {
    return on
      .select({
        event: calendarEvents,
        topicName: topics.name,
        creator: person,
        assignees: assigneesJson,
        exceptions: exceptionsJson,
        messageLink: { topicId: messages.topicId, seq: messages.seq, deletedAt: messages.deletedAt },
      })
      .from(calendarEvents)
      .innerJoin(users, eq(users.id, calendarEvents.creatorId))
      .leftJoin(topics, eq(topics.id, calendarEvents.topicId))
      .leftJoin(messages, eq(messages.id, calendarEvents.messageId))
      .where(where)
      .$dynamic()
  }

  async function loadOne(on: Executor, eventId: string): Promise<EventRows | null> {
    return (await heads(on, eq(calendarEvents.id, eventId)).limit(1))[0] ?? null
  }

  /**
   * The event and the caller's role in its chat (0 when it has none or the caller is not in it):
   * 404 for an unknown event and one the caller does not see.
   */
  async function accessTo(userId: string, eventId: string): Promise<{ rows: EventRows; role: number }> {
    const rows = await loadOne(db, eventId)
    if (!rows) throw notFound()
    const { event, assignees } = rows
    const involved = event.creatorId === userId || assignees.some((a) => a.id === userId)
    if (event.topicId === null) {
      if (!involved || (event.kind === 'reminder' && event.creatorId !== userId)) throw notFound()
      return { rows, role: 0 }
    }
    try {
      return { rows, role: (await requireTopicMember(db, event.topicId, userId)).role }
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 403)) throw err
      // A task's creator and assignees see it without being in its chat; a group reminder is its members'.
      if (event.kind === 'task' && involved) return { rows, role: 0 }
      throw notFound()
    }
  }

  /** Who changes the whole event: its creator, or a group reminder's chat admins. */
  function mayManage(userId: string, { event }: EventRows, role: number): boolean {
    return event.creatorId === userId || (event.kind === 'reminder' && event.topicId !== null && isTopicAdmin(role))
  }

  /** 403 for anyone who sees the event but may not change it. */
  function requireManager(userId: string, rows: EventRows, role: number) {
    if (!mayManage(userId, rows, role)) throw forbidden()
  }

  /** Those of `userIds` who are members of the topic. */
  async function membersAmong(topicId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set()
    const rows = await db
      .select({ userId: topicMembers.userId })
      .from(topicMembers)
      .where(and(eq(topicMembers.topicId, topicId), inArray(topicMembers.userId, [...userIds])))
    return new Set(rows.map((r) => r.userId))
  }

  /**
   * A task's assignees, checked (400 on assignee_ids): in a chat, members of it; without one, the
   * creator and the creator's friends.
   */
  async function assigneesFor(topicId: string | null, creatorId: string, given: readonly string[]): Promise<string[]> {
    const ids = [...new Set(given)]
    if (topicId !== null) {
      const members = await membersAmong(topicId, ids)
      if (ids.some((id) => !members.has(id)))
        throw fieldError(
          'assignee_ids',
          'Only members of this chat can be assigned',
          'Chỉ có thể giao cho thành viên của cuộc trò chuyện này',
        )
      return ids
    }
    const others = ids.filter((id) => id !== creatorId)
    if (others.length) {
      const friends = await db
        .select({ id: users.id })
        .from(friendships)
        .innerJoin(users, friendOf(creatorId))
        .where(inArray(users.id, others))
      const known = new Set(friends.map((f) => f.id))
      if (others.some((id) => !known.has(id)))
        throw fieldError('assignee_ids', 'Only your friends can be assigned', 'Chỉ có thể giao cho bạn bè của bạn')
    }
    return ids
  }

  /** A message the caller can read (404 otherwise), in the event's chat when it has one (400 on message_id). */
  async function checkMessage(userId: string, messageId: string, topicId: string | null) {
    const [message] = await db
      .select({ topicId: messages.topicId, deletedAt: messages.deletedAt })
      .from(messages)
      .where(eq(messages.id, messageId))
      .limit(1)
    if (!message || message.deletedAt) throw notFound()
    try {
      await requireTopicMember(db, message.topicId, userId)
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 403) throw notFound()
      throw err
    }
    if (topicId !== null && message.topicId !== topicId)
      throw fieldError('message_id', 'This message is not in that chat', 'Tin nhắn này không thuộc cuộc trò chuyện đó')
  }

  /**
   * Schedules (or moves) the event's reminder job to its next occurrence not fired yet that has not
   * started (its remind time passed: at once), or cancels it: none left, or a task that stopped.
   */
  async function planReminder(
    tx: Tx,
    event: Pick<CalendarEventRow, 'id' | 'kind' | 'status' | 'startAt' | 'endAt' | 'timeZone' | 'rrule' | 'remindMinutes' | 'firedThrough'>,
    exceptions: readonly { occurrence: Date | number; start: Date | number | null }[],
  ) {
    const key = calendarRemindKey(event.id)
    const next = event.kind === 'task' && isFinal(event.status) ? null : seriesOf(event, exceptions).next(now(), event.firedThrough)
    if (!next) return queue.cancel(tx, key)
    const remindAt = next.start.getTime() - event.remindMinutes * 60_000
    await queue.schedule(tx, {
      kind: CALENDAR_REMIND_JOB,
      key,
      runAt: new Date(Math.max(remindAt, config.now())),
      payload: { eventId: event.id, occurrence: next.occurrence.toISOString(), start: next.start.toISOString() },
    })
  }

  const exceptionsIn = (on: Executor, eventId: string) =>
    on
      .select({ occurrence: calendarExceptions.occurrence, start: calendarExceptions.startAt })
      .from(calendarExceptions)
      .where(eq(calendarExceptions.eventId, eventId))

  /** CALENDAR_CHANGED, on every node: the chat's room and the creator's and assignees' own sockets (each socket once). */
  function announce(change: CalendarChange, rows: EventRows) {
    const event = toCalendarEvent(rows, rows.event.creatorId)
    realtime.toRooms(
      { userIds: [rows.event.creatorId, ...rows.assignees.map((a) => a.id)], topicIds: rows.event.topicId ? [rows.event.topicId] : [] },
      SOCKET_EVENTS.CALENDAR_CHANGED,
      { change, event },
    )
  }

  /** Tells each of `userIds` through the attention rules. A failure is logged: the write it follows has committed. */
  async function tell(rows: EventRows, userIds: Iterable<string>, event: NotifyEvent) {
    for (const userId of new Set(userIds)) {
      try {
        await deps.attention.notifyIfAllowed(userId, { kind: 'other', topicId: rows.event.topicId }, event)
      } catch (err) {
        deps.log.error({ err, eventId: rows.event.id, kind: event.kind }, 'calendar notification failed')
      }
    }
  }

  /** The event a repeated client_id made (null: none). */
  async function repeated(userId: string, clientId: string): Promise<CalendarEvent | null> {
    const [row] = await db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.creatorId, userId), eq(calendarEvents.clientId, clientId)))
      .limit(1)
    return row ? service.info(userId, row.id) : null
  }

  /** Who hears an occurrence: a personal reminder's creator, a group reminder's chat's members, an open task's assignees. */
  async function audienceOf(on: Executor, event: CalendarEventRow): Promise<string[]> {
    if (event.kind === 'task') {
      if (isFinal(event.status)) return []
      const rows = await on
        .select({ userId: calendarAssignees.userId })
        .from(calendarAssignees)
        .where(eq(calendarAssignees.eventId, event.id))
      return rows.map((r) => r.userId)
    }
    if (event.topicId === null) return [event.creatorId]
    const rows = await on.select({ userId: topicMembers.userId }).from(topicMembers).where(eq(topicMembers.topicId, event.topicId))
    return rows.map((r) => r.userId)
  }

  /**
   * The reminder job: fires the occurrence it names, once (the notifications, the group reminder's
   * message and the done mark commit together), then schedules the event's next occurrence. It
   * fires nothing when the occurrence is gone (skipped, moved elsewhere, the rule changed), already
   * fired, or the task stopped. Claimed late, it fires its own occurrence and then the next one that
   * has not started: the missed ones in between are not fired one after another.
   */
  async function remind(job: RunningJob) {
    const eventId = typeof job.payload.eventId === 'string' ? job.payload.eventId : null
    const occurrenceIso = typeof job.payload.occurrence === 'string' ? job.payload.occurrence : null
    if (!eventId || !occurrenceIso) return
    // The attention rules read outside the transaction (its reads go on its own connection).
    const ahead = await loadOne(db, eventId)
    if (!ahead) return
    const at = now()
    const deliveries = new Map<string, { notify: boolean; push: boolean }>()
    for (const userId of await audienceOf(db, ahead.event))
      deliveries.set(userId, await deps.attention.deliveryFor(userId, { kind: 'other', topicId: ahead.event.topicId }, at))

    const after = await db.transaction(async (tx) => {
      const [event] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, eventId)).for('update')
      if (!event) return null
      const exceptions = await exceptionsIn(tx, eventId)
      const occurrence = seriesOf(event, exceptions).find(new Date(occurrenceIso))
      const fires =
        occurrence !== null &&
        occurrence.start.toISOString() === job.payload.start &&
        (event.firedThrough === null || occurrence.start.getTime() > event.firedThrough.getTime()) &&
        !(event.kind === 'task' && isFinal(event.status))
      const outbox: (() => void)[] = []
      let firedThrough = event.firedThrough
      if (fires) {
        const link = ahead.messageLink && !ahead.messageLink.deletedAt ? ahead.messageLink : null
        const notice: NotifyEvent = {
          kind: 'calendar_notification',
          calendarId: event.id,
          title: event.title,
          time: occurrence.start,
          ...(link && { message: { topicId: link.topicId, seq: link.seq } }),
        }
        for (const userId of await audienceOf(tx, event)) {
          const delivery = deliveries.get(userId)
          if (!delivery?.notify) continue
          const sent = await deps.notify.notifyIn(tx, userId, notice, { push: delivery.push })
          outbox.push(sent.deliver)
        }
        if (event.kind === 'reminder' && event.topicId !== null) {
          const text: ReminderMessage = { event_id: event.id, title: event.title, start: occurrence.start.toISOString() }
          const clientId = `reminder:${event.id}:${occurrence.occurrence.toISOString()}`
          const posted = await deps.messages.postReminder(tx, event.creatorId, event.topicId, clientId, JSON.stringify(text))
          if (posted) outbox.push(posted.announce)
        }
        firedThrough = occurrence.start
        await tx.update(calendarEvents).set({ firedThrough }).where(eq(calendarEvents.id, event.id))
      }
      await job.markDone(tx)
      await planReminder(tx, { ...event, firedThrough }, exceptions)
      return outbox
    })
    for (const send of after ?? []) send()
  }
  queue.handle(CALENDAR_REMIND_JOB, remind)

  /** The events matching `where` with their occurrences in [from, to), earliest first, at most CALENDAR_OCCURRENCES_MAX in all. */
  function occurrencesOf(found: readonly EventRows[], readerId: string, from: Date, to: Date): CalendarOccurrence[] {
    const all: CalendarOccurrence[] = []
    for (const rows of found) {
      const view = toCalendarEvent(rows, readerId)
      for (const o of seriesOf(rows.event, rows.exceptions).between(from, to, CALENDAR_OCCURRENCES_MAX))
        all.push(toOccurrence(view, o, rows.event.remindMinutes))
    }
    return all
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.event._id.localeCompare(b.event._id))
      .slice(0, CALENDAR_OCCURRENCES_MAX)
  }

  /** A channel the caller is in: 404 unknown, 403 not a member. */
  async function requireChannelMember(userId: string, channelId: string) {
    const [row] = await db
      .select({ id: channels.id, member: channelMembers.userId })
      .from(channels)
      .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)))
      .where(eq(channels.id, channelId))
      .limit(1)
    if (!row) throw notFound()
    if (!row.member) throw forbidden()
  }

  const feedToken = (userId: string, salt: string) =>
    createHmac('sha256', config.keys.calendarFeed).update(`calendar-feed|${userId}|${salt}`).digest('base64url')
  const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
  const feedUrl = (token: string) => ctx.mailer.url(`/api/calendar/feed/${token}.ics`)
  const host = () => {
    try {
      return new URL(ctx.mailer.url('/')).host || 'workroom'
    } catch {
      return 'workroom'
    }
  }
  const icsText = (events: readonly EventRows[], name: string) =>
    toIcs(
      events.map((rows) => ({ rows, series: seriesOf(rows.event, rows.exceptions) })),
      { name, host: host(), now: now(), wallToInstant: fromFloating },
    )

  const service = {
    /**
     * A personal reminder, a group reminder in a chat the caller is in (where the group restricts
     * reminders to admins: an admin), or a task assigned to members of its chat (without one: the
     * caller's friends or the caller). The same client_id again answers the event it made.
     */
    async create(userId: string, input: CreateInput): Promise<CalendarEvent> {
      const repeat = await repeated(userId, input.client_id)
      if (repeat) return repeat
      const start = new Date(input.start)
      const end = input.end === null ? null : new Date(input.end)
      checkTimes(start, end)
      checkRule(input.rrule, start, input.time_zone)
      if (input.topic_id !== null) {
        const access = await requireTopicMember(db, input.topic_id, userId)
        if (
          input.kind === 'reminder' &&
          !topicAllows({ is_group: access.topic.isGroup === 1, permission: access.topic.permission }, access.role, 'reminder')
        )
          throw new HttpError(403, 'reminderAdminsOnly')
      }
      if (input.message_id !== null) await checkMessage(userId, input.message_id, input.topic_id)
      const assigneeIds = input.kind === 'task' ? await assigneesFor(input.topic_id, userId, input.assignee_ids) : []
      const at = now()
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(calendarEvents)
          .values({
            kind: input.kind,
            title: input.title,
            note: input.note,
            topicId: input.topic_id,
            messageId: input.message_id,
            creatorId: userId,
            clientId: input.client_id,
            startAt: start,
            endAt: end,
            timeZone: input.time_zone,
            rrule: input.rrule,
            remindMinutes: input.remind_minutes,
            status: input.kind === 'task' ? 'pending' : null,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing({ target: [calendarEvents.creatorId, calendarEvents.clientId] })
          .returning()
        // The same client_id at the same time (a retry racing the first): the first one's.
        if (!row) return null
        if (assigneeIds.length) await tx.insert(calendarAssignees).values(assigneeIds.map((id) => ({ eventId: row.id, userId: id })))
        await planReminder(tx, row, [])
        return row
      })
      if (!created) {
        const again = await repeated(userId, input.client_id)
        if (again) return again
        throw notFound()
      }
      const rows = (await loadOne(db, created.id))!
      announce('created', rows)
      await tell(
        rows,
        assigneeIds.filter((id) => id !== userId),
        { kind: 'calendar_assign', actorId: userId, calendarId: created.id, title: created.title, time: created.startAt },
      )
      return toCalendarEvent(rows, userId)
    },

    /**
     * Changes the fields given, for the whole series (a new start, zone or rule drops the skipped
     * and moved occurrences: they named occurrences of the old one). Its creator, or a group
     * reminder's chat admins. Newly assigned people hear calendar_assign.
     */
    async update(userId: string, body: CalendarUpdateBody): Promise<CalendarEvent> {
      const { rows, role } = await accessTo(userId, body.event_id)
      requireManager(userId, rows, role)
      const { event } = rows
      if (body.assignee_ids !== undefined) {
        if (event.kind === 'reminder' && body.assignee_ids.length)
          throw fieldError('assignee_ids', 'A reminder has no assignees', 'Lời nhắc không có người được giao')
        if (event.kind === 'task' && !body.assignee_ids.length)
          throw fieldError('assignee_ids', 'Assign the task to someone', 'Hãy giao công việc cho ai đó')
      }
      const wanted =
        event.kind === 'task' && body.assignee_ids !== undefined
          ? await assigneesFor(event.topicId, event.creatorId, body.assignee_ids)
          : null

      const outcome = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, body.event_id)).for('update')
        if (!before) throw notFound()
        const next = {
          title: body.title ?? before.title,
          note: body.note ?? before.note,
          startAt: body.start === undefined ? before.startAt : new Date(body.start),
          endAt: body.end === undefined ? before.endAt : body.end === null ? null : new Date(body.end),
          timeZone: body.time_zone ?? before.timeZone,
          rrule: body.rrule === undefined ? before.rrule : body.rrule,
          remindMinutes: body.remind_minutes ?? before.remindMinutes,
        }
        checkTimes(next.startAt, next.endAt)
        checkRule(next.rrule, next.startAt, next.timeZone)
        const series =
          next.startAt.getTime() !== before.startAt.getTime() || next.timeZone !== before.timeZone || next.rrule !== before.rrule
        const times =
          series || (next.endAt?.getTime() ?? null) !== (before.endAt?.getTime() ?? null) || next.remindMinutes !== before.remindMinutes
        const fields = times || next.title !== before.title || next.note !== before.note
        const current = (
          await tx.select({ userId: calendarAssignees.userId }).from(calendarAssignees).where(eq(calendarAssignees.eventId, before.id))
        ).map((r) => r.userId)
        const added = wanted ? wanted.filter((id) => !current.includes(id)) : []
        const removed = wanted ? current.filter((id) => !wanted.includes(id)) : []
        if (!fields && !added.length && !removed.length) return { changed: false as const }

        await tx
          .update(calendarEvents)
          .set({ ...next, updatedAt: now() })
          .where(eq(calendarEvents.id, before.id))
        if (series) await tx.delete(calendarExceptions).where(eq(calendarExceptions.eventId, before.id))
        if (removed.length)
          await tx
            .delete(calendarAssignees)
            .where(and(eq(calendarAssignees.eventId, before.id), inArray(calendarAssignees.userId, removed)))
        if (added.length)
          await tx
            .insert(calendarAssignees)
            .values(added.map((id) => ({ eventId: before.id, userId: id })))
            .onConflictDoNothing()
        if (times) await planReminder(tx, { ...before, ...next }, series ? [] : await exceptionsIn(tx, before.id))
        return { changed: true as const, added }
      })

      const after = await loadOne(db, body.event_id)
      if (!after) throw notFound()
      if (outcome.changed) {
        announce('updated', after)
        const { id, title, startAt } = after.event
        await tell(
          after,
          outcome.added.filter((a) => a !== userId),
          { kind: 'calendar_assign', actorId: userId, calendarId: id, title, time: startAt },
        )
      }
      return toCalendarEvent(after, userId)
    },

    /**
     * Moves a task (400 for a reminder) as TASK_MOVES lets the caller's roles (its creator: the
     * assigner; one of its assignees: the assignee; both when they assigned themselves); anyone else,
     * or a move their roles do not make, 403. The same status again changes nothing. A stopped task
     * (done, failed, cancel) reminds nobody; reopened, it reminds again.
     */
    async status(userId: string, body: CalendarStatusBody): Promise<CalendarEvent> {
      const { rows } = await accessTo(userId, body.event_id)
      if (rows.event.kind !== 'task') throw fieldError('status', 'Only a task has a status', 'Chỉ công việc mới có trạng thái')
      const outcome = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, body.event_id)).for('update')
        if (!before) throw notFound()
        const assignees = (
          await tx.select({ userId: calendarAssignees.userId }).from(calendarAssignees).where(eq(calendarAssignees.eventId, before.id))
        ).map((r) => r.userId)
        const roles: TaskRole[] = [
          ...(before.creatorId === userId ? (['assigner'] as const) : []),
          ...(assignees.includes(userId) ? (['assignee'] as const) : []),
        ]
        if (!roles.length) throw forbidden()
        const from = before.status as TaskStatus
        if (from === body.status) return { changed: false as const }
        if (!mayMoveTask(from, body.status, roles)) throw forbidden()
        await tx.update(calendarEvents).set({ status: body.status, updatedAt: now() }).where(eq(calendarEvents.id, before.id))
        await planReminder(tx, { ...before, status: body.status }, await exceptionsIn(tx, before.id))
        return { changed: true as const, from, assignees }
      })
      const after = await loadOne(db, body.event_id)
      if (!after) throw notFound()
      if (!outcome.changed) return toCalendarEvent(after, userId)
      announce('updated', after)
      const { id: calendarId, title, creatorId, startAt } = after.event
      const to = body.status
      const others = outcome.assignees.filter((a) => a !== userId)
      const toCreator = creatorId === userId ? [] : [creatorId]
      if (to === 'cancel' && creatorId === userId)
        await tell(after, others, { kind: 'calendar_canceled', actorId: userId, calendarId, title })
      else if (to === 'cancel') await tell(after, toCreator, { kind: 'calendar_reject', actorId: userId, calendarId, title })
      else if (to === 'todo' && outcome.from === 'pending')
        await tell(after, toCreator, { kind: 'calendar_approve', actorId: userId, calendarId, title })
      else if (to === 'done') await tell(after, toCreator, { kind: 'calendar_done', actorId: userId, calendarId, title })
      else if (to === 'failed') await tell(after, toCreator, { kind: 'calendar_failed', actorId: userId, calendarId, title })
      // Reopened by its creator: the assignees are asked again.
      else if (to === 'pending') await tell(after, others, { kind: 'calendar_assign', actorId: userId, calendarId, title, time: startAt })
      return toCalendarEvent(after, userId)
    },

    /**
     * Skips one occurrence of a repeating event (named by its start as the rule has it), moves it
     * to a new start (its end keeps the duration), or restores it; who may: as calendar/update. 400
     * on occurrence for an event that does not repeat, a time the rule does not have, or past
     * CALENDAR_EXCEPTIONS_MAX changed occurrences.
     */
    async exception(userId: string, body: ExceptionInput): Promise<CalendarEvent> {
      const { rows, role } = await accessTo(userId, body.event_id)
      requireManager(userId, rows, role)
      const occurrence = new Date(body.occurrence)
      const start = body.action === 'move' && body.start !== null ? new Date(body.start) : null
      if (start) checkTimes(start, null)
      const changed = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, body.event_id)).for('update')
        if (!before) throw notFound()
        if (before.rrule === null) throw fieldError('occurrence', 'This event does not repeat', 'Sự kiện này không lặp lại')
        const current = await exceptionsIn(tx, before.id)
        if (!seriesOf(before, current).has(occurrence))
          throw fieldError('occurrence', 'This event has no occurrence at that time', 'Sự kiện không diễn ra vào thời điểm đó')
        const existing = current.find((x) => x.occurrence.getTime() === occurrence.getTime())
        const key = and(eq(calendarExceptions.eventId, before.id), eq(calendarExceptions.occurrence, occurrence))
        if (body.action === 'restore') {
          if (!existing) return false
          await tx.delete(calendarExceptions).where(key)
        } else {
          if (existing && (existing.start?.getTime() ?? null) === (start?.getTime() ?? null)) return false
          if (!existing && current.length >= CALENDAR_EXCEPTIONS_MAX)
            throw fieldError(
              'occurrence',
              `At most ${CALENDAR_EXCEPTIONS_MAX} occurrences can be skipped or moved`,
              `Chỉ có thể bỏ qua hoặc dời tối đa ${CALENDAR_EXCEPTIONS_MAX} lần`,
            )
          await tx
            .insert(calendarExceptions)
            .values({ eventId: before.id, occurrence, startAt: start })
            .onConflictDoUpdate({ target: [calendarExceptions.eventId, calendarExceptions.occurrence], set: { startAt: start } })
        }
        await tx.update(calendarEvents).set({ updatedAt: now() }).where(eq(calendarEvents.id, before.id))
        await planReminder(tx, before, await exceptionsIn(tx, before.id))
        return true
      })
      const after = await loadOne(db, body.event_id)
      if (!after) throw notFound()
      if (changed) announce('updated', after)
      return toCalendarEvent(after, userId)
    },

    /** Deletes the whole event (its creator, or a group reminder's chat admins); CALENDAR_CHANGED carries it as it was. */
    async remove(userId: string, eventId: string): Promise<{ event_id: string }> {
      const { rows, role } = await accessTo(userId, eventId)
      requireManager(userId, rows, role)
      const deleted = await db.transaction(async (tx) => {
        const gone = await tx.delete(calendarEvents).where(eq(calendarEvents.id, eventId)).returning({ id: calendarEvents.id })
        if (gone.length) await queue.cancel(tx, calendarRemindKey(eventId))
        return gone.length > 0
      })
      if (deleted) announce('deleted', rows)
      return { event_id: eventId }
    },

    /** The event, for one who sees it, and whether they may change it. */
    async info(userId: string, eventId: string): Promise<CalendarEventView> {
      const { rows, role } = await accessTo(userId, eventId)
      return { ...toCalendarEvent(rows, userId), can_manage: mayManage(userId, rows, role) }
    },

    /**
     * The occurrences in [from, to) (an occurrence overlapping the range counts) of the events the
     * caller sees, filtered by relation, chat (404 unknown, 403 not a member), channel (the events of
     * its chats; 404 unknown, 403 not a member) and task status; earliest first, at most
     * CALENDAR_OCCURRENCES_MAX in all, grouped by the caller's relation. Two queries: the events that
     * do not repeat starting in or overlapping the range, and the repeating ones started before its end.
     */
    async list(userId: string, query: CalendarListQuery): Promise<CalendarList> {
      const from = new Date(query.from)
      const to = new Date(query.to)
      const filters: (SQL | undefined)[] = [visibleTo(userId)]
      if (query.topic_id !== undefined) {
        await requireTopicMember(db, query.topic_id, userId)
        filters.push(eq(calendarEvents.topicId, query.topic_id))
      }
      if (query.channel_id !== undefined) {
        await requireChannelMember(userId, query.channel_id)
        filters.push(
          inArray(calendarEvents.topicId, db.select({ id: topics.id }).from(topics).where(eq(topics.channelId, query.channel_id))),
        )
      }
      if (query.type !== undefined) filters.push(ofType(query.type, userId))
      if (query.status !== undefined) filters.push(eq(calendarEvents.kind, 'task'), eq(calendarEvents.status, query.status))
      const scope = and(...filters)
      const once = await heads(
        db,
        and(
          scope,
          isNull(calendarEvents.rrule),
          lt(calendarEvents.startAt, to),
          or(
            and(isNull(calendarEvents.endAt), gte(calendarEvents.startAt, from)),
            and(isNotNull(calendarEvents.endAt), gt(calendarEvents.endAt, from)),
          ),
        ),
      )
        .orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id))
        .limit(CALENDAR_OCCURRENCES_MAX)
      const movedInto = exists(
        db
          .select({ one: sql`1` })
          .from(calendarExceptions)
          .where(and(eq(calendarExceptions.eventId, calendarEvents.id), lt(calendarExceptions.startAt, to))),
      )
      const repeating = await heads(db, and(scope, isNotNull(calendarEvents.rrule), or(lt(calendarEvents.startAt, to), movedInto)))
      const grouped: CalendarList = { group: [], personal: [], assign_by: [], assign_to: [] }
      for (const o of occurrencesOf([...once, ...repeating], userId, from, to)) grouped[o.event.type].push(o)
      return grouped
    },

    /** One event as an iCalendar file, for one who sees it. */
    async ics(userId: string, eventId: string): Promise<{ name: string; body: string }> {
      const { rows } = await accessTo(userId, eventId)
      return { name: rows.event.title, body: icsText([rows], rows.event.title) }
    },

    /** The caller's private feed URL: its secret is made on the first ask, and shown again after. */
    async feed(userId: string): Promise<CalendarFeed> {
      let [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1)
      if (!row) {
        const salt = randomBytes(32).toString('base64url')
        await db
          .insert(calendarFeeds)
          .values({ userId, salt, tokenHash: tokenHash(feedToken(userId, salt)), createdAt: now() })
          .onConflictDoNothing()
        ;[row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1)
        if (!row) throw notFound()
      }
      const token = feedToken(userId, row.salt)
      // The server's secret changed since: the feed's URL is the one it makes now.
      if (row.tokenHash !== tokenHash(token))
        await db
          .update(calendarFeeds)
          .set({ tokenHash: tokenHash(token) })
          .where(eq(calendarFeeds.userId, userId))
      return { url: feedUrl(token) }
    },

    /** A new secret for the caller's feed: the old URL answers 404 from now on. */
    async feedReset(userId: string): Promise<CalendarFeed> {
      const salt = randomBytes(32).toString('base64url')
      const token = feedToken(userId, salt)
      const values = { salt, tokenHash: tokenHash(token), createdAt: now() }
      await db
        .insert(calendarFeeds)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: values })
      return { url: feedUrl(token) }
    },

    /**
     * The feed of the token's owner (404 for a token that opens none): the events they see that have
     * an occurrence from FEED_DAYS_BACK days ago on, at most FEED_EVENTS_MAX (the latest first).
     */
    async feedFile(tokenParam: string): Promise<string> {
      const token = tokenParam.endsWith('.ics') ? tokenParam.slice(0, -'.ics'.length) : tokenParam
      const [owner] = await db
        .select({ userId: calendarFeeds.userId, name: users.name })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.tokenHash, tokenHash(token)))
        .limit(1)
      if (!owner) throw notFound()
      const since = new Date(config.now() - FEED_DAYS_BACK * DAY)
      const found = await heads(
        db,
        and(
          visibleTo(owner.userId),
          or(
            isNotNull(calendarEvents.rrule),
            gte(calendarEvents.startAt, since),
            and(isNotNull(calendarEvents.endAt), gte(calendarEvents.endAt, since)),
          ),
        ),
      )
        .orderBy(sql`${calendarEvents.startAt} desc`, asc(calendarEvents.id))
        .limit(FEED_EVENTS_MAX)
      const current = found.filter((rows) => {
        if (rows.event.rrule === null) return true
        return seriesOf(rows.event, rows.exceptions).next(since) !== null
      })
      return icsText(current, `Workroom: ${owner.name}`)
    },
  }
  return service
}

export type CalendarService = ReturnType<typeof createCalendarService>
