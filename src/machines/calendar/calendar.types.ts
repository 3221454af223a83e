import type {
  CalendarChange,
  CalendarEvent,
  CalendarList,
  CalendarListQuery,
  CalendarOccurrence,
  CalendarType,
  TaskStatus,
} from '../../../contract/calendar'
import type { Day } from './calendar.dates'

export type { CalendarChange, CalendarEvent, CalendarList, CalendarListQuery, CalendarOccurrence, CalendarType, TaskStatus, Day }

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'schedule'] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]

/** The type filter: every kind, or one relation of the reader to the event. */
export type TypeFilter = 'all' | CalendarType
/** The task status filter. */
export type StatusFilter = 'all' | TaskStatus

/** The type filter's choices, in their order. */
export const TYPE_FILTERS: readonly TypeFilter[] = ['all', 'group', 'personal', 'assign_by', 'assign_to']
/** The task status filter's choices, in their order. */
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'pending', 'todo', 'doing', 'done', 'failed', 'cancel']

/** The instants a view shows: from (inclusive) to (exclusive), ISO. */
export interface CalendarRange {
  from: string
  to: string
}

export interface CalendarInput {
  /** The reader's clock (today, and the Today button). */
  now: () => number
  /** The first day of a week: 0 Sunday (en), 1 Monday (vi). */
  weekStart: number
  view?: CalendarView
  /** The day in focus ('YYYY-MM-DD'); default today. */
  date?: Day
  type?: TypeFilter
  status?: StatusFilter
  /** Only this chat's events (its "Reminders"), fixed for this calendar. */
  topicId?: string | null
  /** Only the events of this channel's chats (the channel calendar), fixed for this calendar. */
  channelId?: string | null
}

export interface CalendarContext {
  now: () => number
  weekStart: number
  view: CalendarView
  focused: Day
  type: TypeFilter
  status: StatusFilter
  topicId: string | null
  channelId: string | null
  /** The range being loaded or last loaded (what the view shows). */
  range: CalendarRange
  /** The range's occurrences, each once, by start. */
  occurrences: CalendarOccurrence[]
  /** Why the last load failed (the first: the failed state; a refresh: shown over the old content). */
  error: string | null
}

/** A move of the focused day or the view (the toolbar, the grid's keys, a picked day). */
export type CalendarMove =
  | { kind: 'prev' }
  | { kind: 'next' }
  | { kind: 'today' }
  | { kind: 'pick'; date: Day }
  /** The grid's arrow keys: a day left or right, a week up or down. */
  | { kind: 'days'; days: number }
  | { kind: 'view'; view: CalendarView }
  /** Enter on a day of the grid: that day's own view. */
  | { kind: 'openDay' }

/** What the calendar takes (its machine events; CalendarEvent is a reminder or task). */
export type CalendarViewEvent =
  | { type: 'NAVIGATE'; move: CalendarMove }
  | { type: 'FILTER'; filter: { type?: TypeFilter; status?: StatusFilter } }
  | { type: 'RETRY' }
  /** Socket CALENDAR_CHANGED, or the socket reconnected (it may have missed some): load the range again. */
  | { type: 'REFRESH' }
