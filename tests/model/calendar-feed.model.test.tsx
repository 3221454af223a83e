import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { calendarFeedMachine, connect, COPIED_MS, type CalendarFeedSnapshot } from '../../src/machines/calendar-feed'
import { FeedPanel } from '../../src/ui/calendar/feed-panel'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * "Subscribe to your calendar" on /calendar: opened, its link read (or not, then Retry), copied
 * ("Copied" for 2 seconds), reset after a question (a new link; the old one stops working).
 */

type Kit = ModelKit<typeof calendarFeedMachine>
type S = CalendarFeedSnapshot

const URL_1 = 'http://127.0.0.1:3100/api/calendar/feed/secret-one.ics'
const URL_2 = 'http://127.0.0.1:3100/api/calendar/feed/secret-two.ics'

const panel = (kit: Kit) => within(kit.container)
const details = (kit: Kit) => kit.container.querySelector('details')!

describeModel({
  machine: calendarFeedMachine,
  select: 'coverage',
  serializeState: (s) => JSON.stringify({ v: s.value, ...s.context }),
  events: {
    'xstate.done.actor.loadFeed': [{ type: 'xstate.done.actor.loadFeed', output: { url: URL_1 } }],
    'xstate.error.actor.loadFeed': (s) => (s.context.error ? [] : [{ type: 'xstate.error.actor.loadFeed', error: { message: 'Offline' } }]),
    'xstate.done.actor.resetFeed': [{ type: 'xstate.done.actor.resetFeed', output: { url: URL_2 } }],
    'xstate.error.actor.resetFeed': [{ type: 'xstate.error.actor.resetFeed', error: { message: 'Too many tries' } }],
    'xstate.done.actor.copyText': [{ type: 'xstate.done.actor.copyText', output: undefined }],
    'xstate.error.actor.copyText': [{ type: 'xstate.error.actor.copyText', error: { message: 'The link could not be copied.' } }],
    COPY: (s: S) => (s.context.error || s.context.reset ? [] : [{ type: 'COPY' }]),
    RESET: (s: S) => (s.context.error || s.context.reset ? [] : [{ type: 'RESET' }]),
  },
  render: (snapshot, send) => <FeedPanel {...connect(snapshot, send)} />,
  perform: {
    OPEN: async (_, kit) => kit.user.click(panel(kit).getByText('Subscribe to your calendar')),
    RETRY: async (_, kit) => kit.user.click(panel(kit).getByRole('button', { name: 'Retry' })),
    COPY: async (_, kit) => kit.user.click(panel(kit).getByRole('button', { name: /^Cop/ })),
    RESET: async (_, kit) => kit.user.click(panel(kit).getByRole('button', { name: 'Reset link' })),
    CONFIRM: async (_, kit) =>
      kit.user.click(
        within(panel(kit).getByRole('group', { name: 'Confirm resetting the calendar link' })).getByRole('button', {
          name: 'Yes, make a new link',
        }),
      ),
    CANCEL: async (_, kit) =>
      kit.user.click(
        within(panel(kit).getByRole('group', { name: 'Confirm resetting the calendar link' })).getByRole('button', { name: 'Cancel' }),
      ),
  },
  states: {
    closed: (_, kit) => {
      expect(details(kit).open).toBe(false)
      expect(kit.calls).toEqual([])
    },
    loading: (_, kit) => {
      expect(details(kit).open).toBe(true)
      expect(kit.pending('loadFeed')).toBeTruthy()
      expect(panel(kit).getByRole('status').textContent).toBe('Loading your link…')
    },
    failed: (_, kit) => {
      expect(panel(kit).getByRole('alert').textContent).toContain('Your link could not be loaded: Offline')
    },
    ready: (expected, kit) => {
      const c = expected.context
      expect(panel(kit).getByLabelText<HTMLInputElement>("Your calendar's private link").value).toBe(c.reset ? URL_2 : URL_1)
      if (c.reset) expect(panel(kit).getByText('A new link was made. The old one no longer works.')).toBeTruthy()
      if (c.error) expect(panel(kit).getByRole('alert').textContent).toBe(c.error)
      else expect(panel(kit).queryByRole('alert')).toBeNull()
    },
    'ready.idle': (_, kit) => {
      expect(panel(kit).getByRole<HTMLButtonElement>('button', { name: 'Copy link' }).disabled).toBe(false)
      expect(panel(kit).queryByRole('group', { name: 'Confirm resetting the calendar link' })).toBeNull()
    },
    'ready.copying': (expected, kit) => {
      expect(kit.pending('copyText').input).toEqual({ text: expected.context.url })
      expect(panel(kit).getByRole('button', { name: 'Copy link' }).getAttribute('aria-busy')).toBe('true')
    },
    'ready.copied': (_, kit) => {
      expect(panel(kit).getByRole('button', { name: 'Copied' })).toBeTruthy()
      expect(panel(kit).getByRole('status').textContent).toBe('Link copied')
      expect(COPIED_MS).toBe(2000)
    },
    'ready.confirming': (_, kit) => {
      expect(panel(kit).getByRole('group', { name: 'Confirm resetting the calendar link' }).textContent).toContain(
        'Make a new link? The old one stops working in every app that uses it.',
      )
    },
    'ready.resetting': (_, kit) => {
      expect(kit.pending('resetFeed')).toBeTruthy()
      expect(panel(kit).getByRole('button', { name: 'Yes, make a new link' }).getAttribute('aria-busy')).toBe('true')
    },
  },
})
