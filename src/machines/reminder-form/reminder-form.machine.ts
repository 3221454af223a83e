import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { CALENDAR_ASSIGNEES_MAX, CALENDAR_NOTE_MAX, CALENDAR_TITLE_MAX } from '../../../contract/calendar'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { choiceOf, repeatProblem, rruleOf } from './repeat-rule'
import type {
  CalendarCreateBody,
  CalendarEvent,
  CalendarUpdateBody,
  ReminderFormContext,
  ReminderFormEvent,
  ReminderFormInput,
  ReminderFormProblems,
  ReminderSaveInput,
  ReminderScope,
  ReminderValues,
  Sender,
} from './reminder-form.types'
import { isTimeZone, zonedInstant, zonedParts } from './zoned-time'

/**
 * "New reminder" / "Edit reminder": a reminder or a task (assigned to people), in a chat or
 * personal, at a date and time in a time zone, perhaps until an end, perhaps repeating, with a
 * notification some minutes before.
 *
 *   starting --> loadingPeople (a task whose choices are not known: the chat's members by
 *     topic/info, or the reader's friends) --done / error--> editing ; or straight to editing
 *   editing
 *     TITLE, NOTE, START, END, REPEAT (a preset, or custom: interval, unit, weekdays, ends), REMIND,
 *       ZONE, ASSIGNEE change it (the server's field messages then go)
 *     KIND (reminder / task) and SCOPE (chat / personal; a new one opened from a chat) change it;
 *       a task whose people are not known yet --> loadingPeople. Another scope: nobody assigned.
 *     CHAT (a new one with a choice of chats, a channel calendar's: always a chat's) puts it in
 *       another of them: nobody assigned, its people not known yet (a task --> loadingPeople)
 *     SUBMIT when the form is bad: the field messages show (from then on)
 *     SUBMIT editing with nothing changed --> closed
 *     SUBMIT --> saving: POST calendar/create with the form's client_id (made once per form: a
 *       retry is the same event), or PUT calendar/update with the changed fields only
 *       --done--> saved (injected `eventSaved`) ; --error--> editing with the server's message
 *       and its field messages, every field kept
 *     CLOSE --> closed
 *
 * Pure: the calls are injected promise actors, the clock an input.
 */

/** The fields an event opens the form with; a new one's: a reminder at the next full hour. */
export function valuesOf(input: ReminderFormInput): ReminderValues {
  const event = input.event
  if (event === null) {
    const zone = isTimeZone(input.timeZone) ? input.timeZone : 'UTC'
    const now = input.now()
    const nextHour = zonedParts(Math.ceil((now + 1) / 3_600_000) * 3_600_000, zone)
    const today = zonedParts(now, zone).date
    const later = input.day !== undefined && input.day > today
    const date = later ? input.day! : nextHour.date
    return {
      ...choiceOf(null, zone),
      kind: 'reminder',
      // With a choice of chats (a channel calendar's) it is always a chat's.
      scope: input.topicId ? (input.chats ? 'chat' : (input.defaultScope ?? 'chat')) : 'personal',
      title: input.draftTitle ?? '',
      note: '',
      date,
      time: later ? '09:00' : nextHour.time,
      hasEnd: false,
      endDate: date,
      endTime: '',
      remind: 0,
      timeZone: zone,
      assigneeIds: [],
    }
  }
  const start = zonedParts(event.start, event.time_zone)
  const end = event.end === null ? null : zonedParts(event.end, event.time_zone)
  return {
    ...choiceOf(event.rrule, event.time_zone),
    kind: event.kind,
    scope: event.topic_id ? 'chat' : 'personal',
    title: event.title,
    note: event.note,
    date: start.date,
    time: start.time,
    hasEnd: end !== null,
    endDate: end?.date ?? start.date,
    endTime: end?.time ?? '',
    remind: event.remind_minutes,
    timeZone: event.time_zone,
    assigneeIds: event.assignees.map((person) => person._id),
  }
}

