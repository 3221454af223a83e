import type { CalendarChange, CalendarEvent, CalendarExceptionBody, CalendarOccurrence } from '../../../contract/calendar'

export type { CalendarChange, CalendarEvent, CalendarExceptionBody, CalendarOccurrence }

export interface CalendarEventInput {
  eventId: string
  meId: string
  /** The occurrence opened (its rule's start, from a calendar view or a reminder's message); null: the next one. */
  occurrence: string | null
}

/** What the detail reads: the event, whether the reader may change it (the server says), and for a repeating one its coming occurrences. */
export interface LoadedEvent {
  event: CalendarEvent
  canManage: boolean
  upcoming: CalendarOccurrence[]
}

export interface CalendarEventContext extends CalendarEventInput {
  event: CalendarEvent | null
  /** The reader may change and delete it (calendar/info's can_manage: its creator, a group reminder's chat admins). */
  canManage: boolean
  upcoming: CalendarOccurrence[]
  /** The new time of the occurrence being moved (a datetime-local value, the browser's time). */
  moveTo: string
  /** What was just done to an occurrence (a notice). */
  done: 'skipped' | 'moved' | null
  /** The server's reason the last action (or read) failed. */
  error: string | null
}

export type CalendarEventEvent =
  | { type: 'PICK_OCCURRENCE'; occurrence: string }
  | { type: 'SKIP' }
  | { type: 'MOVE' }
  | { type: 'MOVE_TIME'; value: string }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DOWNLOAD' }
  | { type: 'RETRY' }
  /** Socket CALENDAR_CHANGED (or the reader's own edit saved). */
  | { type: 'CHANGED'; change: CalendarChange; event: CalendarEvent }
  /** The socket connected again: the event is read again. */
  | { type: 'REFRESH' }
