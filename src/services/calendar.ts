import { useEffect, useMemo, useRef, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CalendarEvent, CalendarFeed, CalendarList, CalendarListQuery, CalendarStatusBody } from '../../contract/calendar'
import type { Sender } from '../../contract/message'
import { calendarMachine, connect as connectCalendar, type CalendarInput } from '../machines/calendar'
import { calendarEventMachine, connect as connectEvent, type CalendarExceptionBody, type LoadedEvent } from '../machines/calendar-event'
import { calendarFeedMachine, connect as connectFeed } from '../machines/calendar-feed'
import {
  connect as connectForm,
  type ReminderChat,
  reminderFormMachine,
  type ReminderSaveInput,
  type ReminderScope,
} from '../machines/reminder-form'
import { connect as connectTask, taskStatusMachine } from '../machines/task-status'
import {
  calendarEventInfo,
  calendarFeed,
  calendarIcs,
  changeOccurrence,
  createCalendarEvent,
  deleteCalendarEvent,
  listCalendar,
  resetCalendarFeed,
  setTaskStatus,
  updateCalendarEvent,
} from './api/calendar'
import { contactPage } from './api/relates'
import { topicInfo } from './api/topic'
import { failingWithMessage, failureMessage } from './failure'
import { apiErrorOf } from './http'
import { currentLanguage } from './i18n'
import { everyPage } from './pages'
import { onSocketConnect, onSocketEvent } from './socket'
import { browserTimeZone } from './time-zones'

/** The first day of a week in the reader's language: Sunday in English, Monday in Vietnamese. */
export const weekStartOf = (language = currentLanguage()): number => (language === 'vi' ? 1 : 0)

/** The calendar's machine with its call: calendar/list. */
export const appCalendarMachine = calendarMachine.provide({
  actors: {
    loadRange: fromPromise<CalendarList, CalendarListQuery>(({ input }) => failingWithMessage(listCalendar(input))),
  },
})

/**
 * The calendar (mounted while it shows): its machine, loaded again when an event the reader sees
 * changes (socket CALENDAR_CHANGED) and when the socket reconnects (it may have missed some).
 */
export function useCalendar(input: Omit<CalendarInput, 'now' | 'weekStart'>) {
  const actor = useActorRef(appCalendarMachine, { input: { ...input, now: Date.now, weekStart: weekStartOf() } })
  useEffect(() => {
    const refresh = () => actor.send({ type: 'REFRESH' })
    const offs = [onSocketEvent('CALENDAR_CHANGED', refresh), onSocketConnect(refresh)]
    return () => offs.forEach((off) => off())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectCalendar(snapshot, actor.send), [snapshot, actor])
}

/**
 * A refused save as the form takes it: the server's message, and its field messages (a 400's
 * `errors`) as `fields`.
 */
async function withFieldMessages<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (failure) {
    throw Object.assign(new Error(failureMessage(failure), { cause: failure }), { fields: apiErrorOf(failure)?.body?.errors ?? {} })
  }
}

const senderOf = ({ _id, name, workid, photo_url }: Sender): Sender => ({ _id, name, workid, photo_url })

/** The form's machine with its calls: calendar/create or calendar/update; the chat's members (topic/info) or the reader's friends. */
export const appReminderFormMachine = reminderFormMachine.provide({
  actors: {
    saveEvent: fromPromise<CalendarEvent, ReminderSaveInput>(({ input }) =>
      withFieldMessages(input.kind === 'create' ? createCalendarEvent(input.body) : updateCalendarEvent(input.body)),
    ),
    loadPeople: fromPromise<Sender[], { scope: ReminderScope; topicId: string | null }>(async ({ input }) =>
      input.scope === 'chat' && input.topicId
        ? (await failingWithMessage(topicInfo(input.topicId))).customers.map(senderOf)
        : (await everyPage((page) => contactPage('friends', page))).map(senderOf),
    ),
  },
})

export interface ReminderFormOptions {
  /** Editing it; null: a new one. */
  event: CalendarEvent | null
  /** The chat it may go in; null: personal. */
  topicId: string | null
  topicName: string | null
  messageId: string | null
  /** The chat's members when known. */
  members: Sender[] | null
  meId: string
  /** A new one from a chat: the chat's (default) or personal. */
  defaultScope?: ReminderScope
  /** The chats a new one may go in, `topicId` (the chosen one) among them (a channel calendar's: its chats the reader is in). */
  chats?: ReminderChat[] | null
  /** A new one's day and title. */
  day?: string
  draftTitle?: string
  onSaved: (event: CalendarEvent) => void
  /** The form went (saved or cancelled). */
  onClosed: () => void
}

/**
 * One reminder form (mounted while it shows): its props and handlers. Its client_id is made once,
 * when it opens, so every try of a new event is the same event.
 */
export function useReminderForm({ onSaved, onClosed, ...input }: ReminderFormOptions) {
  const [clientId] = useState(() => crypto.randomUUID())
  const saved = useRef(onSaved)
  saved.current = onSaved
  const [machine] = useState(() =>
    appReminderFormMachine.provide({ actions: { eventSaved: (_, params: { event: CalendarEvent }) => saved.current(params.event) } }),
  )
  const actor = useActorRef(machine, { input: { ...input, clientId, timeZone: browserTimeZone(), now: Date.now } })
  const snapshot = useSelector(actor, (s) => s)
  const props = useMemo(() => connectForm(snapshot, actor.send), [snapshot, actor])
  const closed = useRef(onClosed)
  closed.current = onClosed
  useEffect(() => {
    if (!props.open) closed.current()
  }, [props.open])
  return props
}

