import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { CALENDAR_TYPES } from '../../../contract/calendar'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { addDays, addMonths, dayOf, daysFrom, startOfDay, startOfMonth, startOfWeek, type Day } from './calendar.dates'
import type {
  CalendarContext,
  CalendarInput,
  CalendarList,
  CalendarListQuery,
  CalendarMove,
  CalendarOccurrence,
  CalendarRange,
  CalendarView,
  CalendarViewEvent,
} from './calendar.types'

/**
 * The calendar: a month, week or day view, or the schedule (a list of the next 30 days), around a
 * focused day, of the reader's reminders and tasks (or one chat's, or one channel's chats').
 *
 *   loading (calendar/list for the view's range and the filters)
 *     --done--> ready.idle ; --error--> failed --RETRY--> loading
 *   NAVIGATE (previous, next, today, a picked day, the grid's arrow keys, another view, Enter on a
 *     day: its day view) moves the focused day; [the view's range stays the same] nothing is
 *     loaded; otherwise --> loading the new range
 *       month: the 6 weeks of the grid holding the month; week: its 7 days; day: the day;
 *       schedule: 30 days from the focused day. Previous / next: a month, a week, a day, 30 days.
 *   FILTER [another type or task status] --> loading
 *   REFRESH (socket CALENDAR_CHANGED, or a reconnect): loading again (restarted), failed
 *     --> loading, ready --> ready.refreshing (the old content stays) --done--> idle ;
 *     --error--> idle with the reason (RETRY --> refreshing)
 *
 * Pure: the call is an injected promise actor, the clock an input.
 */

export const SCHEDULE_DAYS = 30
/** The month grid: 6 weeks. */
export const GRID_DAYS = 42

/** The first day and the number of days a view shows around the focused day. */
export function daysOfView(view: CalendarView, focused: Day, weekStart: number): { first: Day; count: number } {
  switch (view) {
    case 'month':
      return { first: startOfWeek(startOfMonth(focused), weekStart), count: GRID_DAYS }
    case 'week':
      return { first: startOfWeek(focused, weekStart), count: 7 }
    case 'day':
      return { first: focused, count: 1 }
    case 'schedule':
      return { first: focused, count: SCHEDULE_DAYS }
  }
}

/** The instants of a view's days: local midnight of the first to local midnight after the last. */
export function rangeOf(view: CalendarView, focused: Day, weekStart: number): CalendarRange {
  const { first, count } = daysOfView(view, focused, weekStart)
  return { from: startOfDay(first).toISOString(), to: startOfDay(addDays(first, count)).toISOString() }
}

/** The days a view shows. */
export const viewDays = (context: Pick<CalendarContext, 'view' | 'focused' | 'weekStart'>): Day[] => {
  const { first, count } = daysOfView(context.view, context.focused, context.weekStart)
  return daysFrom(first, count)
}

/** Where a move takes the view and the focused day. */
export function moved(
  context: Pick<CalendarContext, 'view' | 'focused' | 'now'>,
  move: CalendarMove,
): { view: CalendarView; focused: Day } {
  const { view, focused } = context
  const step = (sign: number): Day => {
    switch (view) {
      case 'month':
        return addMonths(focused, sign)
      case 'week':
        return addDays(focused, 7 * sign)
      case 'day':
        return addDays(focused, sign)
      case 'schedule':
        return addDays(focused, SCHEDULE_DAYS * sign)
    }
  }
  switch (move.kind) {
    case 'prev':
      return { view, focused: step(-1) }
    case 'next':
      return { view, focused: step(1) }
    case 'today':
      return { view, focused: dayOf(context.now()) }
    case 'pick':
      return { view, focused: move.date }
    case 'days':
      return { view, focused: addDays(focused, move.days) }
    case 'view':
      return { view: move.view, focused }
    case 'openDay':
      return { view: 'day', focused }
  }
}

