import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { Booking, BookingPublicPage, BookingRequestResult } from '../../contract/booking'
import {
  bookingPageMachine,
  connect,
  type BookingPageInput,
  type BookingPageSnapshot,
  type LocalSlot,
} from '../../src/machines/booking-page'
import { BookingPageView } from '../../src/ui/booking/booking-page-view'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The public booking page (/booking/{id}): a guest browses a week of free times in their zone
 * (Asia/Ho_Chi_Minh, today Wednesday 4 March 2026), picks one, gives a name and an email, and the
 * request goes through the challenge, the proof of work and booking/request; a time taken
 * meanwhile sends them back to the week; a signed-in visitor's details come prefilled; a guest's
 * cancel link cancels their booking after asking. The free times, bodies and words each step must
 * show are written here by hand.
 */

type Kit = ModelKit<typeof bookingPageMachine>
type S = BookingPageSnapshot

const ZONE = 'Asia/Ho_Chi_Minh'
const PAGE: BookingPublicPage = {
  _id: 'bp-1',
  owner: { name: 'Ann Tran', photo_url: null },
  title: 'Consultation',
  description: 'Thirty minutes about your project.',
  duration_minutes: 30,
  time_zone: 'Europe/Berlin',
  active: true,
}
const CLOSED: BookingPublicPage = { ...PAGE, active: false }
/** Week 1 (Mon 2 – Sun 8 March): Wednesday 09:00 and 09:30, Friday 14:00 (Ho Chi Minh time, UTC+7). */
const WEEK_1: LocalSlot[] = [
  { start: '2026-03-04T02:00:00.000Z', end: '2026-03-04T02:30:00.000Z', day: '2026-03-04', time: '09:00' },
  { start: '2026-03-04T02:30:00.000Z', end: '2026-03-04T03:00:00.000Z', day: '2026-03-04', time: '09:30' },
  { start: '2026-03-06T07:00:00.000Z', end: '2026-03-06T07:30:00.000Z', day: '2026-03-06', time: '14:00' },
]
/** Week 2 (Mon 9 – Sun 15 March): Monday 10:00. */
const WEEK_2: LocalSlot[] = [{ start: '2026-03-09T03:00:00.000Z', end: '2026-03-09T03:30:00.000Z', day: '2026-03-09', time: '10:00' }]
/** Each time's client_id: the visit's with the start's milliseconds (written out). */
const CLIENT_IDS: Record<string, string> = {
  '2026-03-04T02:00:00.000Z': 'visit-1-1772589600000',
  '2026-03-06T07:00:00.000Z': 'visit-1-1772780400000',
  '2026-03-09T03:00:00.000Z': 'visit-1-1773025200000',
}
/** What each time reads as in the details and on the cancel page. */
const WHEN: Record<string, string> = {
  '2026-03-04T02:00:00.000Z': 'Wednesday, March 4, 2026, 09:00–09:30',
  '2026-03-06T07:00:00.000Z': 'Friday, March 6, 2026, 14:00–14:30',
  '2026-03-09T03:00:00.000Z': 'Monday, March 9, 2026, 10:00–10:30',
}
const ANN = { _id: 'u-ann', name: 'Ann Tran', workid: 'ann', photo_url: null }
const booking = (start: string, status: Booking['status'] = 'requested'): Booking => ({
  _id: 'bk-1',
  page_id: 'bp-1',
  page_title: 'Consultation',
  owner: ANN,
  booker: null,
  name: 'Lan',
  email: 'lan@example.com',
  note: '',
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  status,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
})
const RESULT: BookingRequestResult = { booking: booking(WEEK_1[0]!.start), cancel_token: 'secret-1' }
const refusal = (message: string, status: number, fields: Record<string, string[]> = {}) =>
  Object.assign(new Error(message), { status, fields })

