import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import dayjs from 'dayjs'
import type { CalendarEvent, CalendarList, CalendarOccurrence, CalendarType } from '../../contract/calendar'
import type { Sender } from '../../contract/message'
import { calendarMachine, connect, type CalendarInput, type CalendarSnapshot, type CalendarView } from '../../src/machines/calendar'
import { CalendarView as CalendarViewUi } from '../../src/ui/calendar/calendar-view'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The calendar as Bao sees it on /calendar: the month grid around Wednesday 18 November 2026 (weeks
 * from Monday), the grid's keys, the week, day and schedule views, the filters, a load that fails
 * and its Retry, a change on the socket loading the range again over what shows.
 *
 * The range each load must ask for is computed here with dayjs (not the machine's date code): the
 * month's 6 weeks from the Monday on or before its first day, the week from its Monday, the day,
 * and 30 days for the schedule, from local midnight to local midnight.
 */

type Kit = ModelKit<typeof calendarMachine>
type S = CalendarSnapshot

const NOW = new Date(2026, 10, 18, 9, 0).getTime()
const ANN: Sender = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const BAO: Sender = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const local = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString()

const event = (id: string, title: string, type: CalendarType, over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  _id: id,
  kind: 'reminder',
  type,
  title,
  note: '',
  topic_id: null,
  topic_name: null,
  message_id: null,
  start: local(18, 10),
  end: null,
  time_zone: 'Asia/Ho_Chi_Minh',
  rrule: null,
  exceptions: [],
  remind_minutes: 0,
  creator: BAO,
  assignees: [],
  status: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
})
const occurrence = (e: CalendarEvent, start: string): CalendarOccurrence => ({
  event: e,
  occurrence: start,
  start,
  end: null,
  remind_at: start,
  moved: false,
})

const STANDUP = event('ev-standup', 'Standup', 'group', { topic_id: 't-1', topic_name: 'Design', rrule: 'FREQ=DAILY', creator: ANN })
const REPORT = event('ev-report', 'Send the report', 'assign_to', { kind: 'task', status: 'todo', creator: ANN, assignees: [BAO] })
const DENTIST = event('ev-dentist', 'Dentist', 'personal')
/** The list's answer: the standup on 18 (twice: as a group reminder and, the same occurrence, again) and 19, the task on 18 at 08:30, the dentist on 25. */
const LIST: CalendarList = {
  group: [occurrence(STANDUP, local(18, 9, 15)), occurrence(STANDUP, local(19, 9, 15))],
  personal: [occurrence(DENTIST, local(25, 14))],
  assign_by: [],
  assign_to: [occurrence(REPORT, local(18, 8, 30)), occurrence(STANDUP, local(18, 9, 15))],
}
const EMPTY: CalendarList = { group: [], personal: [], assign_by: [], assign_to: [] }
/** What each day shows, by the fixture (written out): 18: the task at 08:30, then the standup at 09:15. */
const SHOWN: Record<string, string[]> = {
  '2026-11-18': ['Send the report', 'Standup'],
  '2026-11-19': ['Standup'],
  '2026-11-25': ['Dentist'],
}

const INPUT: CalendarInput = { now: () => NOW, weekStart: 1 }

/** The range a view shows around a day, by dayjs: local midnights. */
function expectedRange(view: CalendarView, focused: string) {
  const day = dayjs(focused)
  const monday = (d: dayjs.Dayjs) => d.subtract((d.day() + 6) % 7, 'day')
  const [start, days] =
    view === 'month' ? [monday(day.startOf('month')), 42] : view === 'week' ? [monday(day), 7] : view === 'day' ? [day, 1] : [day, 30]
  return { from: start.toDate().toISOString(), to: start.add(days, 'day').toDate().toISOString() }
}

const ctx = (s: S) => s.context
const idle = (s: S) => s.matches({ ready: 'idle' })
const view = (s: S) => ctx(s).view
/** What the list answers: nothing in the schedule (its empty text), the fixture elsewhere. */
const answer = (s: S) => (view(s) === 'schedule' ? EMPTY : LIST)
const query = (s: S) => ({
  ...expectedRange(view(s), ctx(s).focused),
  ...(ctx(s).type === 'all' ? {} : { type: ctx(s).type }),
  ...(ctx(s).status === 'all' ? {} : { status: ctx(s).status }),
})

const page = routed(calendarMachine, (snapshot, send) => <CalendarViewUi {...connect(snapshot, send)} label="Calendar" />)
const calendar = (kit: Kit) => within(kit.screen.getByRole('region', { name: 'Calendar' }))
const grid = (kit: Kit) => calendar(kit).getByRole('grid')
const focusedCell = (kit: Kit) =>
  within(grid(kit))
    .getAllByRole('gridcell')
    .find((cell) => cell.getAttribute('aria-selected') === 'true')!
