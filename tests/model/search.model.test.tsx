import { expect } from 'vitest'
import { fireEvent } from '@testing-library/react'
import type { FoundChannel, FoundCustomer, FoundTopic, SuperSearchResult } from '../../contract/search'
import { connect, searchMachine, type SearchSnapshot } from '../../src/machines/search'
import { SearchBox } from '../../src/ui/search/search-box'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The header's people search (scope people, the inline input) and the global search (scope all,
 * the popover) through the real SearchBox. Typing is one change of the input's value; keys and
 * clicks are the user's. The expected options come from the answers below, written by hand.
 */
type Kit = ModelKit<typeof searchMachine>

const person = (i: number, name: string): FoundCustomer => ({
  _id: `u-${i}`,
  name,
  workid: `${name.toLowerCase().replace(/\W+/g, '-')}-${1000 + i}`,
  photo_url: null,
})
const AN = person(1, 'Nguyễn Văn An')
const GROUP: FoundTopic = { _id: 't-1', name: 'Nhóm Nguyên', image: null, channel_id: 'c-1' }
const CHANNEL: FoundChannel = { _id: 'c-2', name: 'Nguyen Family', image: null, is_public: true, is_member: false }
const SOME: SuperSearchResult = { customer: [AN], topic: [GROUP], channel: [CHANNEL] }
const NOTHING: SuperSearchResult = { customer: [], topic: [], channel: [] }
/** A full page of people: there may be more. */
const FULL: SuperSearchResult = {
  customer: Array.from({ length: 20 }, (_, i) => person(100 + i, `Nguyen ${String(i).padStart(2, '0')}`)),
  topic: [],
  channel: [],
}
const PAGE_2: SuperSearchResult = { customer: [person(200, 'Nguyen Last')], topic: [], channel: [] }

const scopeOf = (kit: Kit) => kit.actor.getSnapshot().context.scope
const input = ({ screen }: Kit) => screen.queryByRole<HTMLInputElement>('combobox')
const listbox = ({ screen }: Kit) => screen.queryByRole('listbox', { hidden: false })
const options = ({ screen }: Kit) => screen.queryAllByRole('option')

/** What each state shows as the dropdown's content, from the context only (the answers above). */
function expectedNames(s: SearchSnapshot): string[] {
  const { customer, topic, channel } = s.context.result
  const names = customer.map((c) => c.name)
  if (s.context.scope === 'people') return names
  return [...names, ...topic.map((t) => t.name), ...channel.map((c) => c.name), `Search messages for “${s.context.searched}”`]
}

