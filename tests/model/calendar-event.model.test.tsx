import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import dayjs from 'dayjs'
import type { CalendarEvent, CalendarOccurrence } from '../../contract/calendar'
import type { Sender } from '../../contract/message'
import { calendarEventMachine, connect, type CalendarEventInput, type CalendarEventSnapshot } from '../../src/machines/calendar-event'
import { EventDetail } from '../../src/ui/calendar/event-detail'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * A reminder's page: Bao's weekly standup in Design, opened on its occurrence of 30 November (he
 * made it: he skips or moves one occurrence, deletes the series, downloads its .ics), and a task
 * Ann assigned to Bao (he reads it; calendar/info says it is not his to change or delete). What each step must show and send is
 * written here; the socket tells of the standup changed or deleted elsewhere, and a reconnect
 * (REFRESH) reads it again.
 */

type Kit = ModelKit<typeof calendarEventMachine>
type S = CalendarEventSnapshot

const ANN: Sender = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const BAO: Sender = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const base: CalendarEvent = {
  _id: 'ev-standup',
  kind: 'reminder',
  type: 'group',
  title: 'Standup',
  note: 'Five minutes each',
  topic_id: 't-1',
  topic_name: 'Design',
  message_id: 'm-1',
  start: '2026-11-23T02:00:00.000Z',
  end: null,
  time_zone: 'Asia/Ho_Chi_Minh',
  rrule: 'FREQ=WEEKLY',
  exceptions: [],
  remind_minutes: 15,
  creator: BAO,
  assignees: [],
  status: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
}
const STANDUP = base
const RENAMED = { ...base, title: 'Daily standup' }
const TASK: CalendarEvent = {
  ...base,
  _id: 'ev-task',
  kind: 'task',
  type: 'assign_to',
  title: 'Send the report',
  note: '',
  topic_id: null,
  topic_name: null,
  message_id: null,
  rrule: null,
  creator: ANN,
  assignees: [BAO],
  status: 'todo',
}
const occurrence = (start: string): CalendarOccurrence => ({
  event: STANDUP,
  occurrence: start,
  start,
  end: null,
  remind_at: start,
  moved: false,
})
const [O1, O2, O3] = ['2026-11-23T02:00:00.000Z', '2026-11-30T02:00:00.000Z', '2026-12-07T02:00:00.000Z']
const UPCOMING = [occurrence(O1), occurrence(O2), occurrence(O3)]
// The new time chosen for the occurrence (the browser's time).
const MOVE_TO = '2026-12-01T15:00'

const INPUTS: Record<string, CalendarEventInput> = {
  series: { eventId: 'ev-standup', meId: BAO._id, occurrence: O2 },
  task: { eventId: 'ev-task', meId: BAO._id, occurrence: null },
}
const ctx = (s: S) => s.context
const series = (s: S) => ctx(s).eventId === 'ev-standup'
const fresh = (s: S) => s.matches({ ready: 'idle' }) && ctx(s).done === null && ctx(s).error === null && ctx(s).occurrence === O2
const clockDay = (iso: string) => dayjs(iso).format('HH:mm DD/MM')

const page = routed(calendarEventMachine, (snapshot, send) => <EventDetail {...connect(snapshot, send)} onEdit={() => {}} />)
const screen = (kit: Kit) => within(kit.container)
const rowValue = (kit: Kit, label: string) => {
  const term = screen(kit)
    .getAllByRole('term')
    .find((dt) => dt.textContent === label)
  return term?.nextElementSibling?.textContent ?? null
}
const occurrences = (kit: Kit) =>
  screen(kit)
    .queryAllByRole<HTMLInputElement>('radio')
    .map((radio) => `${radio.parentElement?.textContent}${radio.checked ? ' (chosen)' : ''}`)

