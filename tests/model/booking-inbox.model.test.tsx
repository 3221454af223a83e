import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { Booking } from '../../contract/booking'
import { bookingInboxMachine, connect, type BookingInboxSnapshot } from '../../src/machines/booking-inbox'
import { BookingInboxView } from '../../src/ui/booking/booking-inbox-view'
import { listChild, listReports, playReport } from './support/paged-list'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * /calendar/booked's bookings: the requests of the reader's pages (approve, decline, cancel) and
 * "Booked by me" (cancel), 20 a page through the paged list (stubbed: the test plays its reports),
 * kept current by BOOKING_CHANGED and read again on a reconnect (REFRESH). Times read in the
 * reader's zone (Asia/Ho_Chi_Minh); the expected words come from Intl here, not from the app's
 * dayjs formatting.
 */

type Kit = ModelKit<typeof bookingInboxMachine>
type S = BookingInboxSnapshot

const ZONE = 'Asia/Ho_Chi_Minh'
const ME = { _id: 'u-me', name: 'Mai Pham', workid: 'mai', photo_url: null }
const OTHER = { _id: 'u-ann', name: 'Ann Tran', workid: 'ann', photo_url: null }
const HOUR = 3600_000
const BASE = Date.UTC(2026, 2, 10, 1)

/** Booking n of the reader's pages (odd: requested, even: approved), made by a guest. */
const ofMine = (n: number, status?: Booking['status']): Booking => ({
  _id: `b-${n}`,
  page_id: 'bp-1',
  page_title: 'Consultation',
  owner: ME,
  booker: null,
  name: `Guest ${n}`,
  email: `guest${n}@example.com`,
  note: n === 1 ? 'About the roadmap' : '',
  start: new Date(BASE + n * HOUR).toISOString(),
  end: new Date(BASE + n * HOUR + 30 * 60_000).toISOString(),
  status: status ?? (n % 2 ? 'requested' : 'approved'),
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
})
/** Booking n the reader made on Ann's page. */
const byMe = (n: number, status: Booking['status'] = 'approved'): Booking => ({
  ...ofMine(n),
  _id: `m-${n}`,
  page_title: 'Office hours',
  owner: OTHER,
  booker: ME,
  name: ME.name,
  email: null,
  status,
})
const FULL = Array.from({ length: 20 }, (_, i) => ofMine(i + 1))
const SECOND = [ofMine(20), ofMine(21)]
const ONE = [ofMine(41)]
const MINE = [byMe(1)]

const day = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })
const clock = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const when = (b: Booking) => `${day.format(new Date(b.start))}, ${clock.format(new Date(b.start))}–${clock.format(new Date(b.end))}`
const STATUS_WORDS = { requested: 'Waiting for approval', approved: 'Approved', rejected: 'Declined', canceled: 'Canceled' }

const ctx = (s: S) => s.context
const shownList = (s: S) => ['idle', 'loadingMore', 'refreshing'].includes(ctx(s).list.state)
const idle = (s: S) => s.matches({ open: 'idle' }) && ctx(s).list.state === 'idle'
const first = (s: S) => ctx(s).list.items[0]
/** Acts on the first fixture booking while it is as it came (the graph stays small). */
const actable = (s: S, statuses: Booking['status'][]) => {
  const b = first(s)
  return idle(s) && b && ['b-1', 'b-41', 'm-1'].includes(b._id) && statuses.includes(b.status) ? [{ bookingId: b._id }] : []
}
const whoOf = (s: S, b: Booking) => (ctx(s).role === 'owner' ? b.name : b.owner.name)
const find = (s: S, id: string) => ctx(s).list.items.find((b) => b._id === id)!
const rowsList = (kit: Kit) => kit.screen.queryByRole('list', { name: /Bookings of your pages|Your bookings/ })