describeModel({
  machine: searchMachine,
  inputs: { people: { scope: 'people' }, all: { scope: 'all' } },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      typed: s.context.keyword.trim() !== '',
      searched: s.context.searched !== '',
      count: s.context.result.customer.length,
      active: s.context.active,
      hasMore: s.context.hasMore,
    }),
  events: {
    TYPE: [
      { type: 'TYPE', keyword: 'nguyen' },
      { type: 'TYPE', keyword: '   ' },
    ],
    MOVE: [
      { type: 'MOVE', delta: 1 },
      { type: 'MOVE', delta: -1 },
    ],
    CHOOSE: [{ type: 'CHOOSE' }, { type: 'CHOOSE', index: 0 }],
    'xstate.done.actor.search': [
      { type: 'xstate.done.actor.search', output: SOME },
      { type: 'xstate.done.actor.search', output: NOTHING },
      { type: 'xstate.done.actor.search', output: FULL },
    ],
    // While the input is blurred, the blur delay (200 ms) ends before any debounce (300 / 600 ms) would.
    'xstate.after.DEBOUNCE.search.open.query.debouncing': (s) =>
      s.matches({ open: { focus: 'blurring' } }) ? [] : [{ type: 'xstate.after.DEBOUNCE.search.open.query.debouncing' }],
    'xstate.done.actor.searchMore': [{ type: 'xstate.done.actor.searchMore', output: PAGE_2 }],
  },
  spyActions: ['openOption'],
  render: (snapshot, send) => (
    <SearchBox variant={snapshot.context.scope === 'people' ? 'inline' : 'popover'} {...connect(snapshot, send)} />
  ),
  perform: {
    TYPE: async (event, kit) => {
      const box = input(kit)
      if (box) fireEvent.change(box, { target: { value: (event as typeof event & { keyword: string }).keyword } })
      else await kit.send(event as never)
    },
    FOCUS: async (_, kit) => {
      const box = input(kit)
      if (box) fireEvent.focus(box)
      else await kit.user.click(kit.screen.getByRole('button', { name: 'Search everything' }))
    },
    BLUR: async (_, kit) => {
      fireEvent.blur(input(kit)!)
    },
    MOVE: async (event, kit) => {
      fireEvent.keyDown(input(kit)!, { key: (event as typeof event & { delta: number }).delta === 1 ? 'ArrowDown' : 'ArrowUp' })
    },
    CHOOSE: async (event, kit) => {
      const index = (event as { index?: number }).index
      if (index === undefined) fireEvent.keyDown(input(kit)!, { key: 'Enter' })
      else await kit.user.click(options(kit)[index]!)
      // The option opened is the one clicked or highlighted: people, then groups, channels, messages.
      const { result, scope, active } = kit.previous.context
      const order = [
        ...result.customer.map((c) => c._id),
        ...(scope === 'all' ? [...result.topic.map((t) => t._id), ...result.channel.map((c) => c._id), 'messages'] : []),
      ]
      expect(kit.actions.openOption).toHaveBeenCalledTimes(1)
      const opened = kit.actions.openOption.mock.calls[0]![1].option
      expect(opened.kind === 'messages' ? 'messages' : opened.item._id).toBe(order[index ?? active])
    },
    ESCAPE: async (_, kit) => {
      fireEvent.keyDown(input(kit)!, { key: 'Escape' })
    },
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Try again' }))
    },
    MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'More results' }))
    },
    // The header's search waits 300 ms after the last keystroke, the global one 600 ms.
    'xstate.after.DEBOUNCE.search.open.query.debouncing': async (_, kit) => {
      const ms = scopeOf(kit) === 'people' ? 300 : 600
      await kit.advance(ms - 1)
      expect(kit.calls.filter((c) => c.src === 'search' && !c.settled)).toHaveLength(0)
      await kit.advance(1)
    },
    'xstate.after.BLUR_DELAY.search.open.focus.blurring': async (_, kit) => {
      await kit.advance(199)
      expect(kit.actor.getSnapshot().matches('open')).toBe(true)
      await kit.advance(1)
    },
  },
  states: {
    '*': (expected, kit) => {
      // The input shows what was typed, and names its listbox.
      const box = input(kit)
      if (box) {
        expect(box.value).toBe(expected.context.keyword)
        expect(box.getAttribute('aria-controls')).toBe(`search-${expected.context.scope}-listbox`)
        expect(box.getAttribute('aria-label')).toBe(
          expected.context.scope === 'people' ? 'Search people' : 'Search people, groups and channels',
        )
      }
      const ids = options(kit).map((o) => o.id)
      expect(new Set(ids).size).toBe(ids.length)
    },
    closed: (expected, kit) => {
      expect(listbox(kit)).toBeNull()
      if (expected.context.scope === 'people') expect(input(kit)!.getAttribute('aria-expanded')).toBe('false')
      else {
        expect(input(kit)).toBeNull()
        expect(kit.screen.getByRole('button', { name: 'Search everything' }).getAttribute('aria-expanded')).toBe('false')
      }
    },
    'open.query.idle': (expected, kit) => {
      expect(options(kit)).toHaveLength(0)
      expect(kit.screen.queryByRole('status')).toBeNull()
      if (expected.context.scope === 'all') expect(kit.screen.getByText('Type to search people, groups and channels.')).toBeTruthy()
    },
    'open.query.debouncing': (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Searching…')
      expect(kit.calls.filter((c) => !c.settled)).toHaveLength(0)
    },
    'open.query.loading': (expected, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Searching…')
      expect(kit.pending('search').input).toEqual({ keyword: expected.context.keyword.trim(), page: 1 })
    },
    'open.query.failed': (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('The search failed.')
      expect(options(kit)).toHaveLength(0)
    },
    'open.query.ready': (expected, kit) => {
      const shown = options(kit)
      const names = expectedNames(expected)
      expect(shown).toHaveLength(names.length)
      names.forEach((name, i) => expect(shown[i]!.textContent).toContain(name))
      expected.context.result.customer.forEach((c, i) => expect(shown[i]!.textContent).toContain(c.workid))
      if (expected.context.result.customer.length === 0) expect(kit.screen.getByRole('status').textContent).toBe('No results for “nguyen”')
      // The highlighted option is the one aria-activedescendant names.
      const active = shown.filter((o) => o.getAttribute('aria-selected') === 'true')
      expect(active.map((o) => o.id)).toEqual(expected.context.active >= 0 ? [shown[expected.context.active]!.id] : [])
      expect(input(kit)!.getAttribute('aria-activedescendant') ?? null).toBe(active[0]?.id ?? null)
      expect(input(kit)!.getAttribute('aria-expanded')).toBe('true')
      // A full page of 20 offers more.
      expect(kit.screen.queryByRole('button', { name: 'More results' }) !== null).toBe(expected.context.hasMore)
      // Page 2 appended after page 1.
      if (expected.context.page === 2) expect(shown[20]!.textContent).toContain('Nguyen Last')
    },
    'open.query.loadingMore': (expected, kit) => {
      expect(kit.screen.getByRole('button', { name: 'Loading…' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('searchMore').input).toEqual({ keyword: 'nguyen', page: expected.context.page + 1 })
    },
    'open.focus.focused': (expected, kit) => {
      if (expected.context.scope === 'all')
        expect(kit.screen.getByRole('button', { name: 'Search everything' }).getAttribute('aria-expanded')).toBe('true')
    },
    'open.focus.blurring': (_, kit) => {
      // Still open during the blur delay: a click on a result lands.
      expect(input(kit)).not.toBeNull()
    },
  },
})
