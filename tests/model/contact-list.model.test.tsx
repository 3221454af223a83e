import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { ContactItem } from '../../contract/relates'
import { connect, contactListMachine, type ContactListKind } from '../../src/machines/contact-list'
import { ContactCard } from '../../src/ui/contact/contact-card'
import { ContactListView } from '../../src/ui/contact/contact-list-view'
import { listChild, listReports, playReport } from './support/paged-list'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'

/**
 * /contact's lists: the requests (each row answered elsewhere, REMOVE), the friends (Archive) and
 * the archived friends (Unarchive), 20 a page; an archived or unarchived friend leaves the list;
 * a change in another tab (REFRESH) loads the pages again behind the list shown. The pages come
 * from the list's paged list, loading every page (stubbed here: the test plays its reports).
 */

type Kit = ModelKit<typeof contactListMachine>

const contact = (n: number): ContactItem => ({ _id: `c${n}`, name: `Person ${n}`, workid: `person${n}`, photo_url: null })
/** A full page is 20 (the contract's PAGE_SIZE, written here): the list asks for the next one. */
const FULL = 20
const pageOf = (from: number, count: number) => Array.from({ length: count }, (_, i) => contact(from + i))

/** What each list is called, says when empty, and which button moves a card (written here, not read from the components). */
const LABEL: Record<ContactListKind, string> = {
  requests: 'Friend requests',
  friends: 'Friends',
  archived: 'Archived friends',
  blocked: 'Blocked people',
}
const EMPTY: Record<ContactListKind, string> = {
  requests: 'No friend requests.',
  friends: 'No friends yet. Find people by name or workid, open their profile and send them a friend request.',
  archived: 'No archived friends. Archive a friend to move them here from the Friends tab; they stay your friend.',
  blocked: 'You have not blocked anyone.',
}
const MOVE = { friends: 'Archive', archived: 'Unarchive' } as const
const MOVE_FAILED = { friends: 'Could not archive this friend.', archived: 'Could not unarchive this friend.' } as const
/** The server's words for a refused archive. */
const REFUSAL = 'Only friends can be archived. This person is not your friend.'
const movable = (kind: ContactListKind): kind is keyof typeof MOVE => kind in MOVE

const list = ({ screen }: Kit, kind: ContactListKind) => screen.queryByRole('list', { name: LABEL[kind] })
const rows = (kit: Kit, kind: ContactListKind) => (list(kit, kind) ? within(list(kit, kind)!).queryAllByRole('listitem') : [])
const moveButtons = (kit: Kit) => kit.screen.queryAllByRole<HTMLButtonElement>('button', { name: /^(Archive|Unarchive) / })
const nameOf = (customerId: string) => `Person ${customerId.slice(1)}`
const shownNames = (kit: Kit, kind: ContactListKind) => rows(kit, kind).map((row) => row.getAttribute('aria-label'))

const isShown = (state: string) => ['idle', 'loadingMore', 'refreshing'].includes(state)

const view = routed(contactListMachine, (snapshot, send) => {
  const props = connect(snapshot, send)
  return (
    <ContactListView list={props}>
      {(item) =>
        props.move ? (
          <ContactCard key={item._id} item={item} move={props.move} />
        ) : (
          // A request row stands in for RequestRow (its friendStatus actor answers elsewhere, then REMOVE).
          <li key={item._id} aria-label={item.name}>
            {item.name}
            <button type="button" onClick={() => send({ type: 'REMOVE', customerId: item._id })}>
              Answer {item.name}
            </button>
          </li>
        )
      }
    </ContactListView>
  )
})

