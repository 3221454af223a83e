import type { CalendarEvent, CalendarOccurrence, CalendarType, Sender, TaskStatus } from '../../../contract'
import type { CalendarEventRow } from '../../db/schema'
import type { Occurrence } from './recurrence'

/** A person as an event shows them (its creator, an assignee). */
export type PersonColumns = { id: string; name: string; workid: string; photoUrl: string | null }

/** An exception as read (epoch ms, so no time zone of the database session is involved). */
export interface ExceptionColumns {
  occurrence: number
  start: number | null
}

/** Everything an event's view is made of, as read from the database. */
export interface EventRows {
  event: CalendarEventRow
  /** The chat's name (null: no chat). */
  topicName: string | null
  creator: PersonColumns
  /** By name, then id. */
  assignees: PersonColumns[]
  /** By occurrence. */
  exceptions: ExceptionColumns[]
  /** Its message's chat and seq (null: none, or deleted). */
  messageLink?: { topicId: string; seq: number; deletedAt: Date | null } | null
}

const asSender = (p: PersonColumns): Sender => ({ _id: p.id, name: p.name, workid: p.workid, photo_url: p.photoUrl })

/**
 * The reader's relation to an event (calendar/list's groups): a task they created is assign_by,
 * one assigned to them by someone else assign_to, any other task of their chat and a reminder in a
 * chat group, a reminder without one personal.
 */
export function relationOf({ event, assignees }: Pick<EventRows, 'event' | 'assignees'>, readerId: string): CalendarType {
  if (event.kind === 'task') {
    if (event.creatorId === readerId) return 'assign_by'
    if (assignees.some((a) => a.id === readerId)) return 'assign_to'
    return 'group'
  }
  return event.topicId === null ? 'personal' : 'group'
}

/** The event as `readerId` sees it (only `type` depends on the reader). */
export function toCalendarEvent(rows: EventRows, readerId: string): CalendarEvent {
  const { event, topicName, creator, assignees, exceptions } = rows
  return {
    _id: event.id,
    kind: event.kind as CalendarEvent['kind'],
    type: relationOf(rows, readerId),
    title: event.title,
    note: event.note,
    topic_id: event.topicId,
    topic_name: event.topicId === null ? null : topicName,
    message_id: event.messageId,
    ...(rows.messageLink &&
      !rows.messageLink.deletedAt && { message_link: { topic_id: rows.messageLink.topicId, seq: rows.messageLink.seq } }),
    start: event.startAt.toISOString(),
    end: event.endAt?.toISOString() ?? null,
    time_zone: event.timeZone,
    rrule: event.rrule,
    exceptions: exceptions.map((x) => ({
      occurrence: new Date(x.occurrence).toISOString(),
      start: x.start === null ? null : new Date(x.start).toISOString(),
    })),
    remind_minutes: event.remindMinutes,
    creator: asSender(creator),
    assignees: assignees.map(asSender),
    status: (event.status as TaskStatus | null) ?? null,
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  }
}

/** One occurrence of a listed event. */
export const toOccurrence = (event: CalendarEvent, o: Occurrence, remindMinutes: number): CalendarOccurrence => ({
  event,
  occurrence: o.occurrence.toISOString(),
  start: o.start.toISOString(),
  end: o.end?.toISOString() ?? null,
  remind_at: new Date(o.start.getTime() - remindMinutes * 60_000).toISOString(),
  moved: o.moved,
})