const INPUTS: Record<string, BookingPageInput> = {
  guest: { pageId: 'bp-1', timeZone: ZONE, today: '2026-03-04', me: null, clientId: 'visit-1', cancel: null },
  member: {
    pageId: 'bp-1',
    timeZone: ZONE,
    today: '2026-03-04',
    me: { name: 'Bao Le', email: 'bao@example.com' },
    clientId: 'visit-1',
    cancel: null,
  },
  cancel: {
    pageId: 'bp-1',
    timeZone: ZONE,
    today: '2026-03-04',
    me: null,
    clientId: 'visit-1',
    cancel: { bookingId: 'bk-9', token: 'secret-9' },
  },
}

const ctx = (s: S) => s.context
/** Started from a guest's cancel link (still, or after canceling). */
const fromLink = (s: S) => ctx(s).cancel !== null || ctx(s).canceled !== null
const guest = (s: S) => ctx(s).me === null && !fromLink(s)
const member = (s: S) => ctx(s).me !== null
const inWeek1 = (s: S) => ctx(s).weekStart === '2026-03-02'
const shown = (s: S) => s.matches({ browsing: 'shown' })
const details = (s: S) => s.matches('details')

const status = (kit: Kit, text: string) => kit.screen.getAllByRole('status').some((node) => node.textContent === text)
const alerts = (kit: Kit) => kit.screen.queryAllByRole('alert').map((node) => node.textContent)