/** The start as an instant (ms), or null when the date, time or zone is not one. */
export const startOf = (values: ReminderValues) => zonedInstant(values.date, values.time, values.timeZone)
export const endOf = (values: ReminderValues) => (values.hasEnd ? zonedInstant(values.endDate, values.endTime, values.timeZone) : null)

export function reminderFormProblems(values: ReminderValues): ReminderFormProblems {
  const title = values.title.trim()
  const start = startOf(values)
  const end = endOf(values)
  return {
    title: title === '' ? 'required' : title.length > CALENDAR_TITLE_MAX ? 'tooLong' : null,
    note: values.note.trim().length > CALENDAR_NOTE_MAX ? 'tooLong' : null,
    start: start === null ? 'invalid' : null,
    end: !values.hasEnd ? null : end === null ? 'invalid' : start !== null && end <= start ? 'beforeStart' : null,
    timeZone: isTimeZone(values.timeZone) ? null : 'invalid',
    repeat: repeatProblem(values, values.date),
    assignees:
      values.kind !== 'task'
        ? null
        : values.assigneeIds.length === 0
          ? 'required'
          : values.assigneeIds.length > CALENDAR_ASSIGNEES_MAX
            ? 'tooMany'
            : null,
  }
}

export const reminderIsValid = (problems: ReminderFormProblems) => Object.values(problems).every((problem) => problem === null)

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** The body of POST calendar/create for the form as it is (a valid one). */
export function createBodyOf(context: ReminderFormContext): CalendarCreateBody {
  return {
    client_id: context.clientId,
    kind: context.kind,
    title: context.title.trim(),
    note: context.note.trim(),
    topic_id: context.scope === 'chat' ? context.topicId : null,
    message_id: context.messageId,
    start: isoOf(startOf(context))!,
    end: isoOf(endOf(context)),
    time_zone: context.timeZone,
    rrule: rruleOf(context, context.timeZone),
    remind_minutes: context.remind,
    assignee_ids: context.kind === 'task' ? [...context.assigneeIds] : [],
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id))

/** The body of PUT calendar/update: the fields that differ from what the form opened with; null when none does. */
export function updateBodyOf(context: ReminderFormContext): CalendarUpdateBody | null {
  const { initial } = context
  const changes: Omit<CalendarUpdateBody, 'event_id'> = {}
  if (context.title.trim() !== initial.title.trim()) changes.title = context.title.trim()
  if (context.note.trim() !== initial.note.trim()) changes.note = context.note.trim()
  const start = isoOf(startOf(context))
  if (start !== isoOf(startOf(initial))) changes.start = start!
  const end = isoOf(endOf(context))
  if (end !== isoOf(endOf(initial))) changes.end = end
  if (context.timeZone !== initial.timeZone) changes.time_zone = context.timeZone
  const rrule = rruleOf(context, context.timeZone)
  if (rrule !== rruleOf(initial, initial.timeZone)) changes.rrule = rrule
  if (context.remind !== initial.remind) changes.remind_minutes = context.remind
  if (context.kind === 'task' && !sameSet(context.assigneeIds, initial.assigneeIds)) changes.assignee_ids = [...context.assigneeIds]
  return Object.keys(changes).length === 0 ? null : { event_id: context.event!._id, ...changes }
}

/** The call Save makes for the form as it is. */
export const saveInputOf = (context: ReminderFormContext): ReminderSaveInput =>
  context.event === null ? { kind: 'create', body: createBodyOf(context) } : { kind: 'update', body: updateBodyOf(context)! }

/** The people a task may be assigned to, for the scope; null while not read. */
export const peopleOf = (context: Pick<ReminderFormContext, 'people' | 'scope'>): Sender[] | null => context.people[context.scope]

/** A task needs its people, and they are not read yet. */
const needsPeople = (context: Pick<ReminderFormContext, 'kind' | 'scope' | 'people'>) =>
  context.kind === 'task' && context.people[context.scope] === null

/** CHAT names one of the form's chats other than the one it is in. */
function otherChatOf(context: Pick<ReminderFormContext, 'chats' | 'topicId'>, event: ReminderFormEvent) {
  assertEvent(event, 'CHAT')
  return event.topicId !== context.topicId ? (context.chats?.find((chat) => chat._id === event.topicId) ?? null) : null
}

