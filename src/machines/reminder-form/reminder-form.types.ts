import type { CalendarCreateBody, CalendarEvent, CalendarKind, CalendarUpdateBody } from '../../../contract/calendar'
import type { Sender } from '../../../contract/message'
import type { RepeatChoice, RepeatProblem } from './repeat-rule'

export type { CalendarCreateBody, CalendarEvent, CalendarKind, CalendarUpdateBody, Sender }

/** A chat's event (its members see it; a task's assignees are among them) or a personal one (a task's: among the reader's friends). */
export type ReminderScope = 'chat' | 'personal'

/** A chat a new event may be put in (the channel calendar's form chooses one of the channel's chats). */
export interface ReminderChat {
  _id: string
  name: string
}

/** "Remind me" choices, in minutes before the start. */
export const REMIND_CHOICES = [0, 5, 15, 30, 60, 1440] as const

export interface ReminderFormInput {
  /** Made once per form: every try of a new event sends it, so a retry after a lost answer makes no second one. */
  clientId: string
  /** Editing it; null: a new one. */
  event: CalendarEvent | null
  /** The chat it may go in (opened from a chat or one of its messages); null: personal only. */
  topicId: string | null
  topicName: string | null
  /**
   * The chats a new one may go in, `topicId` among them (a channel calendar's: the channel's chats
   * the reader is in); it is always a chat's then. Absent or null: no choice of chat.
   */
  chats?: ReminderChat[] | null
  /** The message it is about ("Remind me about this"). */
  messageId: string | null
  /** The chat's members when known (null: read them when a task needs them). */
  members: Sender[] | null
  meId: string
  /** The browser's IANA time zone (a new one's default). */
  timeZone: string
  /** A new one opened from a chat: whether it starts as the chat's (default) or personal. */
  defaultScope?: ReminderScope
  /** A new one's day ('YYYY-MM-DD'; default today) and title (a message's words). */
  day?: string
  draftTitle?: string
  /** The reader's clock (a new one starts at the next full hour). */
  now: () => number
}

/** The form's fields. */
export interface ReminderValues extends RepeatChoice {
  kind: CalendarKind
  scope: ReminderScope
  title: string
  note: string
  /** 'YYYY-MM-DD' and 'HH:MM' on the time zone's clocks. */
  date: string
  time: string
  hasEnd: boolean
  endDate: string
  endTime: string
  /** Minutes before the start. */
  remind: number
  timeZone: string
  assigneeIds: string[]
}

export interface ReminderFormContext extends ReminderFormInput, ReminderValues {
  /** What the fields held when the form opened (an edit sends only what differs). */
  initial: ReminderValues
  /** Who may be assigned: the chat's members, the reader's friends (null: not read yet). */
  people: { chat: Sender[] | null; personal: Sender[] | null }
  /** Save was refused here: the field messages show from then on. */
  checked: boolean
  /** The server's reason the last save (or the people's read) failed. */
  error: string | null
  /** The server's field messages of the last refused save (a 400's `errors`). */
  serverErrors: Record<string, string[]>
}

/** The call the form makes: POST calendar/create, or PUT calendar/update with the changed fields only. */
export type ReminderSaveInput = { kind: 'create'; body: CalendarCreateBody } | { kind: 'update'; body: CalendarUpdateBody }

export type ReminderFormEvent =
  | { type: 'KIND'; kind: CalendarKind }
  | { type: 'SCOPE'; scope: ReminderScope }
  | { type: 'CHAT'; topicId: string }
  | { type: 'TITLE'; value: string }
  | { type: 'NOTE'; value: string }
  | { type: 'START'; date?: string; time?: string }
  | { type: 'END'; enabled?: boolean; date?: string; time?: string }
  | { type: 'REPEAT'; choice: Partial<RepeatChoice> }
  | { type: 'REMIND'; minutes: number }
  | { type: 'ZONE'; timeZone: string }
  | { type: 'ASSIGNEE'; id: string; checked: boolean }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' }

export type TitleProblem = 'required' | 'tooLong' | null
export type NoteProblem = 'tooLong' | null
export type StartProblem = 'invalid' | null
export type EndProblem = 'invalid' | 'beforeStart' | null
export type ZoneProblem = 'invalid' | null
export type AssigneesProblem = 'required' | 'tooMany' | null

/** What keeps the form from being sent, field by field. */
export interface ReminderFormProblems {
  title: TitleProblem
  note: NoteProblem
  start: StartProblem
  end: EndProblem
  timeZone: ZoneProblem
  repeat: RepeatProblem
  assignees: AssigneesProblem
}