describeModel({
  machine: bookingInboxMachine,
  input: { meId: 'u-me' },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      r: s.context.role,
      l: s.context.list.state,
      ids: s.context.list.items.map((b) => `${b._id}:${b.status}`).join(','),
      more: s.context.list.more,
      le: s.context.list.error,
      a: s.context.acting,
      e: s.context.error,
    }),
  events: {
    LIST: (s) =>
      ctx(s).role === 'owner'
        ? listReports(ctx(s).list, { first: [FULL, ONE, []], next: SECOND, failure: 'The next page was refused.' })
        : // Refreshed after a reconnect: a booking the reader made elsewhere while the socket was down.
          listReports(ctx(s).list, {
            first: [MINE],
            refreshed: (items) => (items.some((b) => b._id === 'm-2') ? items : [...items, byMe(2)]),
          }),
    // The socket connected again ("Booked by me", the list shown): the list reads its pages again.
    REFRESH: (s) => (ctx(s).role === 'booker' && idle(s) ? [{ type: 'REFRESH' }] : []),
    TAB: (s) => (s.matches({ open: 'idle' }) ? [{ type: 'TAB', role: ctx(s).role === 'owner' ? 'booker' : 'owner' }] : []),
    APPROVE: (s) => (ctx(s).role === 'owner' ? actable(s, ['requested']).map((e) => ({ type: 'APPROVE', ...e })) : []),
    REJECT: (s) => (ctx(s).role === 'owner' ? actable(s, ['requested']).map((e) => ({ type: 'REJECT', ...e })) : []),
    CANCEL: (s) => actable(s, ['requested', 'approved']).map((e) => ({ type: 'CANCEL', ...e })),
    LOAD_MORE: (s) => (idle(s) && ctx(s).list.more ? [{ type: 'LOAD_MORE' }] : []),
    RETRY: (s) => (ctx(s).list.state === 'failed' ? [{ type: 'RETRY' }] : []),
    // The guest canceled the first booking; someone booked another page of the reader's.
    CHANGED: (s) =>
      ctx(s).role !== 'owner' || !shownList(s)
        ? []
        : [
            ...(first(s) && first(s)!.status !== 'canceled' ? [{ type: 'CHANGED', booking: { ...first(s)!, status: 'canceled' } }] : []),
            { type: 'CHANGED', booking: ofMine(99, 'requested') },
          ],
    'xstate.done.actor.act': (s) => {
      const acting = ctx(s).acting
      if (!acting) return []
      const status = { approve: 'approved', reject: 'rejected', cancel: 'canceled' }[acting.action] as Booking['status']
      return [{ type: 'xstate.done.actor.act', output: { ...find(s, acting.bookingId), status } }]
    },
    'xstate.error.actor.act': [{ type: 'xstate.error.actor.act', error: new Error('This booking was already canceled.') }],
  },
  render: (snapshot, send) => <BookingInboxView {...connect(snapshot, send)} timeZone={ZONE} />,
  callbackActors: ['list'],
  perform: {
    LIST: playReport,
    TAB: async (event, kit) => {
      await kit.user.click(kit.screen.getByRole('tab', { name: event.role === 'owner' ? 'Requests' : 'Booked by me' }))
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Load more' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'LOAD_MORE' })
    },
    APPROVE: async (event, kit) => {
      const b = find(kit.previous, event.bookingId as string)
      await kit.user.click(kit.screen.getByRole('button', { name: `Approve ${b.name}, ${when(b)}` }))
    },
    REJECT: async (event, kit) => {
      const b = find(kit.previous, event.bookingId as string)
      await kit.user.click(kit.screen.getByRole('button', { name: `Decline ${b.name}, ${when(b)}` }))
    },
    CANCEL: async (event, kit) => {
      const b = find(kit.previous, event.bookingId as string)
      const who = whoOf(kit.previous, b)
      const question = () => kit.screen.getByRole('group', { name: `Confirm canceling the booking ${who}, ${when(b)}` })
      // Canceling asks first, in place: Cancel does nothing.
      await kit.user.click(kit.screen.getByRole('button', { name: `Cancel booking ${who}, ${when(b)}` }))
      expect(question().textContent).toContain(`Cancel this booking? ${who} is told.`)
      await kit.user.click(within(question()).getByRole('button', { name: 'Cancel' }))
      expect(kit.actor.getSnapshot().matches({ open: 'idle' })).toBe(true)
      await kit.user.click(kit.screen.getByRole('button', { name: `Cancel booking ${who}, ${when(b)}` }))
      await kit.user.click(within(question()).getByRole('button', { name: 'Yes, cancel the booking' }))
    },
    CHANGED: async (event, kit) => {
      const changed = event.booking as Booking
      const listed = ctx(kit.previous).list.items.some((b) => b._id === changed._id)
      const before = listChild(kit).received.length
      await kit.send(event as never)
      // A listed booking is replaced at once (and in the list); a new one brings the pages again.
      expect(listChild(kit).received.slice(before)).toEqual(listed ? [{ type: 'REPLACE', item: changed }] : [{ type: 'REFRESH' }])
    },
    REFRESH: async (event, kit) => {
      const rows = rowsList(kit)?.textContent
      const before = listChild(kit).received.length
      await kit.send(event as never)
      // The list is asked again; its rows stay until the pages come.
      expect(listChild(kit).received.slice(before)).toEqual([{ type: 'REFRESH' }])
      expect(rowsList(kit)?.textContent).toBe(rows)
    },
    'xstate.done.actor.act': async (event, kit) => {
      await kit.resolve('act', event.output)
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REPLACE', item: event.output })
    },
  },
  states: {
    '*': (expected, kit) => {
      const { list, role, error } = ctx(expected)
      expect(listChild(kit).input).toEqual({ query: { role } })
      expect(kit.screen.getByRole('tab', { name: role === 'owner' ? 'Requests' : 'Booked by me' }).getAttribute('aria-selected')).toBe(
        'true',
      )
      expect(kit.screen.getByText('Times in Asia/Ho Chi Minh (GMT+07:00)')).toBeTruthy()
      if (list.state === 'loading') {
        expect(kit.screen.getByRole('status').textContent).toBe('Loading bookings…')
        expect(rowsList(kit)).toBeNull()
      }
      if (list.state === 'failed') expect(kit.screen.getByRole('alert').textContent).toBe('The bookings could not be loaded.Retry')
      if (shownList(expected) && list.items.length === 0) {
        expect(kit.screen.getByText(role === 'owner' ? 'Nobody has booked your pages yet.' : 'You have no upcoming bookings.')).toBeTruthy()
        expect(rowsList(kit)).toBeNull()
      }
      if (shownList(expected) && list.items.length > 0) {
        const rows = within(rowsList(kit)!).getAllByRole('listitem')
        expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(list.items.map((b) => `${b.page_title}, ${when(b)}`))
        expect(new Set(rows.map((row) => row.getAttribute('aria-label'))).size).toBe(rows.length)
        // Each row: its status, who (the guest for the page's owner, the owner for the booker), and what
        // may be done (the first rows: those the steps act on and change; every row costs time here).
        list.items.slice(0, 3).forEach((b, i) => {
          const row = within(rows[i]!)
          expect(row.getByText(STATUS_WORDS[b.status])).toBeTruthy()
          expect(rows[i]!.textContent).toContain(role === 'owner' ? `Consultation · ${b.name} · ${b.email}` : 'Office hours · Ann Tran')
          const buttons = row.queryAllByRole('button').map((button) => button.textContent)
          const live = b.status === 'requested' || b.status === 'approved'
          expect(buttons).toEqual(
            role === 'owner' && b.status === 'requested' ? ['Approve', 'Decline', 'Cancel booking'] : live ? ['Cancel booking'] : [],
          )
        })
        expect(kit.screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(list.more)
        if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
        else expect(kit.screen.queryByRole('alert')).toBeNull()
      }
    },
    'open.idle': (expected, kit) => {
      if (idle(expected))
        for (const b of within(rowsList(kit) ?? document.createElement('ul')).queryAllByRole<HTMLButtonElement>('button'))
          expect(b.disabled).toBe(false)
    },
    'open.acting': (expected, kit) => {
      const acting = ctx(expected).acting!
      expect(kit.pending('act').input).toEqual(acting)
      const b = find(expected, acting.bookingId)
      const name = { approve: `Approve ${b.name}, ${when(b)}`, reject: `Decline ${b.name}, ${when(b)}`, cancel: null }[acting.action]
      if (name) expect(kit.screen.getByRole('button', { name }).getAttribute('aria-busy')).toBe('true')
      for (const button of within(rowsList(kit)!).queryAllByRole<HTMLButtonElement>('button')) expect(button.disabled).toBe(true)
    },
  },
})
