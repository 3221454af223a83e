import { expect } from 'vitest'
import { within } from '@testing-library/react'
import {
  connect,
  peoplePickerMachine,
  PICKER_DEBOUNCE_MS,
  type PeoplePickerEmitted,
  type PeoplePickerSnapshot,
  type PickedPerson,
} from '../../src/machines/people-picker'
import { PeoplePickerDialog } from '../../src/ui/topic-list/people-picker-dialog'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof peoplePickerMachine>

const ME = 'u-me'
const person = (id: string, name: string, workid: string): PickedPerson => ({ _id: id, name, workid, photo_url: null })
const LAN = person('u-lan', 'Lan Tran', 'lan.tran')
const BAO = person('u-bao', 'Bao Le', 'bao.le')
const SELF = person(ME, 'Me Myself', 'me')

const ctx = (s: PeoplePickerSnapshot) => s.context
const dialog = ({ screen }: Kit) => screen.getByRole('dialog')
const searchBox = (kit: Kit) => within(dialog(kit)).getByRole<HTMLInputElement>('searchbox', { name: 'Search people by name or workid' })
const box = (kit: Kit, p: PickedPerson) => within(dialog(kit)).getByRole<HTMLInputElement>('checkbox', { name: new RegExp(p.name) })
const startButton = (kit: Kit) => within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name: /^(Open chat|Start group)$/ })