/** The titles a day's list shows, in order. */
const dayTitles = (kit: Kit, name: string) =>
  within(calendar(kit).getByRole('region', { name }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('[data-part="title"]')?.textContent)
const longName = (day: string) => dayjs(day).format('dddd, D MMMM YYYY')

describeModel({
  machine: calendarMachine,
  input: INPUT,
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      view: view(s),
      f: ctx(s).focused === '2026-11-18' ? 'start' : ctx(s).focused,
      t: ctx(s).type,
      st: ctx(s).status,
      e: ctx(s).error,
      n: ctx(s).occurrences.length,
    }),
  events: {
    // Moves from the first month view, and one step out of each other view.
    NAVIGATE: (s) => {
      if (!idle(s) || ctx(s).type !== 'all') return []
      switch (view(s)) {
        case 'month':
          return ctx(s).focused === '2026-11-18'
            ? [
                { type: 'NAVIGATE', move: { kind: 'days', days: 1 } },
                { type: 'NAVIGATE', move: { kind: 'days', days: 7 } },
                { type: 'NAVIGATE', move: { kind: 'openDay' } },
                { type: 'NAVIGATE', move: { kind: 'next' } },
                { type: 'NAVIGATE', move: { kind: 'view', view: 'week' } },
                { type: 'NAVIGATE', move: { kind: 'view', view: 'schedule' } },
              ]
            : [{ type: 'NAVIGATE', move: { kind: 'today' } }]
        case 'day':
          return ctx(s).focused === '2026-11-18' ? [{ type: 'NAVIGATE', move: { kind: 'prev' } }] : []
        case 'week':
          return [{ type: 'NAVIGATE', move: { kind: 'pick', date: '2026-11-25' } }]
        case 'schedule':
          return []
      }
    },
    FILTER: (s) =>
      idle(s) && view(s) === 'month' && ctx(s).focused === '2026-11-18' && ctx(s).type === 'all'
        ? [
            { type: 'FILTER', filter: { type: 'assign_to' } },
            { type: 'FILTER', filter: { status: 'done' } },
          ]
        : [],
    REFRESH: (s) => (view(s) === 'month' && ctx(s).type === 'all' && ctx(s).status === 'all' ? [{ type: 'REFRESH' }] : []),
    RETRY: (s) => (view(s) === 'month' ? [{ type: 'RETRY' }] : []),
    'xstate.done.actor.loadRange': (s) => [{ type: 'xstate.done.actor.loadRange', output: answer(s) }],
    'xstate.error.actor.loadRange': (s) =>
      view(s) === 'month' && ctx(s).type === 'all' && ctx(s).status === 'all'
        ? [{ type: 'xstate.error.actor.loadRange', error: { message: 'Network down' } }]
        : [],
    'xstate.done.actor.refresh': (s) => [{ type: 'xstate.done.actor.refresh', output: answer(s) }],
    'xstate.error.actor.refresh': [{ type: 'xstate.error.actor.refresh', error: { message: 'Network down' } }],
  },
  render: page.render,
  ready: page.ready,
  perform: {
    NAVIGATE: async (event, kit) => {
      const move = event.move as { kind: string; days?: number; view?: string; date?: string }
      const c = calendar(kit)
      switch (move.kind) {
        case 'days':
        case 'openDay':
          focusedCell(kit).focus()
          await kit.user.keyboard(move.kind === 'openDay' ? '{Enter}' : move.days === 1 ? '{ArrowRight}' : '{ArrowDown}')
          return
        case 'next':
          return kit.user.click(c.getByRole('button', { name: 'Next' }))
        case 'prev':
          return kit.user.click(c.getByRole('button', { name: 'Previous' }))
        case 'today':
          return kit.user.click(c.getByRole('button', { name: 'Today' }))
        case 'view':
          return kit.user.click(
            within(c.getByRole('group', { name: 'View' })).getByRole('button', { name: move.view === 'week' ? 'Week' : 'Schedule' }),
          )
        case 'pick':
          fireEvent.change(c.getByLabelText('Go to date'), { target: { value: move.date } })
          return
      }
    },
    FILTER: async (event, kit) => {
      const filter = event.filter as { type?: string; status?: string }
      if (filter.type) await kit.user.selectOptions(calendar(kit).getByLabelText('Show'), 'Tasks assigned to me')
      else await kit.user.selectOptions(calendar(kit).getByLabelText('Task status'), 'Done')
    },
    RETRY: async (_, kit) => kit.user.click(calendar(kit).getByRole('button', { name: 'Retry' })),
  },
  states: {
    '*': (expected, kit) => {
      const c = calendar(kit)
      // The toolbar always shows, its view pressed.
      for (const [name, v] of [
        ['Month', 'month'],
        ['Week', 'week'],
        ['Day', 'day'],
        ['Schedule', 'schedule'],
      ] as const)
        expect(
          within(c.getByRole('group', { name: 'View' }))
            .getByRole('button', { name })
            .getAttribute('aria-pressed'),
        ).toBe(String(view(expected) === v))
      expect(c.getByLabelText<HTMLInputElement>('Go to date').value).toBe(ctx(expected).focused)
    },
    loading: (expected, kit) => {
      expect(kit.pending('loadRange').input).toEqual(query(expected))
      expect(calendar(kit).getByRole('status').textContent).toBe('Loading the calendar…')
      expect(calendar(kit).queryByRole('grid')).toBeNull()
    },
    failed: (_, kit) => {
      expect(calendar(kit).getByRole('alert').textContent).toContain('The calendar could not be loaded: Network down')
      expect(calendar(kit).queryByRole('grid')).toBeNull()
    },
    ready: (expected, kit) => {
      const c = calendar(kit)
      const focused = ctx(expected).focused
      const shown = ctx(expected).occurrences.length > 0 ? (SHOWN[focused] ?? []) : []
      switch (view(expected)) {
        case 'month': {
          expect(c.getByRole('heading', { level: 2 }).textContent).toBe(dayjs(focused).format('MMMM YYYY'))
          const rows = within(grid(kit)).getAllByRole('row')
          expect(rows).toHaveLength(7)
          expect(
            within(rows[0]!)
              .getAllByRole('columnheader')
              .map((h) => h.getAttribute('aria-label')),
          ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
          const cells = within(grid(kit)).getAllByRole('gridcell')
          expect(cells).toHaveLength(42)
          // The first cell is the range's first day; the focused one, the only one selected, is the only tab stop.
          expect(cells[0]!.getAttribute('aria-label')).toContain(dayjs(expectedRange('month', focused).from).format('dddd, D MMMM YYYY'))
          expect(cells.filter((cell) => cell.getAttribute('aria-selected') === 'true')).toHaveLength(1)
          expect(focusedCell(kit).getAttribute('aria-label')).toBe(
            shown.length ? `${longName(focused)}, ${shown.length} ${shown.length === 1 ? 'item' : 'items'}` : longName(focused),
          )
          expect(cells.filter((cell) => cell.tabIndex === 0)).toEqual([focusedCell(kit)])
          expect(dayTitles(kit, longName(focused))).toEqual(shown)
          break
        }
        case 'week': {
          // The week of 18 November (Monday 16 to Sunday 22): the task and standups of 18 and 19; the next one: the dentist on 25.
          const first = focused < '2026-11-23'
          const title = first ? '16 Nov – 22 Nov 2026' : '23 Nov – 29 Nov 2026'
          expect(c.getByRole('heading', { level: 2 }).textContent).toBe(title)
          const week = c.getByRole('list', { name: title })
          expect([...week.children].map((li) => li.getAttribute('aria-label'))).toEqual(
            Array.from({ length: 7 }, (_, i) => longName(dayjs(expectedRange('week', focused).from).add(i, 'day').format('YYYY-MM-DD'))),
          )
          const links = within(week)
            .queryAllByRole('link')
            .map((link) => link.querySelector('[data-part="title"]')?.textContent)
          expect(links).toEqual(first ? ['Send the report', 'Standup', 'Standup'] : ['Dentist'])
          break
        }
        case 'day':
          expect(c.getByRole('heading', { level: 2 }).textContent).toBe(longName(focused))
          expect(dayTitles(kit, longName(focused))).toEqual(shown)
          if (shown.length === 0) expect(c.getByText('Nothing on this day.')).toBeTruthy()
          break
        case 'schedule':
          expect(c.getByText('Nothing in these 30 days.')).toBeTruthy()
          break
      }
      // A link opens the occurrence's page.
      const link = c.queryAllByRole('link')[0]
      if (link) expect(link.getAttribute('href')).toMatch(/^\/calendar\/ev-[a-z]+\?occurrence=/)
      if (ctx(expected).error)
        expect(c.getByRole('alert').textContent).toContain('The calendar could not be brought up to date: Network down')
      else expect(c.queryByRole('alert')).toBeNull()
    },
    'ready.idle': (_, kit) => {
      expect(calendar(kit).queryByText('Updating…')).toBeNull()
    },
    'ready.refreshing': (expected, kit) => {
      expect(kit.pending('refresh').input).toEqual(query(expected))
      expect(calendar(kit).getByRole('status').textContent).toBe('Updating…')
    },
  },
})