/** calendar/list's query for the context's range and filters. */
export function queryOf(context: CalendarContext): CalendarListQuery {
  return {
    ...context.range,
    ...(context.type === 'all' ? {} : { type: context.type }),
    ...(context.status === 'all' ? {} : { status: context.status }),
    ...(context.topicId ? { topic_id: context.topicId } : {}),
    ...(context.channelId ? { channel_id: context.channelId } : {}),
  }
}

/** The list's four groups as one list: each occurrence once, by start (then title). */
export function occurrencesOf(list: CalendarList): CalendarOccurrence[] {
  const seen = new Set<string>()
  const all: CalendarOccurrence[] = []
  for (const type of CALENDAR_TYPES)
    for (const item of list[type]) {
      const key = `${item.event._id}@${item.occurrence}`
      if (seen.has(key)) continue
      seen.add(key)
      all.push(item)
    }
  return all.sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.event.title.localeCompare(b.event.title))
}

const sameRange = (a: CalendarRange, b: CalendarRange) => a.from === b.from && a.to === b.to

const notProvided = actorNotProvided('calendar')

export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarViewEvent,
    input: {} as CalendarInput,
  },
  actors: {
    /** GET calendar/list. */
    loadRange: fromPromise<CalendarList, CalendarListQuery>(notProvided('loadRange')),
  },
  guards: {
    keepsRange: ({ context, event }) => {
      assertEvent(event, 'NAVIGATE')
      const next = moved(context, event.move)
      return sameRange(rangeOf(next.view, next.focused, context.weekStart), context.range)
    },
    otherFilter: ({ context, event }) => {
      assertEvent(event, 'FILTER')
      const { type = context.type, status = context.status } = event.filter
      return type !== context.type || status !== context.status
    },
    refreshFailed: ({ context }) => context.error !== null,
  },
  actions: {
    navigate: assign(({ context, event }) => {
      assertEvent(event, 'NAVIGATE')
      const next = moved(context, event.move)
      return { ...next, range: rangeOf(next.view, next.focused, context.weekStart) }
    }),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'FILTER')
      return { type: event.filter.type ?? context.type, status: event.filter.status ?? context.status }
    }),
    emptied: assign({ occurrences: [], error: null }),
    take: assign({ occurrences: ({ event }) => occurrencesOf((event as unknown as { output: CalendarList }).output), error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => {
    const view = input.view ?? 'month'
    const focused = input.date ?? dayOf(input.now())
    return {
      now: input.now,
      weekStart: input.weekStart,
      view,
      focused,
      type: input.type ?? 'all',
      status: input.status ?? 'all',
      topicId: input.topicId ?? null,
      channelId: input.channelId ?? null,
      range: rangeOf(view, focused, input.weekStart),
      occurrences: [],
      error: null,
    }
  },
  initial: 'loading',
  on: {
    NAVIGATE: [
      { guard: 'keepsRange', actions: 'navigate' },
      { target: '.loading', actions: ['navigate', 'emptied'] },
    ],
    FILTER: { guard: 'otherFilter', target: '.loading', actions: ['setFilter', 'emptied'] },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadRange',
        src: 'loadRange',
        input: ({ context }) => queryOf(context),
        onDone: { target: 'ready', actions: 'take' },
        onError: { target: 'failed', actions: 'setError' },
      },
      on: { REFRESH: { target: 'loading', reenter: true } },
    },
    failed: {
      on: { RETRY: 'loading', REFRESH: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: { REFRESH: { target: '.refreshing', reenter: true } },
      states: {
        idle: {
          on: { RETRY: { guard: 'refreshFailed', target: 'refreshing' } },
        },
        refreshing: {
          entry: 'clearError',
          invoke: {
            id: 'refresh',
            src: 'loadRange',
            input: ({ context }) => queryOf(context),
            onDone: { target: 'idle', actions: 'take' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const calendarSampleInput: CalendarInput = {
  now: () => new Date(2026, 10, 18, 9, 0).getTime(),
  weekStart: 1,
}

export type CalendarMachine = typeof calendarMachine
export type CalendarActor = ActorRefFrom<CalendarMachine>
export type CalendarSnapshot = SnapshotFrom<CalendarMachine>
