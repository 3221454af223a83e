import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { BookingPage } from '../../contract/booking'
import { bookingPagesMachine, connect, type BookingPagesSnapshot } from '../../src/machines/booking-pages'
import { BookingPagesView } from '../../src/ui/booking/booking-pages-view'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * "Your booking pages" on /calendar/booked: each page with its public link (Copy), Edit and its
 * on/off switch; "Create your slots". The links and bodies are written here by hand. A reconnect
 * (REFRESH) reads the pages again behind those shown, after a switch on its way.
 */

type Kit = ModelKit<typeof bookingPagesMachine>
type S = BookingPagesSnapshot

const OWNER = { _id: 'u-me', name: 'Mai Pham', workid: 'mai', photo_url: null }
const page = (id: string, title: string, active: boolean): BookingPage => ({
  _id: id,
  owner: OWNER,
  title,
  description: '',
  duration_minutes: 30,
  buffer_minutes: 0,
  min_notice_minutes: 60,
  horizon_days: 60,
  time_zone: 'Asia/Ho_Chi_Minh',
  availability: [{ weekday: 1, start: '09:00', end: '17:00' }],
  active,
  url: `/booking/${id}`,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
})
const PAGES = [page('bp-1', 'Consultation', true), page('bp-2', 'Office hours', false)]
const LINKS: Record<string, string> = { 'bp-1': 'https://rooms.example/booking/bp-1', 'bp-2': 'https://rooms.example/booking/bp-2' }

/** Read again after a reconnect: Office hours was turned on in another tab meanwhile. */
const REFRESHED = [PAGES[0]!, { ...PAGES[1]!, active: true, updated_at: '2026-03-02T00:00:00.000Z' }]

const ctx = (s: S) => s.context
/** The pages shown and usable: ready, or read again behind them. */
const ready = (s: S) => s.matches('ready') || s.matches('refreshing')
const view = routed(bookingPagesMachine, (snapshot, send) => <BookingPagesView {...connect(snapshot, send)} />)
const switchOf = (kit: Kit, title: string) =>
  within(kit.screen.getByRole('listitem', { name: title })).getByRole<HTMLInputElement>('checkbox', { name: 'Taking bookings' })

describeModel({
  machine: bookingPagesMachine,
  input: { origin: 'https://rooms.example' },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      p: s.context.pages.map((p) => `${p._id}:${p.active}`),
      t: s.context.toggling,
      c: s.context.copied,
      e: s.context.error,
      s: s.context.stale,
    }),
  events: {
    'xstate.done.actor.loadPages': [
      { type: 'xstate.done.actor.loadPages', output: PAGES },
      { type: 'xstate.done.actor.loadPages', output: [] },
    ],
    'xstate.error.actor.loadPages': [{ type: 'xstate.error.actor.loadPages', error: new Error('Could not read your pages.') }],
    // The first page is switched (once); the second page's link is copied.
    TOGGLE: (s) => (ready(s) && ctx(s).pages[0]?.active === true ? [{ type: 'TOGGLE', pageId: 'bp-1' }] : []),
    COPY: (s) => (ready(s) && ctx(s).pages.length && ctx(s).copied === null ? [{ type: 'COPY', pageId: 'bp-2' }] : []),
    'xstate.done.actor.setActive': (s) => [{ type: 'xstate.done.actor.setActive', output: { ...ctx(s).pages[0]!, active: false } }],
    'xstate.error.actor.setActive': [{ type: 'xstate.error.actor.setActive', error: new Error('The page could not be changed.') }],
    // The socket connected again (once while a switch is on its way: the pages are read after it).
    REFRESH: (s) => (ctx(s).stale ? [] : [{ type: 'REFRESH' }]),
    'xstate.done.actor.refreshPages': [{ type: 'xstate.done.actor.refreshPages', output: REFRESHED }],
    'xstate.error.actor.refreshPages': [{ type: 'xstate.error.actor.refreshPages', error: new Error('Could not read your pages.') }],
  },
  spyActions: ['copyLink'],
  render: view.render,
  ready: view.ready,
  perform: {
    RETRY: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Retry' })),
    TOGGLE: async (_, kit) => kit.user.click(switchOf(kit, 'Consultation')),
    COPY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Copy link of Office hours' }))
      expect(kit.actions.copyLink).toHaveBeenCalledTimes(1)
      expect(kit.actions.copyLink.mock.calls[0][1]).toEqual({ link: 'https://rooms.example/booking/bp-2' })
    },
  },
  states: {
    '*': (_, kit) => {
      expect(kit.screen.getByRole('link', { name: 'Create your slots' }).getAttribute('href')).toBe('/calendar/create-your-slots')
    },
    loading: (_, kit) => expect(kit.screen.getByRole('status').textContent).toBe('Loading your booking pages…'),
    failed: (_, kit) => expect(kit.screen.getByRole('alert').textContent).toBe('Your booking pages could not be loaded.Retry'),
    ready: (expected, kit) => shownPages(expected, kit),
    refreshing: (expected, kit) => {
      // The pages stay shown and usable while they are read again.
      expect(kit.pending('refreshPages')).toBeTruthy()
      shownPages(expected, kit)
    },
    toggling: (_, kit) => {
      expect(kit.pending('setActive').input).toEqual({ page_id: 'bp-1', active: false })
      expect(switchOf(kit, 'Consultation').getAttribute('aria-busy')).toBe('true')
      expect(switchOf(kit, 'Office hours').disabled).toBe(true)
    },
  },
})

/** The pages as they show, ready or refreshing: each with its link, Edit and switch; Link copied; the error. */
function shownPages(expected: S, kit: Kit) {
  const { pages, copied, error } = ctx(expected)
  if (pages.length === 0) {
    expect(kit.screen.getByText(/No booking pages yet/)).toBeTruthy()
    return
  }
  const rows = within(kit.screen.getByRole('list', { name: 'Your booking pages' })).getAllByRole('listitem')
  expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Consultation', 'Office hours'])
  for (const p of pages) {
    const row = within(kit.screen.getByRole('listitem', { name: p.title }))
    expect(row.getByRole('link', { name: LINKS[p._id] }).getAttribute('href')).toBe(LINKS[p._id])
    expect(row.getByRole('link', { name: `Edit ${p.title}` }).getAttribute('href')).toBe(`/calendar/edit-your-slots/${p._id}`)
    expect(switchOf(kit, p.title).checked).toBe(p.active)
    expect(switchOf(kit, p.title).disabled).toBe(false)
  }
  expect(kit.screen.queryByText('Link copied') !== null).toBe(copied !== null)
  if (copied) expect(within(kit.screen.getByRole('listitem', { name: 'Office hours' })).getByRole('status').textContent).toBe('Link copied')
  if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
  else expect(kit.screen.queryByRole('alert')).toBeNull()
}