describeModel({
  machine: contactListMachine,
  inputs: { requests: { kind: 'requests' }, friends: { kind: 'friends' }, archived: { kind: 'archived' } },
  // Every state, and every transition once: a refresh behind any list, with any move and failure,
  // would make every edge of the graph hundreds of paths.
  select: 'transitions',
  // Where it is, where its list is and how many items it holds (none, one, two, more: the pages
  // are a full one, a short one, none), whether a move is on its way, how the last one failed
  // (with or without the server's words).
  serializeState: (snapshot) => {
    const { kind, list, movingId, moveFailure } = snapshot.context
    return JSON.stringify({
      value: snapshot.value,
      kind,
      list: list.state,
      n: Math.min(list.items.length, 3),
      moving: movingId !== null,
      failure: moveFailure && (moveFailure.detail ? 'said' : 'unsaid'),
    })
  },
  events: {
    // Every page: a full first page (then a second), a short one, none. What is stored after a
    // change elsewhere: the first person was moved to the other list elsewhere.
    LIST: (snapshot) =>
      listReports(snapshot.context.list, {
        every: true,
        first: [pageOf(1, FULL), pageOf(1, 2), []],
        next: pageOf(21, 1),
        refreshed: (items) => items.slice(1),
        failure: 'offline',
      }),
    // Requests are answered in their row; friends and archived friends move to the other list.
    REMOVE: (snapshot) =>
      snapshot.context.kind === 'requests' && isShown(snapshot.context.list.state)
        ? snapshot.context.list.items.slice(0, 1).map((item) => ({ type: 'REMOVE', customerId: item._id }))
        : [],
    MOVE: (snapshot) =>
      movable(snapshot.context.kind) && isShown(snapshot.context.list.state)
        ? snapshot.context.list.items.slice(0, 1).map((item) => ({ type: 'MOVE', customerId: item._id }))
        : [],
    RETRY: (snapshot) => (snapshot.context.list.state === 'failed' ? [{ type: 'RETRY' }] : []),
    'xstate.done.actor.moveItem': [{ type: 'xstate.done.actor.moveItem', output: undefined }],
    'xstate.error.actor.moveItem': [
      // (Plain objects: the paths tell events apart by their JSON, which drops an Error's message.)
      { type: 'xstate.error.actor.moveItem', error: { message: REFUSAL } },
      // No server message: the runtime's failingWithMessage(…, '').
      { type: 'xstate.error.actor.moveItem', error: { message: '', cause: 'offline' } },
    ],
  },
  render: view.render,
  ready: view.ready,
  callbackActors: ['list'],
  perform: {
    LIST: playReport,
    REFRESH: async (_, kit) => {
      const before = shownNames(kit, kit.previous.context.kind)
      await kit.send({ type: 'REFRESH' })
      // The list loads its pages again; what is shown stays meanwhile, a move included.
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REFRESH' })
      expect(shownNames(kit, kit.previous.context.kind)).toEqual(before)
    },
    RELOAD: async (_, kit) => {
      const before = listChild(kit)
      await kit.send({ type: 'RELOAD' })
      // A new list from page 1: the one before stops, and nothing is shown meanwhile.
      expect(before.stopped).toBe(true)
      expect(listChild(kit)).not.toBe(before)
    },
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Retry' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    REMOVE: async (event, kit) => {
      const { customerId } = event as unknown as { customerId: string }
      await kit.user.click(kit.screen.getByRole('button', { name: `Answer ${nameOf(customerId)}` }))
      // It leaves the list at once, and the list is told (a refresh running starts again).
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REMOVE', id: customerId })
    },
    MOVE: async (event, kit) => {
      const kind = kit.previous.context.kind as keyof typeof MOVE
      const { customerId } = event as unknown as { customerId: string }
      await kit.user.click(kit.screen.getByRole('button', { name: `${MOVE[kind]} ${nameOf(customerId)}` }))
      // The first card's button was pressed.
      expect(customerId).toBe(kit.previous.context.list.items[0]!._id)
    },
    'xstate.done.actor.moveItem': async (_, kit) => {
      const { customerId } = kit.pending('moveItem').input as { customerId: string }
      await kit.resolve('moveItem', undefined)
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REMOVE', id: customerId })
    },
  },
  states: {
    '*': (expected, kit) => {
      const { kind, list: contacts } = expected.context
      // Every page of the kind's list.
      expect(listChild(kit).input).toEqual({ query: { kind }, every: true })
      const items = contacts.items
      // The list shows exactly the items loaded and not answered or moved, in order, each once.
      const ids = items.map((item) => item._id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(rows(kit, kind).map((row) => row.getAttribute('aria-label'))).toEqual(items.map((item) => item.name))
      // Only friends and archived friends have a move button, one per card, named after the person.
      expect(moveButtons(kit).map((button) => button.getAttribute('aria-label'))).toEqual(
        movable(kind) ? items.map((item) => `${MOVE[kind]} ${item.name}`) : [],
      )
      if (contacts.state === 'loading') {
        expect(kit.screen.getByRole('status').textContent).toBe('Loading…')
        // A page is asked for only after a full one.
        expect(items.length % FULL).toBe(0)
      } else expect(kit.screen.queryByRole('status')).toBeNull()
      if (contacts.state === 'failed') expect(kit.screen.getAllByRole('alert')[0]!.textContent).toContain('This list could not be loaded.')
      // Loaded again behind the list (refreshing), with nothing to show meanwhile, it still says the list is empty.
      if (isShown(contacts.state) && items.length === 0) {
        expect(kit.screen.getByText(EMPTY[kind])).toBeTruthy()
        expect(list(kit, kind)).toBeNull()
      } else expect(kit.screen.queryByText(EMPTY[kind])).toBeNull()
    },
    'open.idle': (expected, kit) => {
      const { kind, list: contacts } = expected.context
      // Every move button works, also while the list loads again behind it.
      for (const button of moveButtons(kit)) expect(button.disabled).toBe(false)
      const alerts = kit.screen.queryAllByRole('alert').filter((alert) => !alert.textContent?.includes('This list could not be loaded.'))
      if (kit.previous.matches({ open: 'moving' })) {
        const movedId = kit.calls.filter((call) => call.id === 'moveItem').at(-1)!.input as { customerId: string }
        const before = kit.previous.context.list.items.map((item) => item.name)
        const failed = alerts.length > 0
        if (failed) {
          // Refused: the friend stays, and their card says why (the server's words, or try again).
          expect(rows(kit, kind).map((row) => row.getAttribute('aria-label'))).toEqual(before)
          const row = within(list(kit, kind)!).getByRole('listitem', { name: nameOf(movedId.customerId) })
          const failure = MOVE_FAILED[kind as keyof typeof MOVE]
          expect([`${failure} ${REFUSAL}`, `${failure} Please try again.`]).toContain(within(row).getByRole('alert').textContent)
          expect(alerts).toHaveLength(1)
        } else {
          // Moved: one card fewer, and it is the one whose button was pressed.
          expect(rows(kit, kind).map((row) => row.getAttribute('aria-label'))).toEqual(
            before.filter((name) => name !== nameOf(movedId.customerId)),
          )
        }
      } else if (!expected.context.moveFailure || !holds(contacts.items, expected.context.moveFailure.customerId))
        expect(alerts).toHaveLength(0)
    },
    'open.moving': (expected, kit) => {
      const { kind, movingId, list: contacts } = expected.context
      // The card whose button was pressed (the first) is busy; no other move can start meanwhile.
      expect(kit.pending('moveItem').input).toEqual({ kind, customerId: movingId })
      expect(kit.calls.filter((call) => call.id === 'moveItem').at(-1)!.input).toEqual({ kind, customerId: movingId })
      const busy = rows(kit, kind).filter((row) => row.getAttribute('aria-busy') === 'true')
      expect(moveButtons(kit).every((button) => button.disabled)).toBe(true)
      expect(kit.screen.queryAllByRole('alert')).toHaveLength(0)
      // (A refresh that came meanwhile may no longer hold it: moved elsewhere too.)
      if (!holds(contacts.items, movingId!)) return expect(busy).toHaveLength(0)
      expect(busy.map((row) => row.getAttribute('aria-label'))).toEqual([nameOf(movingId!)])
      expect(
        within(busy[0]!)
          .getByRole('button', { name: `${MOVE[kind as keyof typeof MOVE]} ${nameOf(movingId!)}` })
          .getAttribute('aria-busy'),
      ).toBe('true')
    },
  },
})

function holds(items: readonly ContactItem[], id: string) {
  return items.some((item) => item._id === id)
}
