import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CALENDAR_ASSIGNEES_MAX, CALENDAR_NOTE_MAX, CALENDAR_TITLE_MAX } from '../../../contract/calendar'
import { peopleOf, reminderFormProblems, type ReminderFormSnapshot } from './reminder-form.machine'
import { COUNT_MAX, INTERVAL_MAX, rruleOf, type RepeatChoice, type RepeatProblem } from './repeat-rule'
import type {
  AssigneesProblem,
  CalendarKind,
  EndProblem,
  NoteProblem,
  ReminderFormEvent,
  ReminderScope,
  StartProblem,
  TitleProblem,
  ZoneProblem,
} from './reminder-form.types'

const titleMax = CALENDAR_TITLE_MAX
const noteMax = CALENDAR_NOTE_MAX
const assigneesMax = CALENDAR_ASSIGNEES_MAX
const intervalMax = INTERVAL_MAX
const countMax = COUNT_MAX

const TITLE_MESSAGES: Record<NonNullable<TitleProblem>, MessageDescriptor> = {
  required: msg`Write a title`,
  tooLong: msg`The title can be at most ${titleMax} characters`,
}
const NOTE_MESSAGES: Record<NonNullable<NoteProblem>, MessageDescriptor> = {
  tooLong: msg`The note can be at most ${noteMax} characters`,
}
const START_MESSAGES: Record<NonNullable<StartProblem>, MessageDescriptor> = {
  invalid: msg`Enter a date and a time`,
}
const END_MESSAGES: Record<NonNullable<EndProblem>, MessageDescriptor> = {
  invalid: msg`Enter the end's date and time`,
  beforeStart: msg`The end must be after the start`,
}
const ZONE_MESSAGES: Record<NonNullable<ZoneProblem>, MessageDescriptor> = {
  invalid: msg`Choose a time zone`,
}
const REPEAT_MESSAGES: Record<NonNullable<RepeatProblem>, MessageDescriptor> = {
  interval: msg`Repeat every 1 to ${intervalMax}`,
  count: msg`End after 1 to ${countMax} times`,
  until: msg`Choose an end day on or after the start`,
}
const ASSIGNEES_MESSAGES: Record<NonNullable<AssigneesProblem>, MessageDescriptor> = {
  required: msg`Assign the task to someone`,
  tooMany: msg`Choose at most ${assigneesMax} people`,
}

/** A field's message: the form's own once Save was refused, else the server's for it. */
export type FieldMessage = MessageDescriptor | string | null

export interface AssigneeChoice {
  id: string
  name: string
  checked: boolean
  onChange: (checked: boolean) => void
}

/** The reminder form's props and handlers. */
export interface ReminderFormProps {
  open: boolean
  /** Editing an event (else a new one). */
  editing: boolean
  kind: CalendarKind
  /** A new one: reminder or task may be chosen. */
  canChooseKind: boolean
  scope: ReminderScope
  /** The chat it may go in (a new one opened from a chat: chat or personal); null: no choice. */
  chatName: string | null
  canChooseScope: boolean
  /** A new one with a choice of chats (a channel calendar's), the chosen one `chatId`; null: no choice. */
  chats: { id: string; name: string }[] | null
  chatId: string | null
  title: string
  titleError: FieldMessage
  note: string
  noteError: FieldMessage
  /** 'YYYY-MM-DD' and 'HH:MM' in the time zone. */
  date: string
  time: string
  startError: FieldMessage
  hasEnd: boolean
  endDate: string
  endTime: string
  endError: FieldMessage
  repeat: RepeatChoice
  repeatError: FieldMessage
  /** The RRULE value the repeat makes (custom: shown under it); null for none or a bad one. */
  rrule: string | null
  remind: number
  timeZone: string
  timeZoneError: FieldMessage
  /** A task: the people it may be assigned to (empty while they load). */
  assignees: AssigneeChoice[]
  assigneesError: FieldMessage
  /** The task's people are being read. */
  loading: boolean
  /** It is being saved: the form waits. */
  busy: boolean
  /** The server's reason the last save failed. */
  error: string | null
  onKind: (kind: CalendarKind) => void
  onScope: (scope: ReminderScope) => void
  onChat: (topicId: string) => void
  onTitle: (value: string) => void
  onNote: (value: string) => void
  onStart: (change: { date?: string; time?: string }) => void
  onEnd: (change: { enabled?: boolean; date?: string; time?: string }) => void
  onRepeat: (change: Partial<RepeatChoice>) => void
  onRemind: (minutes: number) => void
  onTimeZone: (zone: string) => void
  onSubmit: () => void
  onClose: () => void
}

