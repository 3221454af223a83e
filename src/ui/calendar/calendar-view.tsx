import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react'
import dayjs from 'dayjs'
import { Link } from '@tanstack/react-router'
import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  CALENDAR_VIEWS,
  STATUS_FILTERS,
  TYPE_FILTERS,
  type CalendarDay,
  type CalendarProps,
  type OccurrenceView,
  type StatusFilter,
  type TypeFilter,
} from '../../machines/calendar'
import { Icon } from '../icons'
import { LoadFailed } from '../load-failed'
import { clock, longDate, StatusBadge, useDayjsLocale, useStatusName, useTypeName, ViewName } from './calendar-words'

export interface CalendarViewProps extends CalendarProps {
  /** The calendar's accessible name ('Calendar', 'Reminders in Design'). */
  label: string
  /** Beside the toolbar: "New reminder". */
  actions?: ReactNode
  /** A channel's calendar: its events open on the channel's pages (else on /calendar/<id>). */
  channelId?: string
}

const toolButton =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600'
const selectClass =
  'mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none'

/** The channel whose calendar shows (its events' links go to its pages); null: the reader's calendar. */
const ChannelOfCalendar = createContext<string | null>(null)

/** What the toolbar says the view shows: the month, the week's days, the day, the schedule's span. */
function useViewTitle(props: CalendarProps): string {
  const locale = useDayjsLocale()
  const first = dayjs(props.days[0]!.date).locale(locale)
  const last = dayjs(props.days[props.days.length - 1]!.date).locale(locale)
  const vi = locale === 'vi'
  switch (props.view) {
    case 'month':
      return dayjs(props.focused)
        .locale(locale)
        .format(vi ? '[Tháng] M/YYYY' : 'MMMM YYYY')
    case 'day':
      return longDate(props.focused, locale)
    case 'week':
    case 'schedule':
      return vi ? `${first.format('DD/MM')} – ${last.format('DD/MM/YYYY')}` : `${first.format('D MMM')} – ${last.format('D MMM YYYY')}`
  }
}

/**
 * The calendar: Previous / Today / Next, a day to go to, the view (month, week, day, schedule),
 * the filters, then the view. The month grid is a grid of days (arrow keys move the focused day,
 * Enter opens it); on a phone its days show dots, and the chosen day's list is under it.
 */
