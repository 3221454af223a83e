import { z } from 'zod'
import { timeZone } from './attention'
import { objectId } from './common'
import { sender } from './message'

/**
 * The calendar (calendar/*, spec sections 3, 4, 7): reminders and tasks.
 *
 * A reminder is personal (no topic: only its creator sees it) or a group reminder in a chat (its
 * members see it; in a group that restricts reminders to admins, the `reminder` permission, only
 * admins create one). A task is assigned by its creator (assign_by) to one or more people
 * (assign_to): members of its chat, or without a chat, the creator's friends.
 *
 * An event happens at `start` (a task: its deadline), optionally until `end`, in its owner's IANA
 * `time_zone`. It may repeat by an RFC 5545 rule (`rrule`: the RRULE value, without DTSTART, e.g.
 * `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`), expanded in that time zone so a daylight-saving change keeps
 * the wall-clock time; one occurrence may be skipped or moved (`exceptions`). Each occurrence
 * fires `remind_minutes` before its start, exactly once across nodes (the job queue): a
 * `calendar_notification` to those who see it (personal: the creator; a group reminder: the chat's
 * members; a task: its assignees) under the attention rules, and for a group reminder a message of
 * type `reminder` in its chat.
 */
export const CALENDAR_TITLE_MAX = 200
export const CALENDAR_NOTE_MAX = 2000
export const CALENDAR_ASSIGNEES_MAX = 20
/** At most a week ahead. */
export const CALENDAR_REMIND_MINUTES_MAX = 7 * 24 * 60
/** The longest range calendar/list expands (a month view with its leading and trailing weeks fits). */
export const CALENDAR_RANGE_DAYS_MAX = 100
/** The most occurrences calendar/list answers in all (the earliest first). */
export const CALENDAR_OCCURRENCES_MAX = 1000
export const CALENDAR_EXCEPTIONS_MAX = 100
export const CALENDAR_RRULE_MAX = 300

export const CALENDAR_KINDS = ['reminder', 'task'] as const
export const calendarKind = z.enum(CALENDAR_KINDS)
export type CalendarKind = z.infer<typeof calendarKind>

/** The caller's relation to an event: calendar/list's groups (spec: Calendar types). */
export const CALENDAR_TYPES = ['group', 'personal', 'assign_by', 'assign_to'] as const
export const calendarType = z.enum(CALENDAR_TYPES)
export type CalendarType = z.infer<typeof calendarType>

/**
 * Task statuses (spec section 4). A new task is `pending` until an assignee accepts it (`todo`) or
 * rejects it (`cancel`). Who may move a task from which status to which: TASK_MOVES.
 */
export const TASK_STATUSES = ['pending', 'todo', 'doing', 'done', 'failed', 'cancel'] as const
export const taskStatus = z.enum(TASK_STATUSES)
export type TaskStatus = z.infer<typeof taskStatus>

/** Who moves a task: one of its assignees, or its creator (the assigner). */
export type TaskRole = 'assignee' | 'assigner'

/**
 * The task statechart's moves, the rule the server enforces and the client's task machine is built
 * from: from a status, the statuses each role may set.
 * - assignee: accept (pending -> todo) or reject (pending -> cancel); start (todo -> doing); finish
 *   (todo or doing -> done); give up (doing -> failed); reopen their own finished one (done or
 *   failed -> doing).
 * - assigner: cancel while it is open (pending, todo, doing -> cancel); reopen an ended one (done,
 *   failed, cancel -> pending: the assignees are asked again).
 */
export const TASK_MOVES: Record<TaskStatus, Record<TaskRole, readonly TaskStatus[]>> = {
  pending: { assignee: ['todo', 'cancel'], assigner: ['cancel'] },
  todo: { assignee: ['doing', 'done'], assigner: ['cancel'] },
  doing: { assignee: ['done', 'failed'], assigner: ['cancel'] },
  done: { assignee: ['doing'], assigner: ['pending'] },
  failed: { assignee: ['doing'], assigner: ['pending'] },
  cancel: { assignee: [], assigner: ['pending'] },
}

export const mayMoveTask = (from: TaskStatus, to: TaskStatus, roles: readonly TaskRole[]): boolean =>
  roles.some((role) => TASK_MOVES[from][role].includes(to))