/** Pure: snapshot and send -> the form's props and handlers. */
export function connect(snapshot: ReminderFormSnapshot, send: (event: ReminderFormEvent) => void): ReminderFormProps {
  const context = snapshot.context
  const problems = context.checked ? reminderFormProblems(context) : null
  const server = (...fields: string[]): string | null => fields.map((field) => context.serverErrors[field]?.[0]).find(Boolean) ?? null
  const field = <P extends string>(
    problem: P | null | undefined,
    messages: Record<P, MessageDescriptor>,
    ...fields: string[]
  ): FieldMessage => (problem ? messages[problem] : server(...fields))
  const repeatProblem = reminderFormProblems(context).repeat
  const people = peopleOf(context) ?? []
  return {
    open: snapshot.status === 'active',
    editing: context.event !== null,
    kind: context.kind,
    canChooseKind: context.event === null,
    scope: context.scope,
    chatName: context.topicId ? (context.topicName ?? '') : null,
    canChooseScope: context.event === null && context.topicId !== null && !context.chats,
    chats: context.event === null && context.chats ? context.chats.map((chat) => ({ id: chat._id, name: chat.name })) : null,
    chatId: context.topicId,
    title: context.title,
    titleError: field(problems?.title, TITLE_MESSAGES, 'title'),
    note: context.note,
    noteError: field(problems?.note, NOTE_MESSAGES, 'note'),
    date: context.date,
    time: context.time,
    startError: field(problems?.start, START_MESSAGES, 'start'),
    hasEnd: context.hasEnd,
    endDate: context.endDate,
    endTime: context.endTime,
    endError: field(problems?.end, END_MESSAGES, 'end'),
    repeat: {
      repeat: context.repeat,
      interval: context.interval,
      unit: context.unit,
      weekdays: context.weekdays,
      ends: context.ends,
      count: context.count,
      until: context.until,
    },
    repeatError: field(problems?.repeat, REPEAT_MESSAGES, 'rrule'),
    rrule: repeatProblem === null ? rruleOf(context, context.timeZone) : null,
    remind: context.remind,
    timeZone: context.timeZone,
    timeZoneError: field(problems?.timeZone, ZONE_MESSAGES, 'time_zone'),
    assignees:
      context.kind !== 'task'
        ? []
        : people.map((person) => ({
            id: person._id,
            name: person.name,
            checked: context.assigneeIds.includes(person._id),
            onChange: (checked) => send({ type: 'ASSIGNEE', id: person._id, checked }),
          })),
    assigneesError: context.kind === 'task' ? field(problems?.assignees, ASSIGNEES_MESSAGES, 'assignee_ids') : null,
    loading: snapshot.matches('loadingPeople'),
    busy: snapshot.matches('saving'),
    error: context.error,
    onKind: (kind) => send({ type: 'KIND', kind }),
    onScope: (scope) => send({ type: 'SCOPE', scope }),
    onChat: (topicId) => send({ type: 'CHAT', topicId }),
    onTitle: (value) => send({ type: 'TITLE', value }),
    onNote: (value) => send({ type: 'NOTE', value }),
    onStart: (change) => send({ type: 'START', ...change }),
    onEnd: (change) => send({ type: 'END', ...change }),
    onRepeat: (choice) => send({ type: 'REPEAT', choice }),
    onRemind: (minutes) => send({ type: 'REMIND', minutes }),
    onTimeZone: (timeZone) => send({ type: 'ZONE', timeZone }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onClose: () => send({ type: 'CLOSE' }),
  }
}