export function CalendarView(props: CalendarViewProps) {
  const { t } = useLingui()
  const title = useViewTitle(props)
  const typeName = useTypeName()
  const statusName = useStatusName()
  const reason = props.error
  return (
    <section aria-label={props.label} className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <button type="button" onClick={props.onPrev} aria-label={t`Previous`} className={toolButton}>
            <Icon name="back" className="h-4 w-4" />
          </button>
          <button type="button" onClick={props.onToday} className={toolButton}>
            <Trans>Today</Trans>
          </button>
          <button type="button" onClick={props.onNext} aria-label={t`Next`} className={toolButton}>
            <Icon name="back" className="h-4 w-4 rotate-180" />
          </button>
        </div>
        {/*
          Its own line on a phone, between the day buttons and "New reminder" from 640px; never
          narrower than its words (beside the chat list, "New reminder" goes under it instead).
        */}
        <h2
          className="order-first w-full min-w-0 text-lg font-semibold text-slate-900 sm:order-none sm:w-auto sm:min-w-max sm:flex-1"
          aria-live="polite"
        >
          {title}
        </h2>
        <div className="ml-auto">{props.actions}</div>
      </div>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <div role="group" aria-label={t`View`} className="col-span-2 inline-flex w-fit rounded-md ring-1 ring-inset ring-slate-300">
          {CALENDAR_VIEWS.map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={props.view === view}
              onClick={() => props.onView(view)}
              className="h-10 px-3 text-sm font-medium text-slate-700 first:rounded-l-md last:rounded-r-md hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white"
            >
              <ViewName view={view} />
            </button>
          ))}
        </div>
        <label className="col-span-2 text-sm font-medium text-slate-700">
          <Trans>Go to date</Trans>
          <input
            type="date"
            value={props.focused}
            onChange={(event) => (event.target.value ? props.onPick(event.target.value) : undefined)}
            className={selectClass}
          />
        </label>
        <label className="min-w-0 text-sm font-medium text-slate-700">
          <Trans>Show</Trans>
          <select value={props.type} onChange={(event) => props.onType(event.target.value as TypeFilter)} className={selectClass}>
            {TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>
                {typeName(type)}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0 text-sm font-medium text-slate-700">
          <Trans>Task status</Trans>
          <select value={props.status} onChange={(event) => props.onStatus(event.target.value as StatusFilter)} className={selectClass}>
            {STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {statusName(status)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {props.refreshing ? (
        <p role="status" className="text-sm text-slate-500">
          <Trans>Updating…</Trans>
        </p>
      ) : null}
      {props.error && !props.failed ? (
        <LoadFailed onRetry={props.onRetry}>
          <span>
            <Trans>The calendar could not be brought up to date: {reason}</Trans>
          </span>
        </LoadFailed>
      ) : null}
      {props.loading ? (
        <p role="status" className="py-6 text-center text-sm text-slate-500">
          <Trans>Loading the calendar…</Trans>
        </p>
      ) : props.failed ? (
        <LoadFailed onRetry={props.onRetry} className="py-4">
          <span>
            <Trans>The calendar could not be loaded: {reason}</Trans>
          </span>
        </LoadFailed>
      ) : (
        <ChannelOfCalendar.Provider value={props.channelId ?? null}>
          <ViewBody {...props} title={title} />
        </ChannelOfCalendar.Provider>
      )}
    </section>
  )
}

function ViewBody(props: CalendarViewProps & { title: string }) {
  switch (props.view) {
    case 'month':
      return (
        <div className="space-y-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start lg:gap-4 lg:space-y-0">
          <MonthGrid {...props} />
          <DayList day={props.focusedDay} />
        </div>
      )
    case 'week':
      return <WeekView days={props.days} label={props.title} />
    case 'day':
      return <DayList day={props.focusedDay} />
    case 'schedule':
      return <Schedule agenda={props.agenda} empty={props.empty} />
  }
}

/** The weekday names of the grid's columns, the week starting on `weekStart`. */
function useWeekdays(weekStart: number): { short: string; long: string }[] {
  const locale = useDayjsLocale()
  return Array.from({ length: 7 }, (_, i) => {
    const day = dayjs('2026-11-01') // a Sunday
      .add((weekStart + i) % 7, 'day')
      .locale(locale)
    return { short: day.format('dd'), long: day.format('dddd') }
  })
}

/** The month's 6 weeks as a grid of days: the focused day is the one tab stop; arrows move it, Enter opens its day. */
function MonthGrid(props: CalendarViewProps & { title: string }) {
  const locale = useDayjsLocale()
  const weekdays = useWeekdays(props.weekStart)
  const grid = useRef<HTMLDivElement>(null)
  // The focused day takes the keyboard focus when it moves while the grid has it.
  useEffect(() => {
    const element = grid.current
    if (!element || !element.contains(document.activeElement)) return
    element.querySelector<HTMLElement>('[aria-selected="true"]')?.focus()
  }, [props.focused])
  const weeks = Array.from({ length: props.days.length / 7 }, (_, i) => props.days.slice(i * 7, i * 7 + 7))
  return (
    <div
      ref={grid}
      role="grid"
      aria-label={props.title}
      onKeyDown={(event) => {
        if (props.onGridKey(event.key)) event.preventDefault()
      }}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <div role="row" className="grid grid-cols-7 border-b border-slate-200 bg-slate-50">
        {weekdays.map((day) => (
          <div key={day.long} role="columnheader" aria-label={day.long} className="py-1 text-center text-xs font-semibold text-slate-600">
            {day.short}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]!.date} role="row" className="grid grid-cols-7">
          {week.map((day) => {
            const count = day.occurrences.length
            const name = longDate(day.date, locale)
            const items = plural(count, { one: '# item', other: '# items' })
            return (
              <div
                key={day.date}
                role="gridcell"
                tabIndex={day.focused ? 0 : -1}
                aria-selected={day.focused}
                aria-current={day.today ? 'date' : undefined}
                aria-label={count === 0 ? name : `${name}, ${items}`}
                onClick={day.onSelect}
                className={`flex min-h-12 cursor-pointer flex-col items-stretch border-b border-r border-slate-100 p-1 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 md:min-h-24 ${day.inMonth ? 'bg-white' : 'bg-slate-50 text-slate-500'} ${day.focused ? 'ring-2 ring-inset ring-indigo-500' : ''}`}
              >
                <span
                  aria-hidden="true"
                  className={`mx-auto inline-flex h-7 w-7 items-center justify-center rounded-full text-sm md:mx-0 ${day.today ? 'bg-indigo-600 font-semibold text-white' : ''}`}
                >
                  {Number(day.date.slice(8))}
                </span>
                {count > 0 ? (
                  <>
                    <span aria-hidden="true" className="mt-0.5 flex justify-center gap-0.5 md:hidden">
                      {day.occurrences.slice(0, 3).map((item) => (
                        <span
                          key={item.key}
                          className={`h-1.5 w-1.5 rounded-full ${item.kind === 'task' ? 'bg-amber-500' : 'bg-indigo-500'}`}
                        />
                      ))}
                    </span>
                    <span aria-hidden="true" className="hidden min-w-0 space-y-0.5 md:block">
                      {day.occurrences.slice(0, 2).map((item) => (
                        <span key={item.key} className="block truncate rounded bg-indigo-50 px-1 text-xs text-indigo-900">
                          {item.title}
                        </span>
                      ))}
                      {count > 2 ? (
                        <span className="block text-xs text-slate-500">
                          <Plural value={count - 2} other="+# more" />
                        </span>
                      ) : null}
                    </span>
                  </>
                ) : null}
              </div>
            )
          })}
        </div>
      ))}
    </div>
  )
}

