import { expect } from 'vitest'
import { fireEvent } from '@testing-library/react'
import type { FoundChannel, FoundCustomer, FoundTopic, SuperSearchResult } from '../../contract/search'
import { connect, searchMachine, type SearchHit, type SearchScope, type SearchSnapshot } from '../../src/machines/search'
import { SearchBox } from '../../src/ui/search/search-box'
import { listChild, listReports, playReport } from './support/paged-list'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The header's people search (scope people, the inline input) and the global search (scope all,
 * the popover) through the real SearchBox. Typing is one change of the input's value; keys and
 * clicks are the user's. The expected options come from the answers below, written by hand. The
 * pages come from the keyword's paged list (stubbed here: the test plays its reports).
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

/** A page as the list holds it: its people, then its groups and channels (the people search: people only). */
const hitsFor = (scope: SearchScope, { customer, topic, channel }: SuperSearchResult): SearchHit[] => [
  ...customer.map((item) => ({ _id: `customer:${item._id}`, kind: 'customer' as const, item })),
  ...(scope === 'all'
    ? [
        ...topic.map((item) => ({ _id: `topic:${item._id}`, kind: 'topic' as const, item })),
        ...channel.map((item) => ({ _id: `channel:${item._id}`, kind: 'channel' as const, item })),
      ]
    : []),
]
const ofKind = <K extends SearchHit['kind']>(s: SearchSnapshot, kind: K) =>
  s.context.list.items.filter((hit): hit is Extract<SearchHit, { kind: K }> => hit.kind === kind).map((hit) => hit.item)
const people = (s: SearchSnapshot): FoundCustomer[] => s.context.list.items.flatMap((hit) => (hit.kind === 'customer' ? [hit.item] : []))
const shown = (s: SearchSnapshot) => ['idle', 'loadingMore'].includes(s.context.list.state)

const scopeOf = (kit: Kit) => kit.actor.getSnapshot().context.scope
const input = ({ screen }: Kit) => screen.queryByRole<HTMLInputElement>('combobox')
const listbox = ({ screen }: Kit) => screen.queryByRole('listbox', { hidden: false })
const options = ({ screen }: Kit) => screen.queryAllByRole('option')

/** What each state shows as the dropdown's content, from the context only (the answers above). */
function expectedNames(s: SearchSnapshot): string[] {
  const names = ofKind(s, 'customer').map((c) => c.name)
  if (s.context.scope === 'people') return names
  return [
    ...names,
    ...ofKind(s, 'topic').map((t) => t.name),
    ...ofKind(s, 'channel').map((c) => c.name),
    `Search messages for “${s.context.searched}”`,
  ]
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
      list: s.context.list.state,
      count: s.context.list.items.length,
      active: s.context.active,
      more: s.context.list.more,
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
    LIST: (s) =>
      listReports(s.context.list, {
        first: [SOME, NOTHING, FULL].map((page) => hitsFor(s.context.scope, page)),
        next: hitsFor(s.context.scope, PAGE_2),
      }),
    // While the input is blurred, the blur delay (200 ms) ends before any debounce (300 / 600 ms) would.
    'xstate.after.DEBOUNCE.search.open.query.debouncing': (s) =>
      s.matches({ open: { focus: 'blurring' } }) ? [] : [{ type: 'xstate.after.DEBOUNCE.search.open.query.debouncing' }],
  },
  spyActions: ['openOption'],
  callbackActors: ['list'],
  render: (snapshot, send) => (
    <SearchBox variant={snapshot.context.scope === 'people' ? 'inline' : 'popover'} {...connect(snapshot, send)} />
  ),
  perform: {
    LIST: playReport,
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
      const { scope, active } = kit.previous.context
      const order = [
        ...ofKind(kit.previous, 'customer').map((c) => c._id),
        ...(scope === 'all'
          ? [...ofKind(kit.previous, 'topic').map((t) => t._id), ...ofKind(kit.previous, 'channel').map((c) => c._id), 'messages']
          : []),
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
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'More results' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'LOAD_MORE' })
    },
    // The header's search waits 300 ms after the last keystroke, the global one 600 ms.
    'xstate.after.DEBOUNCE.search.open.query.debouncing': async (_, kit) => {
      const ms = scopeOf(kit) === 'people' ? 300 : 600
      await kit.advance(ms - 1)
      expect(kit.callbacks.filter((c) => c.src === 'list' && !c.stopped)).toHaveLength(0)
      await kit.advance(1)
      // Then the keyword's list, searched trimmed from page 1.
      expect(kit.callbacks.filter((c) => c.src === 'list' && !c.stopped)).toHaveLength(1)
      expect(listChild(kit).input).toEqual({ query: { keyword: kit.previous.context.keyword.trim() } })
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
      expect(kit.callbacks.filter((c) => !c.stopped)).toHaveLength(0)
    },
    'open.query.results': (expected, kit) => {
      expect(listChild(kit).input).toEqual({ query: { keyword: expected.context.searched } })
      const { state, items, more } = expected.context.list
      if (state === 'loading') expect(kit.screen.getByRole('status').textContent).toBe('Searching…')
      if (state === 'failed') {
        expect(kit.screen.getByRole('alert').textContent).toBe('The search failed.')
        expect(options(kit)).toHaveLength(0)
      }
      if (state === 'loadingMore') expect(kit.screen.getByRole('button', { name: 'Loading…' }).getAttribute('aria-busy')).toBe('true')
      if (!shown(expected)) return
      const found = options(kit)
      const names = expectedNames(expected)
      expect(found).toHaveLength(names.length)
      names.forEach((name, i) => expect(found[i]!.textContent).toContain(name))
      people(expected).forEach((c, i) => expect(found[i]!.textContent).toContain(c.workid))
      if (ofKind(expected, 'customer').length === 0) expect(kit.screen.getByRole('status').textContent).toBe('No results for “nguyen”')
      // The highlighted option is the one aria-activedescendant names.
      const active = found.filter((o) => o.getAttribute('aria-selected') === 'true')
      expect(active.map((o) => o.id)).toEqual(expected.context.active >= 0 ? [found[expected.context.active]!.id] : [])
      expect(input(kit)!.getAttribute('aria-activedescendant') ?? null).toBe(active[0]?.id ?? null)
      expect(input(kit)!.getAttribute('aria-expanded')).toBe('true')
      // A full page of 20 offers more.
      expect(kit.screen.queryByRole('button', { name: /^(More results|Loading…)$/ }) !== null).toBe(more)
      // Page 2 appended after page 1.
      if (items.length === 21) expect(found[20]!.textContent).toContain('Nguyen Last')
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