const title = z.string().trim().min(1).max(CALENDAR_TITLE_MAX)
const note = z.string().trim().max(CALENDAR_NOTE_MAX)
const instant = z.iso.datetime({ offset: true })
/**
 * The RRULE value (no DTSTART, no RRULE: prefix). Only DAILY, WEEKLY, MONTHLY and YEARLY repeat
 * (the server also parses it with the rrule library and refuses what it cannot read).
 */
export const rruleValue = z
  .string()
  .trim()
  .max(CALENDAR_RRULE_MAX)
  .regex(/^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/, { message: 'Not a repeat rule this calendar reads' })
const remindMinutes = z.number().int().min(0).max(CALENDAR_REMIND_MINUTES_MAX)
const assigneeIds = z.array(objectId).max(CALENDAR_ASSIGNEES_MAX)

/** POST calendar/create: idempotent on (creator, client_id): a repeat answers the same event. */
export const calendarCreateBody = z
  .strictObject({
    client_id: z.string().trim().min(1).max(64),
    kind: calendarKind,
    title,
    note: note.default(''),
    /** A chat the caller is in (a group reminder, or a task among its members); null: personal. */
    topic_id: objectId.nullable().default(null),
    /** A message the reminder is about (reminder-detail): one the caller can read. */
    message_id: objectId.nullable().default(null),
    start: instant,
    end: instant.nullable().default(null),
    time_zone: timeZone,
    rrule: rruleValue.nullable().default(null),
    remind_minutes: remindMinutes.default(0),
    /** A task's assignees (at least one); a reminder has none. */
    assignee_ids: assigneeIds.default([]),
  })
  .superRefine((body, issue) => {
    if (body.end !== null && Date.parse(body.end) <= Date.parse(body.start))
      issue.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start' })
    if (body.kind === 'task' && body.assignee_ids.length === 0)
      issue.addIssue({ code: 'custom', path: ['assignee_ids'], message: 'Assign the task to someone' })
    if (body.kind === 'reminder' && body.assignee_ids.length > 0)
      issue.addIssue({ code: 'custom', path: ['assignee_ids'], message: 'A reminder has no assignees' })
  })
export type CalendarCreateBody = z.input<typeof calendarCreateBody>

/** PUT calendar/update: its creator (or a group reminder's topic admins) changes the fields given (at least one); the whole series. */
export const calendarUpdateBody = z
  .strictObject({
    event_id: objectId,
    title: title.optional(),
    note: note.optional(),
    start: instant.optional(),
    end: instant.nullable().optional(),
    time_zone: timeZone.optional(),
    rrule: rruleValue.nullable().optional(),
    remind_minutes: remindMinutes.optional(),
    assignee_ids: assigneeIds.optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'event_id'), { message: 'Change at least one field', path: ['event_id'] })
export type CalendarUpdateBody = z.infer<typeof calendarUpdateBody>

/** PUT calendar/status: move a task (TASK_MOVES decides who may). */
export const calendarStatusBody = z.strictObject({ event_id: objectId, status: taskStatus })
export type CalendarStatusBody = z.infer<typeof calendarStatusBody>

/**
 * PUT calendar/exception: one occurrence of a repeating event (named by its original start):
 * skip it, move it to `start`, or restore it as the rule has it. Who may: as calendar/update.
 */
export const calendarExceptionBody = z
  .strictObject({
    event_id: objectId,
    occurrence: instant,
    action: z.enum(['skip', 'move', 'restore']),
    /** The moved occurrence's new start (`move` only). */
    start: instant.nullable().default(null),
  })
  .superRefine((body, issue) => {
    if (body.action === 'move' && body.start === null) issue.addIssue({ code: 'custom', path: ['start'], message: 'Choose the new time' })
    if (body.action !== 'move' && body.start !== null)
      issue.addIssue({ code: 'custom', path: ['start'], message: 'Only a move takes a time' })
  })
export type CalendarExceptionBody = z.input<typeof calendarExceptionBody>

/** DELETE calendar/delete: the whole event (its creator, or a group reminder's topic admins). */
export const calendarIdBody = z.strictObject({ event_id: objectId })
export type CalendarIdBody = z.infer<typeof calendarIdBody>

/** GET calendar/info, GET calendar/ics (the event as an .ics file). */
export const calendarIdQuery = z.object({ event_id: objectId })