describeModel({
  machine: calendarEventMachine,
  inputs: INPUTS,
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      t: ctx(s).event?.title,
      o: ctx(s).occurrence,
      u: ctx(s).upcoming.map((item) => item.start),
      m: ctx(s).moveTo,
      d: ctx(s).done,
      e: ctx(s).error,
    }),
  events: {
    PICK_OCCURRENCE: (s) => (fresh(s) ? [{ type: 'PICK_OCCURRENCE', occurrence: O3 }] : []),
    SKIP: (s) => (fresh(s) ? [{ type: 'SKIP' }] : []),
    MOVE: (s) => (fresh(s) ? [{ type: 'MOVE' }] : []),
    DELETE: (s) => (fresh(s) ? [{ type: 'DELETE' }] : []),
    DOWNLOAD: (s) =>
      s.matches({ ready: 'idle' }) && ctx(s).error === null && ctx(s).done === null && ctx(s).occurrence !== O3
        ? [{ type: 'DOWNLOAD' }]
        : [],
    MOVE_TIME: (s) => (ctx(s).moveTo === MOVE_TO ? [] : [{ type: 'MOVE_TIME', value: MOVE_TO }]),
    CHANGED: (s) =>
      fresh(s) && series(s) && ctx(s).event?.title === 'Standup'
        ? [
            { type: 'CHANGED', change: 'updated', event: RENAMED },
            { type: 'CHANGED', change: 'deleted', event: STANDUP },
          ]
        : [],
    // The socket connected again: on the page as it came, while it loads, and once it failed.
    REFRESH: (s) => (fresh(s) || s.matches('loading') || s.matches('failed') ? [{ type: 'REFRESH' }] : []),
    'xstate.done.actor.loadEvent': (s) => [
      {
        type: 'xstate.done.actor.loadEvent',
        output: series(s)
          ? { event: ctx(s).event ?? STANDUP, canManage: true, upcoming: UPCOMING }
          : { event: TASK, canManage: false, upcoming: [] },
      },
    ],
    'xstate.error.actor.loadEvent': (s) =>
      ctx(s).event === null && series(s) ? [{ type: 'xstate.error.actor.loadEvent', error: { message: 'Not found' } }] : [],
    'xstate.done.actor.skipOccurrence': [
      { type: 'xstate.done.actor.skipOccurrence', output: { ...STANDUP, exceptions: [{ occurrence: O2, start: null }] } },
    ],
    'xstate.error.actor.skipOccurrence': [{ type: 'xstate.error.actor.skipOccurrence', error: { message: 'Not yours to change' } }],
    'xstate.done.actor.moveOccurrence': [
      {
        type: 'xstate.done.actor.moveOccurrence',
        output: { ...STANDUP, exceptions: [{ occurrence: O2, start: new Date(MOVE_TO).toISOString() }] },
      },
    ],
    'xstate.error.actor.moveOccurrence': [{ type: 'xstate.error.actor.moveOccurrence', error: { message: 'Choose the new time' } }],
    'xstate.done.actor.deleteEvent': [{ type: 'xstate.done.actor.deleteEvent', output: { event_id: 'ev-standup' } }],
    'xstate.error.actor.deleteEvent': [{ type: 'xstate.error.actor.deleteEvent', error: { message: 'Not yours to delete' } }],
    'xstate.done.actor.downloadIcs': [{ type: 'xstate.done.actor.downloadIcs', output: undefined }],
    'xstate.error.actor.downloadIcs': (s) => (series(s) ? [{ type: 'xstate.error.actor.downloadIcs', error: { message: 'Offline' } }] : []),
  },
  spyActions: ['eventDeleted'],
  render: page.render,
  ready: page.ready,
  perform: {
    PICK_OCCURRENCE: async (_, kit) => kit.user.click(screen(kit).getByRole('radio', { name: new RegExp(clockDay(O3)) })),
    SKIP: async (_, kit) => kit.user.click(screen(kit).getByRole('button', { name: 'Skip this occurrence' })),
    MOVE: async (_, kit) => kit.user.click(screen(kit).getByRole('button', { name: 'Move this occurrence' })),
    DELETE: async (_, kit) => kit.user.click(screen(kit).getByRole('button', { name: 'Delete the whole series' })),
    DOWNLOAD: async (_, kit) => kit.user.click(screen(kit).getByRole('button', { name: 'Download .ics' })),
    MOVE_TIME: async (event, kit) => {
      fireEvent.change(screen(kit).getByLabelText('New time'), { target: { value: event.value } })
    },
    CONFIRM: async (_, kit) => {
      const s = kit.previous
      if (s.matches({ ready: 'choosingTime' })) return kit.user.click(screen(kit).getByRole('button', { name: 'Move' }))
      const group = s.matches({ ready: 'confirmingSkip' }) ? 'Confirm skipping an occurrence' : 'Confirm deleting Standup'
      await kit.user.click(within(screen(kit).getByRole('group', { name: group })).getByRole('button', { name: /^Yes/ }))
    },
    CANCEL: async (_, kit) => {
      const s = kit.previous
      const scope = s.matches({ ready: 'choosingTime' })
        ? screen(kit).getByRole('form', { name: 'Move this occurrence' })
        : screen(kit).getByRole('group', {
            name: s.matches({ ready: 'confirmingSkip' }) ? 'Confirm skipping an occurrence' : 'Confirm deleting Standup',
          })
      await kit.user.click(within(scope).getByRole('button', { name: 'Cancel' }))
    },
    RETRY: async (_, kit) => kit.user.click(screen(kit).getByRole('button', { name: 'Retry' })),
  },
  states: {
    loading: (expected, kit) => {
      expect(kit.pending('loadEvent').input).toEqual({ eventId: ctx(expected).eventId })
      if (ctx(expected).event === null) expect(screen(kit).getByRole('status').textContent).toBe('Loading…')
      else {
        // Read again after a change or a reconnect: what shows stays, saying it is being brought up to date.
        expect(screen(kit).getByRole('status').textContent).toBe('Updating…')
        expect(rowValue(kit, 'When')).toContain(clockDay(O2))
      }
    },
    failed: (_, kit) => {
      expect(screen(kit).getByRole('alert').textContent).toContain('This reminder could not be loaded: Not found')
    },
    ready: (expected, kit) => {
      const c = ctx(expected)
      if (series(expected)) {
        const chosen = c.upcoming.find((item) => item.occurrence === c.occurrence)
        expect(rowValue(kit, 'When')).toContain(clockDay(chosen?.start ?? O2))
        expect(rowValue(kit, 'Repeats')).toBe('Every week')
        expect(rowValue(kit, 'Time zone')).toBe('Asia/Ho Chi Minh')
        expect(rowValue(kit, 'Reminds')).toBe('15 minutes before')
        expect(rowValue(kit, 'Made by')).toBe('Bao')
        expect(screen(kit).getByRole('link', { name: 'Design' }).getAttribute('href')).toBe('/chat/t-1')
        expect(screen(kit).getByRole('link', { name: 'A message in Design' })).toBeTruthy()
        // Its creator: Edit, Delete the whole series, and the occurrence's Skip / Move.
        expect(screen(kit).getByRole('button', { name: 'Edit' })).toBeTruthy()
        expect(screen(kit).getByRole('button', { name: 'Delete the whole series' })).toBeTruthy()
        // The coming occurrences, the chosen one checked; a skipped one gone, a moved one at its new time.
        const skipped = c.done === 'skipped'
        const movedTo = c.done === 'moved' ? (c.moveTo === MOVE_TO ? new Date(MOVE_TO).toISOString() : O2) : null
        const starts = skipped ? [O1, O3] : movedTo ? [O1, movedTo, O3] : [O1, O2, O3]
        const chosenStart = skipped ? O3 : c.occurrence === O3 ? O3 : (movedTo ?? O2)
        expect(occurrences(kit).map((text) => text.slice(0, 11))).toEqual(starts.map(clockDay))
        expect(occurrences(kit).filter((text) => text.endsWith('(chosen)'))).toHaveLength(1)
        expect(
          occurrences(kit)
            .find((text) => text.endsWith('(chosen)'))!
            .startsWith(clockDay(chosenStart)),
        ).toBe(true)
        if (c.done === 'skipped') expect(screen(kit).getByText('The occurrence was skipped.')).toBeTruthy()
        if (c.done === 'moved') expect(screen(kit).getByText('The occurrence was moved.')).toBeTruthy()
      } else {
        // Ann's task: Bao reads it; not his to edit or delete; no occurrences.
        expect(rowValue(kit, 'Due')).toContain(clockDay(TASK.start))
        expect(rowValue(kit, 'Assigned to')).toBe('Bao')
        expect(rowValue(kit, 'Who sees it')).toBe('Personal')
        expect(screen(kit).queryByRole('button', { name: 'Edit' })).toBeNull()
        expect(screen(kit).queryByRole('button', { name: /^Delete/ })).toBeNull()
        expect(occurrences(kit)).toEqual([])
      }
      if (c.error) expect(screen(kit).getByRole('alert').textContent).toBe(c.error)
    },
    'ready.idle': (expected, kit) => {
      const c = ctx(expected)
      if (!c.error) expect(screen(kit).queryByRole('alert')).toBeNull()
      expect(screen(kit).queryByRole('group', { name: /^Confirm/ })).toBeNull()
      if (series(expected))
        expect(screen(kit).getByRole<HTMLButtonElement>('button', { name: 'Skip this occurrence' }).disabled).toBe(false)
    },
    'ready.confirmingSkip': (expected, kit) => {
      const group = screen(kit).getByRole('group', { name: 'Confirm skipping an occurrence' })
      expect(group.textContent).toContain(`Skip the occurrence at ${clockDay(ctx(expected).occurrence!)}? The others stay.`)
    },
    'ready.skipping': (_, kit) => {
      expect(kit.pending('skipOccurrence').input).toEqual({ event_id: 'ev-standup', occurrence: O2, action: 'skip', start: null })
      expect(screen(kit).getByText('Skipping…')).toBeTruthy()
    },
    'ready.choosingTime': (expected, kit) => {
      const form = within(screen(kit).getByRole('form', { name: 'Move this occurrence' }))
      // It starts from the occurrence's own time.
      expect(form.getByLabelText<HTMLInputElement>('New time').value).toBe(ctx(expected).moveTo)
      expect(ctx(expected).moveTo === MOVE_TO || ctx(expected).moveTo === dayjs(O2).format('YYYY-MM-DDTHH:mm')).toBe(true)
      expect(form.getByRole<HTMLButtonElement>('button', { name: 'Move' }).disabled).toBe(false)
    },
    'ready.movingOccurrence': (expected, kit) => {
      // The time chosen, or the occurrence's own when it was not changed.
      const start = ctx(expected).moveTo === MOVE_TO ? new Date(MOVE_TO).toISOString() : O2
      expect(kit.pending('moveOccurrence').input).toEqual({ event_id: 'ev-standup', occurrence: O2, action: 'move', start })
      expect(screen(kit).getByRole('button', { name: 'Move' }).getAttribute('aria-busy')).toBe('true')
    },
    'ready.confirmingDelete': (_, kit) => {
      const group = screen(kit).getByRole('group', { name: 'Confirm deleting Standup' })
      expect(group.textContent).toContain('Delete Standup and every one of its occurrences?')
    },
    'ready.deleting': (_, kit) => {
      expect(kit.pending('deleteEvent').input).toEqual({ event_id: 'ev-standup' })
      expect(
        within(screen(kit).getByRole('group', { name: 'Confirm deleting Standup' }))
          .getByRole('button', { name: 'Yes, delete' })
          .getAttribute('aria-busy'),
      ).toBe('true')
    },
    'ready.downloading': (expected, kit) => {
      expect(kit.pending('downloadIcs').input).toEqual({ event_id: ctx(expected).eventId, title: ctx(expected).event!.title })
      expect(screen(kit).getByRole('button', { name: 'Download .ics' }).getAttribute('aria-busy')).toBe('true')
    },
    deleted: (_, kit) => {
      expect(screen(kit).getByText('Deleted.')).toBeTruthy()
      expect(kit.actions.eventDeleted).toHaveBeenCalledTimes(1)
    },
    gone: (_, kit) => {
      expect(screen(kit).getByText('This reminder was deleted.')).toBeTruthy()
      expect(kit.actions.eventDeleted).not.toHaveBeenCalled()
    },
  },
})