describeModel({
  machine: peoplePickerMachine,
  input: { meId: ME },
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      canGroup: ctx(s).canGroup,
      keyword: ctx(s).keyword,
      chosen: ctx(s).chosen.map((p) => p._id),
      friends: ctx(s).friends.length,
      found: ctx(s).found.length,
    }),
  // Keywords, friends, results and choices multiply the abstract states (~470): one path per state value and per transition not yet taken.
  select: 'coverage',
  events: {
    OPEN: [
      { type: 'OPEN', canGroup: true },
      { type: 'OPEN', canGroup: false },
    ],
    // A keyword, then another one (waiting again), then cleared.
    TYPE: (s) =>
      ctx(s).keyword === ''
        ? [{ type: 'TYPE', keyword: 'bao' }]
        : ctx(s).keyword === 'bao'
          ? [
              { type: 'TYPE', keyword: 'bao l' },
              { type: 'TYPE', keyword: '' },
            ]
          : [{ type: 'TYPE', keyword: '' }],
    // Lan (a friend) and Bao (found), each chosen and dropped.
    TOGGLE: (s) => [
      ...(ctx(s).friends.length ? [{ type: 'TOGGLE', person: LAN }] : []),
      ...(ctx(s).found.length && ctx(s).chosen.some((p) => p._id === LAN._id) ? [{ type: 'TOGGLE', person: BAO }] : []),
    ],
    'xstate.done.actor.loadFriends': [{ type: 'xstate.done.actor.loadFriends', output: [LAN, SELF] }],
    'xstate.done.actor.searchPeople': [{ type: 'xstate.done.actor.searchPeople', output: [BAO, LAN] }],
  },
  render: (snapshot, send) => {
    const props = connect(snapshot, send)
    return (
      <>
        <button type="button" onClick={() => props.onOpen(true)}>
          New message (channel)
        </button>
        <button type="button" onClick={() => props.onOpen(false)}>
          New message
        </button>
        <PeoplePickerDialog {...props} />
      </>
    )
  },
  perform: {
    OPEN: async (event, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: event.canGroup ? 'New message (channel)' : 'New message' }))
    },
    CLOSE: async (_, kit) => {
      await kit.user.click(within(dialog(kit)).getByRole('button', { name: 'Cancel' }))
    },
    RETRY_FRIENDS: async (_, kit) => {
      await kit.user.click(within(dialog(kit)).getByRole('button', { name: 'Retry' }))
    },
    TYPE: async (event, kit) => {
      await kit.send({ type: 'TYPE', keyword: event.keyword as string })
      expect(searchBox(kit).value).toBe(event.keyword)
    },
    TOGGLE: async (event, kit) => {
      await kit.user.click(box(kit, event.person as PickedPerson))
    },
    START: async (_, kit) => {
      const seen: PeoplePickerEmitted[] = []
      const subscriptions = [kit.actor.on('chat', (e) => seen.push(e)), kit.actor.on('group', (e) => seen.push(e))]
      const chosen = ctx(kit.previous).chosen
      const canStart = !startButton(kit).disabled
      if (canStart) await kit.user.click(startButton(kit))
      else await kit.send({ type: 'START' })
      subscriptions.forEach((s) => s.unsubscribe())
      // One person: their chat; several (with a channel): a group of them; else nothing happens and the button says so.
      if (chosen.length === 1) expect(seen).toEqual([{ type: 'chat', person: chosen[0] }])
      else if (chosen.length > 1 && ctx(kit.previous).canGroup) expect(seen).toEqual([{ type: 'group', people: chosen }])
      else {
        expect(canStart).toBe(false)
        expect(seen).toEqual([])
      }
    },
  },
  states: {
    closed: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
    },
    open: (expected, kit) => {
      const c = ctx(expected)
      expect(searchBox(kit).value).toBe(c.keyword)
      for (const p of c.chosen) expect(box(kit, p).checked).toBe(true)
      expect(startButton(kit).disabled).toBe(c.chosen.length === 0 || (c.chosen.length > 1 && !c.canGroup))
      expect(startButton(kit).textContent).toBe(c.chosen.length > 1 && c.canGroup ? 'Start group' : 'Open chat')
      if (c.chosen.length > 1 && !c.canGroup) expect(within(dialog(kit)).getByText(/^A group chat needs a channel/)).toBeTruthy()
    },
    'open.friends.loading': (_, kit) => {
      expect(within(dialog(kit)).getByText('Loading friends…')).toBeTruthy()
      expect(kit.pending('loadFriends')).toBeTruthy()
    },
    'open.friends.failed': (_, kit) => {
      expect(within(dialog(kit)).getByText('Could not load your friends.')).toBeTruthy()
    },
    'open.friends.ready': (_, kit) => {
      // The user is never offered.
      expect(box(kit, LAN)).toBeTruthy()
      expect(within(dialog(kit)).queryByRole('checkbox', { name: /Me Myself/ })).toBeNull()
    },
    'open.search.idle': (_, kit) => {
      expect(within(dialog(kit)).queryByText('Searching…')).toBeNull()
      expect(within(dialog(kit)).queryByRole('checkbox', { name: /Bao Le/ })).toBeNull()
    },
    'open.search.waiting': (_, kit) => {
      expect(within(dialog(kit)).getByText('Searching…')).toBeTruthy()
      expect(kit.calls.filter((c) => c.src === 'searchPeople' && !c.settled)).toEqual([])
    },
    'open.search.searching': (expected, kit) => {
      expect(within(dialog(kit)).getByText('Searching…')).toBeTruthy()
      // Waited the debounce, then searched the keyword as typed (trimmed).
      expect(kit.pending('searchPeople').input).toEqual({ keyword: ctx(expected).keyword.trim() })
      expect(PICKER_DEBOUNCE_MS).toBe(300)
    },
    'open.search.found': (expected, kit) => {
      // Someone found who is a friend shows once, among the friends when they show.
      expect(within(dialog(kit)).getAllByRole('checkbox', { name: /Lan Tran/ })).toHaveLength(1)
      expect(box(kit, BAO)).toBeTruthy()
      expect(ctx(expected).found.map((p) => p._id)).toEqual([BAO._id, LAN._id])
    },
    'open.search.failed': (_, kit) => {
      expect(within(dialog(kit)).getByText('The search failed. Type again to retry.').getAttribute('role')).toBe('alert')
    },
  },
})
