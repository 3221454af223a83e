import { dayOf, sameMonth, type Day } from './calendar.dates'
import { viewDays, type CalendarSnapshot } from './calendar.machine'
import type {
  CalendarOccurrence,
  CalendarType,
  CalendarView,
  CalendarViewEvent,
  StatusFilter,
  TaskStatus,
  TypeFilter,
} from './calendar.types'

/** One occurrence as the views show it. */
export interface OccurrenceView {
  /** Unique in the view: the event and its occurrence. */
  key: string
  eventId: string
  title: string
  kind: 'reminder' | 'task'
  /** The reader's relation to it. */
  type: CalendarType
  /** A task's status. */
  status: TaskStatus | null
  /** Its chat's name (a group reminder, a task in a chat). */
  topicName: string | null
  start: string
  end: string | null
  /** The rule's start of this occurrence (what the detail page skips or moves). */
  occurrence: string
  repeating: boolean
  /** Moved from its rule's time. */
  moved: boolean
}

export interface CalendarDay {
  date: Day
  /** In the month shown (the month grid's leading and trailing days are not). */
  inMonth: boolean
  today: boolean
  /** The focused day: the grid's roving focus and the selected day. */
  focused: boolean
  occurrences: OccurrenceView[]
  /** Picks the day (focus, and its list below the grid). */
  onSelect: () => void
}

export interface CalendarProps {
  view: CalendarView
  /** The focused day. */
  focused: Day
  today: Day
  /** The first day of a week: 0 Sunday, 1 Monday. */
  weekStart: number
  /** The view's days (month: the 6-week grid; week: 7; day: 1; schedule: 30). */
  days: CalendarDay[]
  /** The focused day's own (the list under the grid, the day view). */
  focusedDay: CalendarDay
  /** The schedule: the days of the range that hold something. */
  agenda: CalendarDay[]
  type: TypeFilter
  status: StatusFilter
  /** Limited to one chat or one channel's chats. */
  scoped: boolean
  /** The first load of the range is on its way. */
  loading: boolean
  /** It could not be loaded: say so, offer Retry. */
  failed: boolean
  /** Loading again after a change (the content shown stays). */
  refreshing: boolean
  /** Why the last load failed. */
  error: string | null
  /** Loaded, and nothing in the range. */
  empty: boolean
  onPrev: () => void
  onNext: () => void
  onToday: () => void
  onView: (view: CalendarView) => void
  onPick: (date: Day) => void
  onType: (type: TypeFilter) => void
  onStatus: (status: StatusFilter) => void
  onRetry: () => void
  /**
   * A key pressed on the month grid: arrows move the focused day (left / right a day, up / down a
   * week), Enter opens the day. True when it was one of these.
   */
  onGridKey: (key: string) => boolean
}

const GRID_KEYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }

const viewOf = (item: CalendarOccurrence): OccurrenceView => ({
  key: `${item.event._id}@${item.occurrence}`,
  eventId: item.event._id,
  title: item.event.title,
  kind: item.event.kind,
  type: item.event.type,
  status: item.event.status,
  topicName: item.event.topic_name,
  start: item.start,
  end: item.end,
  occurrence: item.occurrence,
  repeating: item.event.rrule !== null,
  moved: item.moved,
})

/** Pure: snapshot and send -> the calendar's props and handlers. */
export function connect(snapshot: CalendarSnapshot, send: (event: CalendarViewEvent) => void): CalendarProps {
  const context = snapshot.context
  const today = dayOf(context.now())
  const byDay = new Map<Day, OccurrenceView[]>()
  for (const item of context.occurrences) {
    const day = dayOf(Date.parse(item.start))
    byDay.set(day, [...(byDay.get(day) ?? []), viewOf(item)])
  }
  const dayView = (date: Day): CalendarDay => ({
    date,
    inMonth: context.view !== 'month' || sameMonth(date, context.focused),
    today: date === today,
    focused: date === context.focused,
    occurrences: byDay.get(date) ?? [],
    onSelect: () => send({ type: 'NAVIGATE', move: { kind: 'pick', date } }),
  })
  const days = viewDays(context).map(dayView)
  const shown = snapshot.matches('ready')
  return {
    view: context.view,
    focused: context.focused,
    today,
    weekStart: context.weekStart,
    days,
    focusedDay: dayView(context.focused),
    agenda: days.filter((day) => day.occurrences.length > 0),
    type: context.type,
    status: context.status,
    scoped: context.topicId !== null || context.channelId !== null,
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    refreshing: snapshot.matches({ ready: 'refreshing' }),
    error: context.error,
    empty: shown && context.occurrences.length === 0,
    onPrev: () => send({ type: 'NAVIGATE', move: { kind: 'prev' } }),
    onNext: () => send({ type: 'NAVIGATE', move: { kind: 'next' } }),
    onToday: () => send({ type: 'NAVIGATE', move: { kind: 'today' } }),
    onView: (view) => send({ type: 'NAVIGATE', move: { kind: 'view', view } }),
    onPick: (date) => send({ type: 'NAVIGATE', move: { kind: 'pick', date } }),
    onType: (type) => send({ type: 'FILTER', filter: { type } }),
    onStatus: (status) => send({ type: 'FILTER', filter: { status } }),
    onRetry: () => send({ type: 'RETRY' }),
    onGridKey: (key) => {
      if (context.view !== 'month') return false
      if (key === 'Enter') {
        send({ type: 'NAVIGATE', move: { kind: 'openDay' } })
        return true
      }
      const days = GRID_KEYS[key]
      if (days === undefined) return false
      send({ type: 'NAVIGATE', move: { kind: 'days', days } })
      return true
    },
  }
}