/** The task's machine with its call: calendar/status. */
export const appTaskStatusMachine = taskStatusMachine.provide({
  actors: {
    setStatus: fromPromise<CalendarEvent, CalendarStatusBody>(({ input }) => failingWithMessage(setTaskStatus(input))),
  },
})

/** A task's status and its moves (mounted while the task shows); `event` as it is now keeps it in step. */
export function useTaskStatus(event: CalendarEvent, meId: string) {
  const actor = useActorRef(appTaskStatusMachine, { input: { event, meId } })
  useEffect(() => {
    if (actor.getSnapshot().context.event !== event) actor.send({ type: 'SYNC', event })
  }, [actor, event])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectTask(snapshot, actor.send), [snapshot, actor])
}

/** How far ahead a repeating event's page lists its occurrences (calendar/list's longest range). */
const UPCOMING_DAYS = 100

/** calendar/info, and for a repeating event its occurrences from today on (calendar/list, its chat's if it has one). */
async function loadEvent(eventId: string): Promise<LoadedEvent> {
  const { can_manage: canManage, ...event } = await failingWithMessage(calendarEventInfo(eventId))
  if (event.rrule === null) return { event, canManage, upcoming: [] }
  const from = new Date()
  from.setHours(0, 0, 0, 0)
  const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + UPCOMING_DAYS)
  const list = await failingWithMessage(
    listCalendar({ from: from.toISOString(), to: to.toISOString(), ...(event.topic_id ? { topic_id: event.topic_id } : {}) }),
  )
  const seen = new Set<string>()
  const upcoming = [...list.group, ...list.personal, ...list.assign_by, ...list.assign_to]
    .filter((item) => item.event._id === eventId && !seen.has(item.occurrence) && seen.add(item.occurrence))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  return { event, canManage, upcoming }
}

/** A file name from a title: its letters and digits (any script), the rest as dashes. */
export const icsFileName = (title: string) =>
  `${
    title
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event'
  }.ics`

/** Saves the blob as a file through a temporary link. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The event page's machine with its calls. */
export const appCalendarEventMachine = calendarEventMachine.provide({
  actors: {
    loadEvent: fromPromise<LoadedEvent, { eventId: string }>(({ input }) => loadEvent(input.eventId)),
    changeOccurrence: fromPromise<CalendarEvent, CalendarExceptionBody>(({ input }) => failingWithMessage(changeOccurrence(input))),
    deleteEvent: fromPromise<unknown, { event_id: string }>(({ input }) => failingWithMessage(deleteCalendarEvent(input.event_id))),
    downloadIcs: fromPromise<unknown, { event_id: string; title: string }>(async ({ input }) =>
      saveFile(await failingWithMessage(calendarIcs(input.event_id)), icsFileName(input.title)),
    ),
  },
})

export interface CalendarEventOptions {
  eventId: string
  meId: string
  occurrence: string | null
  /** Deleted here: the app leaves the page. */
  onDeleted: () => void
}

/**
 * A reminder's or task's page (mounted while it shows): its machine, fed the socket's
 * CALENDAR_CHANGED, and read again when the socket reconnects (it may have missed some). Returns
 * the page's props and `changed`, through which the reader's own edit reaches it at once.
 */
export function useCalendarEvent({ eventId, meId, occurrence, onDeleted }: CalendarEventOptions) {
  const deleted = useRef(onDeleted)
  deleted.current = onDeleted
  const [machine] = useState(() => appCalendarEventMachine.provide({ actions: { eventDeleted: () => deleted.current() } }))
  const actor = useActorRef(machine, { input: { eventId, meId, occurrence } })
  useEffect(() => {
    const offs = [
      onSocketEvent('CALENDAR_CHANGED', (payload) => actor.send({ type: 'CHANGED', change: payload.change, event: payload.event })),
      onSocketConnect(() => actor.send({ type: 'REFRESH' })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  const props = useMemo(() => connectEvent(snapshot, actor.send), [snapshot, actor])
  const changed = useMemo(() => (event: CalendarEvent) => actor.send({ type: 'CHANGED', change: 'updated', event }), [actor])
  return { ...props, changed }
}

const COPY_FAILED = msg`The link could not be copied: select it and copy it yourself.`

/** The feed panel's machine with its calls and the clipboard. */
export const appCalendarFeedMachine = calendarFeedMachine.provide({
  actors: {
    loadFeed: fromPromise<CalendarFeed, void>(() => failingWithMessage(calendarFeed())),
    resetFeed: fromPromise<CalendarFeed, void>(() => failingWithMessage(resetCalendarFeed())),
    copyText: fromPromise<unknown, { text: string }>(async ({ input }) => {
      try {
        await navigator.clipboard.writeText(input.text)
      } catch {
        throw new Error(i18n._(COPY_FAILED))
      }
    }),
  },
})

/** "Subscribe to your calendar": the feed URL, Copy, Reset link. */
export function useCalendarFeed() {
  const actor = useActorRef(appCalendarFeedMachine)
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectFeed(snapshot, actor.send), [snapshot, actor])
}

/** A chat's name and members for a calendar page or form opened from it; null when it cannot be read. */
export const calendarChat = (topicId: string): Promise<{ _id: string; name: string; members: Sender[] } | null> =>
  topicInfo(topicId).then(
    (topic) => ({ _id: topic._id, name: topic.name, members: topic.customers.map(senderOf) }),
    () => null,
  )
