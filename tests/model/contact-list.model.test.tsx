import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { ContactItem } from '../../contract/relates'
import { connect, contactListMachine, type ContactListKind } from '../../src/machines/contact-list'
import { ContactCard } from '../../src/ui/contact/contact-card'
import { ContactListView } from '../../src/ui/contact/contact-list-view'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'

/**
 * /contact's lists: the requests (each row answered elsewhere, REMOVE), the friends (Archive) and
 * the archived friends (Unarchive), 20 a page; an archived or unarchived friend leaves the list;
 * a change in another tab (REFRESH) loads the pages again behind the list shown.
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
  friends: 'No friends yet. Open someone’s profile from their Work ID and send them a friend request.',
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

/** The pages a refresh answered so far (kept by the test), and the rows the list must show after the step. */
const refreshed = new WeakMap<object, ContactItem[]>()
const mustShow = new WeakMap<object, (string | null)[]>()

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
  // Where it is, how many items it holds (none, one, two, more: the pages are a full one, a short
  // one, none), whether a move is on its way, how the last one failed (with or without the
  // server's words), how much a refresh gathered and whether one is due.
  serializeState: (s) => {
    const { kind, items, page, movingId, moveFailure, fresh, stale } = s.context
    return JSON.stringify({
      value: s.value,
      kind,
      n: Math.min(items.length, 3),
      page,
      moving: movingId !== null,
      failure: moveFailure && (moveFailure.detail ? 'said' : 'unsaid'),
      fresh: Math.min(fresh.length, 3),
      stale,
    })
  },
  events: {
    'xstate.done.actor.loadPage': (snapshot) =>
      snapshot.context.page === 1
        ? [pageOf(1, FULL), pageOf(1, 2), []].map((output) => ({ type: 'xstate.done.actor.loadPage', output }))
        : [pageOf(21, 1)].map((output) => ({ type: 'xstate.done.actor.loadPage', output })),
    // Requests are answered in their row; friends and archived friends move to the other list.
    REMOVE: (snapshot) =>
      snapshot.context.kind === 'requests'
        ? snapshot.context.items.slice(0, 1).map((item) => ({ type: 'REMOVE', customerId: item._id }))
        : [],
    MOVE: (snapshot) =>
      movable(snapshot.context.kind) ? snapshot.context.items.slice(0, 1).map((item) => ({ type: 'MOVE', customerId: item._id })) : [],
    'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new Error('offline') }],
    // What is stored now, after a change elsewhere: a full first page (then a second), the second
    // person only (the first was moved to the other list elsewhere), or nothing.
    'xstate.done.actor.refreshPage': (snapshot) =>
      snapshot.context.page === 1
        ? [pageOf(1, FULL), pageOf(2, 1), []].map((output) => ({ type: 'xstate.done.actor.refreshPage', output }))
        : [pageOf(21, 1)].map((output) => ({ type: 'xstate.done.actor.refreshPage', output })),
    'xstate.error.actor.refreshPage': [{ type: 'xstate.error.actor.refreshPage', error: new Error('offline') }],
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
  perform: {
    'xstate.done.actor.refreshPage': async (event, kit) => {
      const output = (event as unknown as { output: ContactItem[] }).output
      const { page } = kit.pending('refreshPage').input as { page: number }
      // A refresh starts again from page 1; each page adds to what it gathered.
      const pages = [...(page === 1 ? [] : (refreshed.get(kit.actor) ?? [])), ...output]
      refreshed.set(kit.actor, pages)
      // The last page in: the list is what the pages say, nothing kept from before.
      if (output.length < FULL)
        mustShow.set(
          kit.actor,
          pages.map((item) => item.name),
        )
      await kit.resolve('refreshPage', output)
    },
    'xstate.error.actor.refreshPage': async (event, kit) => {
      // The refresh failed: the list stays as it was shown.
      mustShow.set(kit.actor, shownNames(kit, kit.previous.context.kind))
      await kit.reject('refreshPage', (event as unknown as { error: unknown }).error)
    },
    REFRESH: async (_, kit) => {
      // Loading or failed, the list starts again from page 1; otherwise what is shown stays while the pages come.
      mustShow.set(
        kit.actor,
        kit.previous.matches('loading') || kit.previous.matches('failed') ? [] : shownNames(kit, kit.previous.context.kind),
      )
      await kit.send({ type: 'REFRESH' })
    },
    RETRY: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Retry' })),
    REMOVE: async (event, kit) =>
      kit.user.click(kit.screen.getByRole('button', { name: `Answer ${nameOf((event as unknown as { customerId: string }).customerId)}` })),
    MOVE: async (event, kit) => {
      const kind = kit.previous.context.kind as keyof typeof MOVE
      await kit.user.click(
        kit.screen.getByRole('button', { name: `${MOVE[kind]} ${nameOf((event as unknown as { customerId: string }).customerId)}` }),
      )
    },
  },
  states: {
    '*': (expected, kit) => {
      const { kind, items } = expected.context
      // The list shows exactly the items loaded and not answered or moved, in order, each once.
      const ids = items.map((item) => item._id)
      expect(new Set(ids).size).toBe(ids.length)
      expect(rows(kit, kind).map((row) => row.getAttribute('aria-label'))).toEqual(items.map((item) => item.name))
      // Only friends and archived friends have a move button, one per card, named after the person.
      expect(moveButtons(kit).map((button) => button.getAttribute('aria-label'))).toEqual(
        movable(kind) ? items.map((item) => `${MOVE[kind]} ${item.name}`) : [],
      )
      const want = mustShow.get(kit.actor)
      if (want) {
        expect(shownNames(kit, kind)).toEqual(want)
        mustShow.delete(kit.actor)
      }
    },
    refreshing: (expected, kit) => {
      const { kind, items } = expected.context
      // Loading again behind the list: no "Loading…", what was shown stays, and every move button works.
      expect(kit.screen.queryByRole('status')).toBeNull()
      expect(kit.pending('refreshPage').input).toEqual({ kind, page: expected.context.page })
      for (const button of moveButtons(kit)) expect(button.disabled).toBe(false)
      // With nothing to show meanwhile, it still says the list is empty.
      if (items.length === 0) expect(kit.screen.getByText(EMPTY[kind])).toBeTruthy()
      else expect(kit.screen.queryByText(EMPTY[kind])).toBeNull()
    },
    loading: (expected, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading…')
      expect(kit.pending('loadPage').input).toEqual({ kind: expected.context.kind, page: expected.context.page })
      // A page is asked for only after a full one.
      expect(expected.context.items.length).toBe((expected.context.page - 1) * FULL)
    },
    loaded: (expected, kit) => {
      const { kind, items } = expected.context
      expect(kit.screen.queryByRole('status')).toBeNull()
      expect(items.length).toBeGreaterThan(0)
      for (const button of moveButtons(kit)) expect(button.disabled).toBe(false)
      const alerts = kit.screen.queryAllByRole('alert')
      if (kit.previous.matches('moving')) {
        const movedId = kit.calls.filter((call) => call.id === 'moveItem').at(-1)!.input as { customerId: string }
        const before = kit.previous.context.items.map((item) => item.name)
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
      } else if (!expected.context.moveFailure) expect(alerts).toHaveLength(0)
    },
    moving: (expected, kit) => {
      const { kind } = expected.context
      // The card whose button was pressed (the first) is busy; no other move can start meanwhile.
      const first = kit.previous.context.items[0]!
      expect(kit.pending('moveItem').input).toEqual({ kind, customerId: first._id })
      const busy = rows(kit, kind).filter((row) => row.getAttribute('aria-busy') === 'true')
      expect(busy.map((row) => row.getAttribute('aria-label'))).toEqual([first.name])
      expect(moveButtons(kit).every((button) => button.disabled)).toBe(true)
      expect(
        within(busy[0]!)
          .getByRole('button', { name: `${MOVE[kind as keyof typeof MOVE]} ${first.name}` })
          .getAttribute('aria-busy'),
      ).toBe('true')
      expect(kit.screen.queryAllByRole('alert')).toHaveLength(0)
    },
    empty: (expected, kit) => {
      expect(kit.screen.getByText(EMPTY[expected.context.kind])).toBeTruthy()
      expect(list(kit, expected.context.kind)).toBeNull()
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toContain('This list could not be loaded.')
    },
  },
})