/** One occurrence: its time, title, chat and (a task) status, linking to its page. */
function OccurrenceLink({ item, compact = false }: { item: OccurrenceView; compact?: boolean }) {
  const { t } = useLingui()
  const channelId = useContext(ChannelOfCalendar)
  // In the week's narrow columns (from 768px) the time goes above a title that wraps.
  const narrow = compact ? 'md:flex-wrap md:gap-x-1 md:px-1' : ''
  const className = `flex min-h-11 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 ${narrow}`
  const search = { occurrence: item.occurrence }
  return (
    <Link
      {...(channelId
        ? { to: '/chat/channel/$channelId/calendar/detail/$id', params: { channelId, id: item.eventId } }
        : { to: '/calendar/$id', params: { id: item.eventId } })}
      search={search}
      className={className}
    >
      <time dateTime={item.start} className={`w-12 shrink-0 font-medium text-slate-700 tabular-nums ${compact ? 'md:w-auto' : ''}`}>
        {clock(item.start)}
      </time>
      <Icon name={item.kind === 'task' ? 'todo' : 'bell'} className="h-4 w-4 shrink-0 text-slate-500" />
      <span className={`min-w-0 flex-1 ${compact ? 'md:basis-full' : ''}`}>
        <span
          data-part="title"
          className={`block text-slate-900 ${compact ? 'truncate md:break-words md:whitespace-normal md:hyphens-auto' : 'truncate'}`}
        >
          {item.title}
        </span>
        {item.topicName || item.repeating ? (
          <span className="block truncate text-xs text-slate-500">
            {[item.topicName, item.repeating ? (item.moved ? t`Moved` : t`Repeats`) : null].filter(Boolean).join(' · ')}
          </span>
        ) : null}
      </span>
      {item.status ? <StatusBadge status={item.status} /> : null}
    </Link>
  )
}

/** A day's occurrences, under its date. */
function DayList({ day }: { day: CalendarDay }) {
  const locale = useDayjsLocale()
  const name = longDate(day.date, locale)
  return (
    <section aria-label={name} className="rounded-lg border border-slate-200 bg-white p-3">
      <h3 className="text-sm font-semibold text-slate-900">{name}</h3>
      {day.occurrences.length === 0 ? (
        <p className="py-3 text-sm text-slate-500">
          <Trans>Nothing on this day.</Trans>
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {day.occurrences.map((item) => (
            <li key={item.key}>
              <OccurrenceLink item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The week's 7 days: stacked on a phone, side by side from 768px. */
function WeekView({ days, label }: { days: CalendarDay[]; label: string }) {
  const locale = useDayjsLocale()
  return (
    <ol aria-label={label} className="grid gap-2 md:grid-cols-7">
      {days.map((day) => {
        const name = longDate(day.date, locale)
        return (
          <li
            key={day.date}
            aria-label={name}
            className={`min-w-0 rounded-lg border p-2 ${day.focused ? 'border-indigo-400' : 'border-slate-200'} ${day.today ? 'bg-indigo-50' : 'bg-white'}`}
          >
            <button
              type="button"
              onClick={day.onSelect}
              aria-pressed={day.focused}
              className="w-full rounded text-left text-xs font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {dayjs(day.date).locale(locale).format('dd DD/MM')}
            </button>
            {day.occurrences.length > 0 ? (
              <ul className="mt-1 space-y-0.5">
                {day.occurrences.map((item) => (
                  <li key={item.key}>
                    <OccurrenceLink item={item} compact />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}

/** The schedule: the days of the next 30 that hold something, each with its occurrences. */
function Schedule({ agenda, empty }: { agenda: CalendarDay[]; empty: boolean }) {
  if (empty || agenda.length === 0)
    return (
      <p className="py-6 text-center text-sm text-slate-500">
        <Trans>Nothing in these 30 days.</Trans>
      </p>
    )
  return (
    <div className="space-y-3">
      {agenda.map((day) => (
        <DayList key={day.date} day={day} />
      ))}
      <p className="text-xs text-slate-500">
        <Plural value={agenda.length} one="# day with reminders or tasks" other="# days with reminders or tasks" />
      </p>
    </div>
  )
}