describeModel({
  machine: bookingPageMachine,
  inputs: INPUTS,
  select: 'coverage',
  serializeState: (s) => {
    const { page, weekStart, slots, day, picked, name, email, note, checked, error, notice, challenge, nonce, canceled } = s.context
    return JSON.stringify({
      v: s.value,
      a: page?.active,
      weekStart,
      n: slots.length,
      day,
      p: picked?.start,
      name,
      email,
      note,
      checked,
      error,
      notice,
      c: challenge?.token,
      nonce,
      x: canceled?._id,
    })
  },
  events: {
    // The page: open, or closed (the cancel link's too); not found, or failing (a guest's only).
    'xstate.done.actor.loadPage': (s) => [
      { type: 'xstate.done.actor.loadPage', output: PAGE },
      ...(member(s) ? [] : [{ type: 'xstate.done.actor.loadPage', output: CLOSED }]),
    ],
    'xstate.error.actor.loadPage': (s) =>
      guest(s)
        ? [
            { type: 'xstate.error.actor.loadPage', error: refusal('Not found', 404) },
            { type: 'xstate.error.actor.loadPage', error: refusal('Network down', 0) },
          ]
        : [],
    // The week's free times, as the runtime gives them for the week asked for.
    'xstate.done.actor.loadSlots': (s) =>
      fromLink(s) ? [] : [{ type: 'xstate.done.actor.loadSlots', output: inWeek1(s) ? WEEK_1 : WEEK_2 }],
    'xstate.error.actor.loadSlots': (s) =>
      guest(s) ? [{ type: 'xstate.error.actor.loadSlots', error: new Error('Could not read the free times.') }] : [],
    RETRY: (s) => (guest(s) ? [{ type: 'RETRY' }] : []),
    NEXT_WEEK: (s) => (guest(s) && inWeek1(s) && !ctx(s).notice ? [{ type: 'NEXT_WEEK' }] : []),
    PREV_WEEK: (s) => (guest(s) && !inWeek1(s) ? [{ type: 'PREV_WEEK' }] : []),
    DAY: (s) => (guest(s) && shown(s) && inWeek1(s) && ctx(s).day !== '2026-03-06' ? [{ type: 'DAY', day: '2026-03-06' }] : []),
    // The shown day's first time, once per visit (a second pick comes after a taken time).
    PICK: (s) => {
      const first = ctx(s).slots.find((slot) => slot.day === ctx(s).day)
      return shown(s) && first && !fromLink(s) ? [{ type: 'PICK', start: first.start }] : []
    },
    FIELD: (s) =>
      !details(s)
        ? []
        : member(s)
          ? [{ type: 'FIELD', field: 'note', value: ctx(s).note ? '' : 'About the roadmap' }]
          : [
              { type: 'FIELD', field: 'name', value: ctx(s).name ? '' : ' Lan ' },
              { type: 'FIELD', field: 'email', value: ctx(s).email ? '' : 'lan@example.com' },
            ],
    BACK: (s) => (guest(s) ? [{ type: 'BACK' }] : []),
    'xstate.done.actor.getChallenge': [{ type: 'xstate.done.actor.getChallenge', output: { token: 'tok-1', bits: 16 } }],
    'xstate.error.actor.getChallenge': (s) =>
      guest(s) ? [{ type: 'xstate.error.actor.getChallenge', error: refusal('Too many requests, try again later.', 429) }] : [],
    'xstate.done.actor.solveChallenge': [{ type: 'xstate.done.actor.solveChallenge', output: '40217' }],
    'xstate.error.actor.solveChallenge': (s) =>
      guest(s) ? [{ type: 'xstate.error.actor.solveChallenge', error: new Error('The check could not be finished.') }] : [],
    'xstate.done.actor.requestBooking': [{ type: 'xstate.done.actor.requestBooking', output: RESULT }],
    'xstate.error.actor.requestBooking': (s) =>
      guest(s)
        ? [
            { type: 'xstate.error.actor.requestBooking', error: refusal('That time is no longer free.', 409, { start: ['Taken'] }) },
            {
              type: 'xstate.error.actor.requestBooking',
              error: refusal('Check your details.', 400, { email: ['Use a real address'], page_id: ['Unknown page'] }),
            },
          ]
        : [],
    'xstate.done.actor.cancelBooking': [{ type: 'xstate.done.actor.cancelBooking', output: booking(WEEK_1[0]!.start, 'canceled') }],
    'xstate.error.actor.cancelBooking': [
      { type: 'xstate.error.actor.cancelBooking', error: refusal('This link is no longer valid.', 403) },
    ],
  },
  spyActions: ['showBooked', 'leaveCancelLink'],
  render: (snapshot, send) => <BookingPageView {...connect(snapshot, send)} />,
  perform: {
    RETRY: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Retry' })),
    NEXT_WEEK: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Next week' })),
    PREV_WEEK: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Previous week' })),
    DAY: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Fri Mar 6 1 free' })),
    PICK: async (event, kit) => {
      const time = ctx(kit.previous).slots.find((slot) => slot.start === event.start)!.time
      await kit.user.click(within(kit.screen.getByRole('list', { name: 'Free times' })).getByRole('button', { name: time }))
    },
    FIELD: async (event, kit) => {
      const label = { name: 'Your name', email: 'Your email', note: 'Note (optional)' }[event.field as string]!
      const box = kit.screen.getByLabelText<HTMLInputElement>(label)
      await kit.user.clear(box)
      if (event.value) {
        await kit.user.click(box)
        await kit.user.paste(event.value as string)
      }
    },
    BACK: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Pick another time' })),
    SUBMIT: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Request this time' })),
    CANCEL_BOOKING: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Cancel my booking' })),
    CONFIRM: async (_, kit) =>
      kit.user.click(
        within(kit.screen.getByRole('group', { name: 'Confirm canceling your booking' })).getByRole('button', { name: 'Yes, cancel it' }),
      ),
    KEEP: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Keep my booking' })),
    BOOK_AGAIN: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Book another time' })),
  },
  states: {
    '*': (expected, kit) => {
      // The page's owner and title once it is known.
      const heading = kit.screen.getByRole('heading', { level: 1 })
      if (ctx(expected).page) {
        expect(heading.textContent).toBe('Consultation')
        expect(kit.screen.getByText('Ann Tran')).toBeTruthy()
        expect(kit.screen.getByText('30 minutes')).toBeTruthy()
      } else expect(heading.textContent).toBe('Book a time')
    },
    loading: (expected, kit) => {
      expect(kit.pending('loadPage').input).toEqual({ pageId: 'bp-1' })
      expect(status(kit, 'Loading the booking page…')).toBe(true)
      // After canceling, Book another time reads the page again, at its address without the link.
      expect(kit.actions.leaveCancelLink).toHaveBeenCalledTimes(ctx(expected).canceled ? 1 : 0)
    },
    notFound: (_, kit) => {
      expect(alerts(kit)).toEqual(['This booking page does not exist or was removed.'])
      expect(kit.screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    },
    loadFailed: (_, kit) => expect(alerts(kit)).toEqual(['Network downRetry']),
    inactive: (_, kit) => {
      expect(status(kit, 'This booking page is not taking bookings right now.')).toBe(true)
      expect(kit.screen.queryByRole('list', { name: 'Free times' })).toBeNull()
    },
    browsing: (expected, kit) => {
      const week1 = inWeek1(expected)
      expect(kit.screen.getByRole('heading', { level: 2 }).textContent).toBe(week1 ? 'Mar 2 – Mar 8' : 'Mar 9 – Mar 15')
      expect(kit.screen.getByText('Times in Asia/Ho Chi Minh (GMT+07:00)')).toBeTruthy()
      // The week of today has no previous week.
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Previous week' }).disabled).toBe(week1)
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Next week' }).disabled).toBe(false)
      const taken = 'That time was just taken by someone else. Please pick another.'
      expect(alerts(kit).includes(taken)).toBe(ctx(expected).notice === 'taken')
    },
    'browsing.loadingSlots': (expected, kit) => {
      expect(kit.pending('loadSlots').input).toEqual({ pageId: 'bp-1', weekStart: ctx(expected).weekStart, timeZone: ZONE })
      expect(status(kit, 'Loading free times…')).toBe(true)
    },
    'browsing.slotsFailed': (_, kit) => expect(alerts(kit)).toContain('Could not read the free times.Retry'),
    'browsing.shown': (expected, kit) => {
      const week1 = inWeek1(expected)
      const group = within(kit.screen.getByRole('group', { name: 'Days' }))
      const days = group.getAllByRole('button')
      const named = (name: string) => group.getByRole('button', { name })
      const names: string[] = week1
        ? [
            'Mon Mar 2 0 free',
            'Tue Mar 3 0 free',
            'Wed Mar 4 2 free',
            'Thu Mar 5 0 free',
            'Fri Mar 6 1 free',
            'Sat Mar 7 0 free',
            'Sun Mar 8 0 free',
          ]
        : [
            'Mon Mar 9 1 free',
            'Tue Mar 10 0 free',
            'Wed Mar 11 0 free',
            'Thu Mar 12 0 free',
            'Fri Mar 13 0 free',
            'Sat Mar 14 0 free',
            'Sun Mar 15 0 free',
          ]

      // Today (Wednesday) first; Friday once picked; next week its first day with free times.
      const day = !week1 ? 'Mon Mar 9 1 free' : ctx(expected).day === '2026-03-06' ? 'Fri Mar 6 1 free' : 'Wed Mar 4 2 free'
      // The days in order, each named by its date and free times.
      expect(days).toEqual(names.map(named))
      expect(group.getByRole('button', { pressed: true })).toBe(named(day))
      // Each day's full date is its title (and the heading of its times).
      expect(days.map((d) => d.title)[0]).toBe(week1 ? 'Monday, March 2, 2026' : 'Monday, March 9, 2026')
      expect(kit.screen.getByRole('heading', { level: 3 }).textContent).toBe(
        !week1 ? 'Monday, March 9, 2026' : day.startsWith('Fri') ? 'Friday, March 6, 2026' : 'Wednesday, March 4, 2026',
      )
      const times = within(kit.screen.getByRole('list', { name: 'Free times' }))
        .getAllByRole('button')
        .map((b) => b.textContent)
      expect(times).toEqual(!week1 ? ['10:00'] : day.startsWith('Fri') ? ['14:00'] : ['09:00', '09:30'])
    },
    details: (expected, kit) => {
      const c = ctx(expected)
      const form = kit.screen.getByRole('form', { name: 'Your details' })
      expect(within(form).getByText(WHEN[c.picked!.start]!)).toBeTruthy()
      expect(kit.screen.getByLabelText<HTMLInputElement>('Your name').value).toBe(c.name)
      expect(kit.screen.getByLabelText<HTMLInputElement>('Your email').value).toBe(c.email)
      expect(kit.screen.getByLabelText<HTMLTextAreaElement>('Note (optional)').value).toBe(c.note)
      // A signed-in visitor's name and email come prefilled.
      if (member(expected)) {
        expect(c.name).toBe('Bao Le')
        expect(c.email).toBe('bao@example.com')
      }
      const text = form.textContent ?? ''
      expect(text.includes('Write your name')).toBe(c.checked && c.name === '')
      expect(text.includes('Write your email')).toBe(c.checked && c.email === '')
      expect(text.includes('Use a real address')).toBe('email' in c.fieldErrors)
    },
    submitting: (_, kit) => {
      const button = kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Request this time' })
      expect(button.disabled).toBe(true)
      expect(kit.screen.getByLabelText<HTMLInputElement>('Your name').disabled).toBe(true)
      expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    'submitting.challenge': (_, kit) => {
      expect(kit.pending('getChallenge')).toBeTruthy()
      expect(status(kit, 'Checking you are not a robot…')).toBe(true)
    },
    'submitting.solving': (_, kit) => {
      expect(kit.pending('solveChallenge').input).toEqual({ token: 'tok-1', bits: 16 })
      expect(status(kit, 'Checking you are not a robot…')).toBe(true)
    },
    'submitting.requesting': (expected, kit) => {
      const c = ctx(expected)
      const start = c.picked!.start
      expect(kit.pending('requestBooking').input).toEqual(
        member(expected)
          ? {
              page_id: 'bp-1',
              client_id: CLIENT_IDS[start],
              start,
              name: 'Bao Le',
              email: 'bao@example.com',
              note: c.note ? 'About the roadmap' : '',
              time_zone: ZONE,
              challenge: { token: 'tok-1', nonce: '40217' },
            }
          : {
              page_id: 'bp-1',
              client_id: CLIENT_IDS[start],
              start,
              name: 'Lan',
              email: 'lan@example.com',
              note: '',
              time_zone: ZONE,
              challenge: { token: 'tok-1', nonce: '40217' },
            },
      )
      expect(status(kit, 'Sending your request…')).toBe(true)
    },
    booked: (_, kit) => {
      expect(kit.actions.showBooked).toHaveBeenCalledTimes(1)
      expect(kit.actions.showBooked.mock.calls[0][1]).toEqual({ result: RESULT, page: PAGE, timeZone: ZONE })
      expect(status(kit, 'Your request was sent.')).toBe(true)
    },
    cancel: (expected, kit) => {
      if (!expected.matches({ cancel: 'canceled' }))
        expect(kit.screen.getByText('You opened the link to cancel your booking for Consultation.')).toBeTruthy()
    },
    'cancel.offer': (expected, kit) => {
      expect(kit.screen.getByRole('button', { name: 'Cancel my booking' })).toBeTruthy()
      expect(alerts(kit)).toEqual(ctx(expected).error ? ['This link is no longer valid.'] : [])
    },
    'cancel.confirming': (_, kit) => {
      const group = kit.screen.getByRole('group', { name: 'Confirm canceling your booking' })
      expect(group.textContent).toContain('Cancel your booking? Its time becomes free for others.')
      expect(kit.screen.queryByRole('button', { name: 'Cancel my booking' })).toBeNull()
    },
    'cancel.canceling': (_, kit) => {
      expect(kit.pending('cancelBooking').input).toEqual({ booking_id: 'bk-9', token: 'secret-9' })
      expect(kit.screen.getByRole('button', { name: 'Yes, cancel it' }).getAttribute('aria-busy')).toBe('true')
    },
    'cancel.canceled': (_, kit) => {
      expect(status(kit, 'Your booking for Wednesday, March 4, 2026, 09:00–09:30 is canceled.')).toBe(true)
      expect(kit.screen.getByRole('button', { name: 'Book another time' })).toBeTruthy()
    },
  },
})
