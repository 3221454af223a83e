import { expect } from 'vitest'
import { fireEvent } from '@testing-library/react'
import type { BookingPage } from '../../contract/booking'
import { connect, slotsFormMachine, type SlotsFormInput, type SlotsFormSnapshot } from '../../src/machines/slots-form'
import { SlotsFormView } from '../../src/ui/booking/slots-form-view'
import { describeModel } from './support/run-model'

/**
 * "Create your slots" (a new booking page) and "Edit your slots" (a page read with booking/page
 * first; only the changed fields sent). What each step must show and send is written here from
 * the events: the bodies below are spelled out by hand, not built with the machine's helpers.
 */

type S = SlotsFormSnapshot

const ZONE = 'Asia/Ho_Chi_Minh'
const ZONES = [ZONE, 'Europe/Berlin', 'America/New_York']
const OWNER = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const EDITED: BookingPage = {
  _id: 'bp-1',
  owner: OWNER,
  title: 'Office hours',
  description: 'Ask me anything',
  duration_minutes: 20,
  buffer_minutes: 5,
  min_notice_minutes: 120,
  horizon_days: 30,
  time_zone: 'Europe/Berlin',
  // Given out of order: the form shows them by weekday.
  availability: [
    { weekday: 4, start: '14:00', end: '16:00' },
    { weekday: 2, start: '10:00', end: '12:00' },
  ],
  active: true,
  url: '/booking/bp-1',
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-01T08:00:00.000Z',
}
const SAVED: BookingPage = { ...EDITED, _id: 'bp-2', title: 'Consultation' }
const TITLE = '  Consultation '
const REFUSED = Object.assign(new Error('Some fields are not right.'), {
  status: 400,
  fields: { availability: ['The windows of a day must not overlap'], client_id: ['Already used'] },
})

const INPUTS: Record<string, SlotsFormInput> = {
  new: { clientId: 'client-1', pageId: null, timeZone: ZONE },
  edit: { clientId: 'client-2', pageId: 'bp-1', timeZone: ZONE },
}

const WEEKDAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const NINE_TO_FIVE = (weekday: number) => ({ weekday, start: '09:00', end: '17:00' })
/** What the form opens with, per start (written here). */
const OPENED = {
  new: {
    title: '',
    description: '',
    duration: '30',
    buffer: '0',
    notice: '60',
    horizon: '60',
    timeZone: ZONE,
    windows: [1, 2, 3, 4, 5].map(NINE_TO_FIVE),
    active: true,
  },
  edit: {
    title: 'Office hours',
    description: 'Ask me anything',
    duration: '20',
    buffer: '5',
    notice: '120',
    horizon: '30',
    timeZone: 'Europe/Berlin',
    windows: [
      { weekday: 2, start: '10:00', end: '12:00' },
      { weekday: 4, start: '14:00', end: '16:00' },
    ],
    active: true,
  },
}

const ctx = (s: S) => s.context
const mode = (s: S) => (ctx(s).pageId ? 'edit' : 'new')
const editing = (s: S) => s.matches('editing')
const saturday = (s: S) => ctx(s).windows.findIndex((w) => w.weekday === 6)
const firstDay = (s: S) => WEEKDAY_NAMES[OPENED[mode(s)].windows[0]!.weekday]!