/**
 * GET calendar/list: the occurrences from `from` (inclusive) to `to` (exclusive), at most
 * CALENDAR_RANGE_DAYS_MAX days, of the events the caller sees, grouped by the caller's relation;
 * filters: one type, one chat, one channel's chats, a task status.
 */
export const calendarListQuery = z
  .object({
    from: instant,
    to: instant,
    type: calendarType.optional(),
    topic_id: objectId.optional(),
    channel_id: objectId.optional(),
    status: taskStatus.optional(),
  })
  .superRefine((query, issue) => {
    const span = Date.parse(query.to) - Date.parse(query.from)
    if (!(span > 0)) issue.addIssue({ code: 'custom', path: ['to'], message: 'The range must end after it starts' })
    else if (span > CALENDAR_RANGE_DAYS_MAX * 24 * 3600 * 1000)
      issue.addIssue({ code: 'custom', path: ['to'], message: `At most ${CALENDAR_RANGE_DAYS_MAX} days at a time` })
  })
export type CalendarListQuery = z.infer<typeof calendarListQuery>

export const calendarException = z.object({
  /** The occurrence's start as the rule has it. */
  occurrence: z.string(),
  /** null: skipped; otherwise its new start. */
  start: z.string().nullable(),
})
export type CalendarException = z.infer<typeof calendarException>

export const calendarEvent = z.object({
  _id: z.string(),
  kind: calendarKind,
  /** The reader's relation to it. */
  type: calendarType,
  title: z.string(),
  note: z.string(),
  topic_id: z.string().nullable(),
  topic_name: z.string().nullable(),
  message_id: z.string().nullable(),
  /** Where its message is (its chat and seq: the chat opens on it), while that message is there; absent otherwise. */
  message_link: z.object({ topic_id: z.string(), seq: z.number().int() }).optional(),
  start: z.string(),
  end: z.string().nullable(),
  time_zone: z.string(),
  rrule: z.string().nullable(),
  exceptions: z.array(calendarException),
  remind_minutes: z.number(),
  creator: sender,
  assignees: z.array(sender),
  /** A task's status; null for a reminder. */
  status: taskStatus.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type CalendarEvent = z.infer<typeof calendarEvent>

/** calendar/info: the event and whether the reader may change and delete it (its creator; a group reminder's chat admins too). */
export const calendarEventView = calendarEvent.extend({ can_manage: z.boolean() })
export type CalendarEventView = z.infer<typeof calendarEventView>

/** One occurrence of an event in a listed range. */
export const calendarOccurrence = z.object({
  event: calendarEvent,
  /** The rule's start for it (what calendar/exception names). */
  occurrence: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  /** When its notification fires (start minus remind_minutes). */
  remind_at: z.string(),
  moved: z.boolean(),
})
export type CalendarOccurrence = z.infer<typeof calendarOccurrence>

export const calendarList = z.object({
  group: z.array(calendarOccurrence),
  personal: z.array(calendarOccurrence),
  assign_by: z.array(calendarOccurrence),
  assign_to: z.array(calendarOccurrence),
})
export type CalendarList = z.infer<typeof calendarList>

/**
 * The caller's private iCalendar feed (GET calendar/feed; POST calendar/feed-reset makes a new
 * secret and the old URL stops working). The URL, /api/calendar/feed/<token>.ics, needs no sign-in:
 * the token is the secret. It holds the caller's events from 30 days back, repeating ones as RRULE
 * with EXDATE and moved instances.
 */
export const calendarFeed = z.object({ url: z.string() })
export type CalendarFeed = z.infer<typeof calendarFeed>
export const calendarFeedParams = z.object({ token: z.string().min(1).max(128) })

/** A group reminder's message in its chat (message type `reminder`, its text this as JSON). */
export const reminderMessage = z.object({ event_id: z.string(), title: z.string(), start: z.string() })
export type ReminderMessage = z.infer<typeof reminderMessage>

export const CALENDAR_CHANGES = ['created', 'updated', 'deleted'] as const
export type CalendarChange = (typeof CALENDAR_CHANGES)[number]

/**
 * Socket CALENDAR_CHANGED, on every node, to everyone who sees the event (a chat's room; the
 * creator's and assignees' own sockets). `event.type` is as the creator sees it: a client recomputes
 * its own relation (assign_to when it is among the assignees and not the creator). `deleted`
 * carries the event as it was.
 */
export interface CalendarChangedPayload {
  change: CalendarChange
  event: CalendarEvent
}
