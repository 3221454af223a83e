import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { ContactItem } from '../../contract/relates'
import { connect, contactListMachine } from '../../src/machines/contact-list'
import { ContactListView } from '../../src/ui/contact/contact-list-view'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof contactListMachine>

const contact = (n: number): ContactItem => ({ _id: `c${n}`, name: `Person ${n}`, workid: `person${n}`, photo_url: null })
/** A full page is 20 (the contract's PAGE_SIZE, written here): the list asks for the next one. */
const FULL = 20
const pageOf = (from: number, count: number) => Array.from({ length: count }, (_, i) => contact(from + i))

const list = ({ screen }: Kit) => screen.queryByRole('list', { name: 'Friend requests' })
const rows = (kit: Kit) => (list(kit) ? within(list(kit)!).queryAllByRole('listitem') : [])

describeModel({
  machine: contactListMachine,
  input: { kind: 'requests' },
  // Where it is and how many items it holds (the pages: a full one, a short one, none).
  serializeState: (s) => JSON.stringify({ value: s.value, n: s.context.items.length, page: s.context.page }),
  events: {
    'xstate.done.actor.loadPage': (snapshot) =>
      snapshot.context.page === 1
        ? [pageOf(1, FULL), pageOf(1, 2), []].map((output) => ({ type: 'xstate.done.actor.loadPage', output }))
        : [pageOf(21, 1)].map((output) => ({ type: 'xstate.done.actor.loadPage', output })),
    REMOVE: (snapshot) => snapshot.context.items.slice(0, 1).map((item) => ({ type: 'REMOVE', customerId: item._id })),
    'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new Error('offline') }],
  },
  render: (snapshot, send) => (
    <ContactListView list={connect(snapshot, send)}>
      {(item) => (
        <li key={item._id} aria-label={item.name}>
          {item.name}
          <button type="button" onClick={() => send({ type: 'REMOVE', customerId: item._id })}>
            Answer {item.name}
          </button>
        </li>
      )}
    </ContactListView>
  ),
  perform: {
    RETRY: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Retry' })),
    REMOVE: async (event, kit) => kit.user.click(kit.screen.getByRole('button', { name: `Answer Person ${(event as unknown as { customerId: string }).customerId.slice(1)}` })),
  },
  states: {
    '*': (expected, kit) => {
      // The list shows exactly the items loaded and not answered, in order, each once.
      const ids = expected.context.items.map((item) => item._id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(rows(kit).map((row) => row.getAttribute('aria-label'))).toEqual(expected.context.items.map((item) => item.name))
    },
    loading: (expected, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading…')
      expect(kit.pending('loadPage').input).toEqual({ kind: 'requests', page: expected.context.page })
      // A page is asked for only after a full one.
      expect(expected.context.items.length).toBe((expected.context.page - 1) * FULL)
    },
    loaded: (expected, kit) => {
      expect(kit.screen.queryByRole('status')).toBeNull()
      expect(kit.screen.queryByRole('alert')).toBeNull()
      expect(expected.context.items.length).toBeGreaterThan(0)
    },
    empty: (_, kit) => {
      expect(kit.screen.getByText('No friend requests.')).toBeTruthy()
      expect(list(kit)).toBeNull()
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toContain('This list could not be loaded.')
    },
  },
})