describeModel({
  machine: slotsFormMachine,
  inputs: INPUTS,
  select: 'coverage',
  serializeState: (s) => {
    const { title, duration, active, windows, checked, error, fieldErrors } = s.context
    return JSON.stringify({ v: s.value, title, duration, active, w: windows, checked, error, f: Object.keys(fieldErrors) })
  },
  events: {
    // The title: none, or a good one (trimmed when sent); the length: a bad one, or back.
    FIELD: (s) =>
      !editing(s)
        ? []
        : [
            { type: 'FIELD', field: 'title', value: ctx(s).title === TITLE ? '' : TITLE },
            { type: 'FIELD', field: 'duration', value: ctx(s).duration === '3' ? '45' : '3' },
          ],
    ACTIVE: (s) => (editing(s) ? [{ type: 'ACTIVE', value: !ctx(s).active }] : []),
    // Saturday gets a window, or loses it.
    ADD_WINDOW: (s) => (editing(s) && saturday(s) < 0 ? [{ type: 'ADD_WINDOW', weekday: 6 }] : []),
    REMOVE_WINDOW: (s) => (editing(s) && saturday(s) >= 0 ? [{ type: 'REMOVE_WINDOW', index: saturday(s) }] : []),
    // The first window ends before it starts, or ends as it did.
    WINDOW_TIME: (s) => {
      if (!editing(s)) return []
      const opened = OPENED[mode(s)].windows[0]!.end
      return [{ type: 'WINDOW_TIME', index: 0, edge: 'end', value: ctx(s).windows[0]!.end === '08:00' ? opened : '08:00' }]
    },
    'xstate.done.actor.loadPage': [{ type: 'xstate.done.actor.loadPage', output: EDITED }],
    'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new Error('Not found') }],
    'xstate.done.actor.savePage': [{ type: 'xstate.done.actor.savePage', output: SAVED }],
    'xstate.error.actor.savePage': [{ type: 'xstate.error.actor.savePage', error: REFUSED }],
  },
  spyActions: ['pageSaved', 'leave'],
  render: (snapshot, send) => <SlotsFormView {...connect(snapshot, send)} timeZones={ZONES} />,
  perform: {
    FIELD: async (event, kit) => {
      const label = event.field === 'title' ? 'Title' : 'Appointment length (minutes)'
      const box = kit.screen.getByLabelText<HTMLInputElement>(label)
      await kit.user.clear(box)
      if (event.value) {
        await kit.user.click(box)
        await kit.user.paste(event.value as string)
      }
    },
    ACTIVE: async (_, kit) => kit.user.click(kit.screen.getByRole('checkbox', { name: /Taking bookings/ })),
    ADD_WINDOW: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Add time on Saturday' })),
    REMOVE_WINDOW: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Remove Saturday window 1' })),
    WINDOW_TIME: async (event, kit) => {
      fireEvent.change(kit.screen.getByLabelText(`${firstDay(kit.previous)} window 1 to`), { target: { value: event.value } })
    },
    SUBMIT: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: mode(kit.previous) === 'edit' ? 'Save' : 'Publish' })),
    CANCEL: async (_, kit) =>
      kit.user.click(kit.screen.getByRole('button', { name: kit.previous.matches('loadFailed') ? 'Back to bookings' : 'Cancel' })),
    RETRY: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Retry' })),
  },
  states: {
    loading: (_, kit) => {
      expect(kit.pending('loadPage').input).toEqual({ pageId: 'bp-1' })
      expect(kit.screen.getByRole('status').textContent).toBe('Loading the booking page…')
      expect(kit.screen.queryByRole('form')).toBeNull()
    },
    loadFailed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('Not foundRetry')
      expect(kit.screen.queryByRole('form')).toBeNull()
    },
    editing: (expected, kit) => {
      const c = ctx(expected)
      const opened = OPENED[mode(expected)]
      const form = kit.screen.getByRole('form', { name: mode(expected) === 'edit' ? 'Edit your slots' : 'Create your slots' })
      expect(kit.screen.getByLabelText<HTMLInputElement>('Title').value).toBe(c.title)
      expect(kit.screen.getByLabelText<HTMLTextAreaElement>('Description (optional)').value).toBe(opened.description)
      expect(kit.screen.getByLabelText<HTMLInputElement>('Appointment length (minutes)').value).toBe(c.duration)
      expect(kit.screen.getByLabelText<HTMLInputElement>('Buffer after each (minutes)').value).toBe(opened.buffer)
      expect(kit.screen.getByLabelText<HTMLInputElement>('Minimum notice (minutes)').value).toBe(opened.notice)
      expect(kit.screen.getByLabelText<HTMLInputElement>('How far ahead (days)').value).toBe(opened.horizon)
      expect(kit.screen.getByLabelText<HTMLSelectElement>('Time zone').value).toBe(opened.timeZone)
      expect(kit.screen.getByRole<HTMLInputElement>('checkbox', { name: /Taking bookings/ }).checked).toBe(c.active)
      // The week: the opened windows (the first one's end as last typed) and Saturday's when added.
      const hasSaturday = saturday(expected) >= 0
      const days = [...opened.windows.map((w) => w.weekday), ...(hasSaturday ? [6] : [])]
      for (let weekday = 1; weekday <= 7; weekday++) {
        const name = WEEKDAY_NAMES[weekday]!
        const row = kit.screen.getByRole('listitem', { name })
        const count = days.filter((d) => d === weekday).length
        expect(row.querySelectorAll('input[type="time"]').length).toBe(count * 2)
        expect(row.textContent?.includes('Unavailable')).toBe(count === 0)
      }
      expect(kit.screen.getByLabelText<HTMLInputElement>(`${firstDay(expected)} window 1 to`).value).toBe(c.windows[0]!.end)
      if (hasSaturday) {
        expect(kit.screen.getByLabelText<HTMLInputElement>('Saturday window 1 from').value).toBe('09:00')
        expect(kit.screen.getByLabelText<HTMLInputElement>('Saturday window 1 to').value).toBe('17:00')
      }
      // Field messages once Save was refused here (written out per case), the server's until their field changes.
      const text = form.textContent ?? ''
      expect(text.includes('Write a title')).toBe(c.checked && c.title === '')
      expect(text.includes('Enter a length from 5 to 480 minutes')).toBe(c.checked && c.duration === '3')
      expect(text.includes('The end must be after the start')).toBe(c.checked && c.windows[0]!.end === '08:00')
      expect(text.includes('The windows of a day must not overlap')).toBe('availability' in c.fieldErrors)
      if (c.error) expect(kit.screen.getByRole('alert').textContent).toBe(`${c.error} Already used`)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: mode(expected) === 'edit' ? 'Save' : 'Publish' }).disabled).toBe(
        false,
      )
    },
    saving: (expected, kit) => {
      const c = ctx(expected)
      const saturdayWindow = saturday(expected) >= 0 ? [NINE_TO_FIVE(6)] : []
      if (mode(expected) === 'edit') {
        // Only what differs from the page as it was read.
        const body: Record<string, unknown> = { page_id: 'bp-1' }
        if (c.title !== OPENED.edit.title) body.title = 'Consultation'
        if (c.duration !== OPENED.edit.duration) body.duration_minutes = 45
        if (saturdayWindow.length) body.availability = [...OPENED.edit.windows, ...saturdayWindow]
        if (!c.active) body.active = false
        expect(kit.pending('savePage').input).toEqual({ kind: 'update', body })
      } else
        expect(kit.pending('savePage').input).toEqual({
          kind: 'create',
          body: {
            client_id: 'client-1',
            title: 'Consultation',
            description: '',
            duration_minutes: c.duration === '45' ? 45 : 30,
            buffer_minutes: 0,
            min_notice_minutes: 60,
            horizon_days: 60,
            time_zone: ZONE,
            availability: [...OPENED.new.windows, ...saturdayWindow],
            active: c.active,
          },
        })
      const button = kit.screen.getByRole('button', { name: mode(expected) === 'edit' ? 'Save' : 'Publish' })
      expect(button.getAttribute('aria-busy')).toBe('true')
      expect(kit.screen.getByLabelText<HTMLInputElement>('Title').disabled).toBe(true)
    },
    saved: (_, kit) => {
      expect(kit.actions.pageSaved).toHaveBeenCalledTimes(1)
      expect(kit.actions.pageSaved.mock.calls[0][1]).toEqual({ page: SAVED })
      expect(kit.actions.leave).not.toHaveBeenCalled()
    },
    left: (_, kit) => {
      expect(kit.actions.leave).toHaveBeenCalledTimes(1)
      expect(kit.actions.pageSaved).not.toHaveBeenCalled()
      // Left by Cancel, or by Save with nothing changed: nothing was sent.
      expect(kit.calls.filter((call) => call.id === 'savePage')).toEqual([])
    },
  },
})
