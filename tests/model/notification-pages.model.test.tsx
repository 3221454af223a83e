import { expect } from 'vitest'
import { connect, notificationPagesMachine } from '../../src/machines/notification-pages'
import type { NotificationItem } from '../../src/machines/notification-badge'
import { NotificationList } from '../../src/ui/notification-badge/notification-list'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof notificationPagesMachine>

const item = (page: number, i: number): NotificationItem => ({
  _id: `p${page}-${i}`,
  is_seen: false,
  created_at: '2026-03-01T09:00:00.000Z',
  notify_message: `Page ${page} item ${i}`,
})
/** A page of GET notify: 20 items (more may follow) or fewer (the last page). */
const pageOf = (page: number, size: number) => Array.from({ length: size }, (_, i) => item(page, i))

/** What the test expects, from the events it sent: the pages asked for and delivered. */
const ledgers = new WeakMap<object, { asked: number[]; delivered: number }>()
const ledgerOf = (kit: Kit) => {
  let ledger = ledgers.get(kit.actor)
  if (!ledger) ledgers.set(kit.actor, (ledger = { asked: [], delivered: 0 }))
  return ledger
}

const noop = () => {}

describeModel({
  machine: notificationPagesMachine,
  serializeState: (s) => JSON.stringify({ value: s.value, page: s.context.page }),
  events: {
    // Two full pages at most, then a short one ends the list.
    'xstate.done.actor.loadPage': (s) => [
      ...(s.context.page < 2 ? [{ type: 'xstate.done.actor.loadPage', output: pageOf(s.context.page + 1, 20) }] : []),
      { type: 'xstate.done.actor.loadPage', output: pageOf(s.context.page + 1, 3) },
    ],
    'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new Error('offline') }],
  },
  spyActions: ['deliver'],
  render: (snapshot, send) => (
    <NotificationList items={[]} unread={0} canMarkAllSeen={false} onSeen={noop} onSeenAll={noop} pages={connect(snapshot, send)} />
  ),
  perform: {
    LOAD_MORE: async (_, kit) => {
      ledgerOf(kit).asked.push(kit.previous.context.page + 1)
      // In the list, 'Load more' (its end scrolling into view does the same); else the drawer opening.
      const button = kit.screen.queryByRole('button', { name: 'Load more' })
      if (button) await kit.user.click(button)
      else await kit.send({ type: 'LOAD_MORE' })
    },
    RETRY: async (_, kit) => {
      ledgerOf(kit).asked.push(kit.previous.context.page + 1)
      await kit.user.click(kit.screen.getByRole('button', { name: 'Try again' }))
    },
    'xstate.done.actor.loadPage': async (event, kit) => {
      const output = (event as unknown as { output: NotificationItem[] }).output
      const deliveries = kit.actions.deliver.mock.calls.length
      await kit.resolve('loadPage', output)
      ledgerOf(kit).delivered++
      // The page goes on to the list, as it came.
      expect(kit.actions.deliver.mock.calls.length).toBe(deliveries + 1)
      expect(kit.actions.deliver.mock.calls.at(-1)?.[1]).toEqual({ items: output })
    },
  },
  states: {
    '*': (expected, kit) => {
      // Pages are asked for from 1, one after the other (a failed one again).
      const { asked, delivered } = ledgerOf(kit)
      asked.forEach((page, i) => expect(page).toBeLessThanOrEqual(i === 0 ? 1 : asked[i - 1]! + 1))
      expect(expected.context.page).toBe(delivered)
    },
    idle: (_, kit) => {
      expect(kit.screen.queryByRole('button', { name: 'Load more' })).toBeNull()
      expect(kit.screen.queryByRole('status')).toBeNull()
    },
    loading: (expected, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading notifications…')
      expect(kit.pending('loadPage').input).toEqual({ page: expected.context.page + 1 })
    },
    loaded: (_, kit) => {
      expect(kit.screen.getByRole('button', { name: 'Load more' })).toBeTruthy()
      expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    exhausted: (_, kit) => {
      // The last page was short: nothing more to load.
      expect(kit.screen.queryByRole('button', { name: 'Load more' })).toBeNull()
      expect(kit.screen.queryByRole('status')).toBeNull()
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('Could not load notifications.')
      expect(kit.screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    },
  },
})