/** A refused save's field messages (the service puts a 400's `errors` on the error as `fields`). */
function fieldsOf(event: unknown): Record<string, string[]> {
  const fields = (event as { error?: { fields?: unknown } }).error?.fields
  return fields && typeof fields === 'object' ? (fields as Record<string, string[]>) : {}
}

const notProvided = actorNotProvided('reminderForm')

const changed = { error: null, serverErrors: {} }

export const reminderFormMachine = setup({
  types: {
    context: {} as ReminderFormContext,
    events: {} as ReminderFormEvent,
    input: {} as ReminderFormInput,
  },
  actors: {
    /** POST calendar/create or PUT calendar/update. */
    saveEvent: fromPromise<CalendarEvent, ReminderSaveInput>(notProvided('saveEvent')),
    /** The chat's members (GET topic/info), or the reader's friends (GET contact). */
    loadPeople: fromPromise<Sender[], { scope: ReminderScope; topicId: string | null }>(notProvided('loadPeople')),
  },
  guards: {
    needsPeople: ({ context }) => needsPeople(context),
    kindNeedsPeople: ({ context, event }) => {
      assertEvent(event, 'KIND')
      return needsPeople({ ...context, kind: event.kind })
    },
    scopeNeedsPeople: ({ context, event }) => {
      assertEvent(event, 'SCOPE')
      return needsPeople({ ...context, scope: event.scope })
    },
    isOtherChat: ({ context, event }) => otherChatOf(context, event) !== null,
    otherChatNeedsPeople: ({ context, event }) => otherChatOf(context, event) !== null && context.kind === 'task',
    isInvalid: ({ context }) => !reminderIsValid(reminderFormProblems(context)),
    unchanged: ({ context }) => context.event !== null && updateBodyOf(context) === null,
  },
  actions: {
    /** Injected: the event was saved (it reaches the calendars over the socket too). */
    eventSaved: (_, _params: { event: CalendarEvent }) => {},
    setKind: assign(({ event }) => {
      assertEvent(event, 'KIND')
      return { kind: event.kind, ...changed }
    }),
    setScope: assign(({ context, event }) => {
      assertEvent(event, 'SCOPE')
      return { scope: event.scope, assigneeIds: event.scope === context.scope ? context.assigneeIds : [], ...changed }
    }),
    setChat: assign(({ context, event }) => {
      const chat = otherChatOf(context, event)!
      return {
        topicId: chat._id,
        topicName: chat.name,
        scope: 'chat' as const,
        assigneeIds: [],
        people: { ...context.people, chat: null },
        ...changed,
      }
    }),
    setTitle: assign(({ event }) => {
      assertEvent(event, 'TITLE')
      return { title: event.value, ...changed }
    }),
    setNote: assign(({ event }) => {
      assertEvent(event, 'NOTE')
      return { note: event.value, ...changed }
    }),
    setStart: assign(({ context, event }) => {
      assertEvent(event, 'START')
      const date = event.date ?? context.date
      // The end keeps to the start's day until it is given one of its own.
      const endDate = context.endDate === context.date && event.date !== undefined ? event.date : context.endDate
      return { date, time: event.time ?? context.time, endDate, ...changed }
    }),
    setEnd: assign(({ context, event }) => {
      assertEvent(event, 'END')
      return {
        hasEnd: event.enabled ?? context.hasEnd,
        endDate: event.date ?? context.endDate,
        endTime: event.time ?? context.endTime,
        ...changed,
      }
    }),
    setRepeat: assign(({ event }) => {
      assertEvent(event, 'REPEAT')
      return { ...event.choice, ...changed }
    }),
    setRemind: assign(({ event }) => {
      assertEvent(event, 'REMIND')
      return { remind: event.minutes, ...changed }
    }),
    setZone: assign(({ event }) => {
      assertEvent(event, 'ZONE')
      return { timeZone: event.timeZone, ...changed }
    }),
    setAssignee: assign(({ context, event }) => {
      assertEvent(event, 'ASSIGNEE')
      const others = context.assigneeIds.filter((id) => id !== event.id)
      return { assigneeIds: event.checked ? [...others, event.id] : others, ...changed }
    }),
    showProblems: assign({ checked: true, ...changed }),
    takePeople: assign(({ context, event }) => ({
      people: { ...context.people, [context.scope]: (event as unknown as { output: Sender[] }).output },
    })),
    peopleFailed: assign(({ context, event }) => ({
      // Only those assigned already are offered; the reason shows.
      people: { ...context.people, [context.scope]: context.event?.assignees ?? [] },
      error: errorTextOf(event),
    })),
    showError: assign(({ event }) => ({ error: errorTextOf(event), serverErrors: fieldsOf(event) })),
  },
}).createMachine({
  id: 'reminderForm',
  context: ({ input }) => {
    const topicId = input.event ? input.event.topic_id : input.topicId
    const initial = valuesOf({ ...input, topicId })
    return {
      ...input,
      topicId,
      topicName: input.event ? input.event.topic_name : input.topicName,
      chats: input.event ? null : (input.chats ?? null),
      ...initial,
      weekdays: [...initial.weekdays],
      assigneeIds: [...initial.assigneeIds],
      initial,
      people: { chat: topicId ? input.members : [], personal: null },
      checked: false,
      error: null,
      serverErrors: {},
    }
  },
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'needsPeople', target: 'loadingPeople' }, { target: 'editing' }] },
    loadingPeople: {
      invoke: {
        id: 'loadPeople',
        src: 'loadPeople',
        input: ({ context }) => ({ scope: context.scope, topicId: context.scope === 'chat' ? context.topicId : null }),
        onDone: { target: 'editing', actions: 'takePeople' },
        onError: { target: 'editing', actions: 'peopleFailed' },
      },
      on: { CLOSE: 'closed' },
    },
    editing: {
      on: {
        KIND: [{ guard: 'kindNeedsPeople', target: 'loadingPeople', actions: 'setKind' }, { actions: 'setKind' }],
        SCOPE: [{ guard: 'scopeNeedsPeople', target: 'loadingPeople', actions: 'setScope' }, { actions: 'setScope' }],
        CHAT: [
          { guard: 'otherChatNeedsPeople', target: 'loadingPeople', actions: 'setChat' },
          { guard: 'isOtherChat', actions: 'setChat' },
        ],
        TITLE: { actions: 'setTitle' },
        NOTE: { actions: 'setNote' },
        START: { actions: 'setStart' },
        END: { actions: 'setEnd' },
        REPEAT: { actions: 'setRepeat' },
        REMIND: { actions: 'setRemind' },
        ZONE: { actions: 'setZone' },
        ASSIGNEE: { actions: 'setAssignee' },
        SUBMIT: [{ guard: 'isInvalid', actions: 'showProblems' }, { guard: 'unchanged', target: 'closed' }, { target: 'saving' }],
        CLOSE: 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveEvent',
        src: 'saveEvent',
        input: ({ context }) => saveInputOf(context),
        onDone: { target: 'saved', actions: { type: 'eventSaved', params: ({ event }) => ({ event: event.output }) } },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const reminderFormSampleInput: ReminderFormInput = {
  clientId: 'reminder-client-1',
  event: null,
  topicId: 'topic-1',
  topicName: 'Design',
  messageId: null,
  members: [
    { _id: 'user-1', name: 'Ann', workid: 'ann', photo_url: null },
    { _id: 'user-2', name: 'Bao', workid: 'bao', photo_url: null },
  ],
  meId: 'user-1',
  timeZone: 'Asia/Ho_Chi_Minh',
  now: () => Date.parse('2026-11-18T02:10:00Z'),
}

export type ReminderFormMachine = typeof reminderFormMachine
export type ReminderFormActor = ActorRefFrom<ReminderFormMachine>
export type ReminderFormSnapshot = SnapshotFrom<ReminderFormMachine>
