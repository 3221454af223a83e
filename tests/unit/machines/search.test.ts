import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import type { FoundChannel, FoundCustomer, FoundTopic, SuperSearchQuery, SuperSearchResult } from '../../../contract/search'
import type { PagedList } from '../../../src/machines/paged-list'
import {
  connect,
  GLOBAL_DEBOUNCE_MS,
  hitsOf,
  hrefOf,
  optionsOf,
  PEOPLE_DEBOUNCE_MS,
  searchListWith,
  searchMachine,
  type SearchEvent,
  type SearchHit,
  type SearchOption,
  type SearchScope,
} from '../../../src/machines/search'

/** The dropdown's options, keyboard moves, choices, paging and the debounce, beside what the generated paths reach. */

const person = (i: number): FoundCustomer => ({ _id: `u-${i}`, name: `Person ${i}`, workid: `person-${i}`, photo_url: null })
const group = (i: number): FoundTopic => ({ _id: `t-${i}`, name: `Group ${i}`, image: null, channel_id: 'c-0' })
const channel = (i: number): FoundChannel => ({ _id: `c-${i}`, name: `Channel ${i}`, image: null, is_public: true, is_member: false })
const result = (people: number[], groups: number[] = [], channels: number[] = []): SuperSearchResult => ({
  customer: people.map(person),
  topic: groups.map(group),
  channel: channels.map(channel),
})
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)
/** A list showing these hits. */
const shownList = (items: SearchHit[]): PagedList<SearchHit> => ({ state: 'idle', items, more: false, error: null, details: null })

function start(scope: SearchScope, answers: SuperSearchResult[]) {
  const clock = new SimulatedClock()
  const calls: SuperSearchQuery[] = []
  const opened: SearchOption[] = []
  const queue = [...answers]
  const actor = createActor(
    searchMachine.provide({
      actors: {
        list: searchListWith(async (input: SuperSearchQuery) => {
          calls.push(input)
          return queue.shift() ?? result([])
        }, scope),
      },
      actions: { openOption: (_, params: { option: SearchOption }) => void opened.push(params.option) },
    }),
    { input: { scope }, clock },
  ).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  /** Types the keyword and waits out the scope's debounce and the answer. */
  const search = async (keyword: string) => {
    actor.send({ type: 'FOCUS' })
    actor.send({ type: 'TYPE', keyword })
    clock.increment(scope === 'people' ? PEOPLE_DEBOUNCE_MS : GLOBAL_DEBOUNCE_MS)
    await settle()
  }
  const context = () => actor.getSnapshot().context
  /** The people found, in order. */
  const people = () => context().list.items.flatMap((hit) => (hit.kind === 'customer' ? [hit.item] : []))
  /** The results show, no page on its way. */
  const showing = () => actor.getSnapshot().matches({ open: { query: 'results' } }) && context().list.state === 'idle'
  return { actor, clock, calls, opened, search, settle, context, people, showing }
}

describe('search machine', () => {
  it('lists people, then groups, then channels, then the message search for the keyword; the people search lists people only', () => {
    const found = shownList(hitsOf(result([1], [2], [3]), 'all'))
    expect(optionsOf({ scope: 'all', list: found, searched: 'an' })).toEqual([
      { kind: 'customer', item: person(1) },
      { kind: 'topic', item: group(2) },
      { kind: 'channel', item: channel(3) },
      { kind: 'messages', keyword: 'an' },
    ])
    expect(optionsOf({ scope: 'all', list: found, searched: '' }).map((o) => o.kind)).toEqual(['customer', 'topic', 'channel'])
    expect(optionsOf({ scope: 'people', list: found, searched: 'an' })).toEqual([{ kind: 'customer', item: person(1) }])
    // A page as hits: people, groups, channels; the people search keeps people only.
    expect(hitsOf(result([1], [2], [3]), 'people')).toEqual([{ _id: 'customer:u-1', kind: 'customer', item: person(1) }])
    // Nothing is offered while the list is not shown (page 1 on its way, or failed).
    expect(optionsOf({ scope: 'all', list: { ...found, state: 'loading' }, searched: 'an' })).toEqual([])
    // Later pages come after: each kind stays together, in the order of its pages.
    const two = shownList([...hitsOf(result([1], [2]), 'all'), ...hitsOf(result([3], [4]), 'all')])
    expect(optionsOf({ scope: 'all', list: two, searched: '' }).map((o) => (o.kind === 'messages' ? o.kind : o.item._id))).toEqual([
      'u-1',
      'u-3',
      't-2',
      't-4',
    ])
  })

  it('waits 300 ms in the people search and 600 ms in the global one, then searches the trimmed keyword', async () => {
    for (const [scope, wait] of [
      ['people', PEOPLE_DEBOUNCE_MS],
      ['all', GLOBAL_DEBOUNCE_MS],
    ] as const) {
      const { actor, clock, calls } = start(scope, [result([1])])
      actor.send({ type: 'TYPE', keyword: '  an  ' })
      clock.increment(wait - 1)
      expect(calls).toEqual([])
      clock.increment(1)
      expect(calls).toEqual([{ keyword: 'an', page: 1 }])
    }
    expect([PEOPLE_DEBOUNCE_MS, GLOBAL_DEBOUNCE_MS]).toEqual([300, 600])
  })

  it('does not open nor search for a blank keyword, and a route change closes and clears it', async () => {
    const { actor, clock, calls, search, context } = start('all', [result([1])])
    actor.send({ type: 'TYPE', keyword: '   ' })
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    await search('an')
    actor.send({ type: 'TYPE', keyword: '  ' })
    clock.increment(GLOBAL_DEBOUNCE_MS)
    expect(actor.getSnapshot().matches({ open: { query: 'idle' } })).toBe(true)
    expect(calls).toHaveLength(1)
    actor.send({ type: 'ROUTE_CHANGED' })
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    expect(context()).toMatchObject({ keyword: '', searched: '', active: -1, list: { more: false, items: [] } })
  })

  it('shows the same results again when the box is focused again with the keyword unchanged', async () => {
    const { actor, calls, search, context } = start('all', [result([1])])
    await search('an')
    actor.send({ type: 'ESCAPE' })
    actor.send({ type: 'FOCUS' })
    expect(actor.getSnapshot().matches({ open: { query: 'results' } }) && context().list.state === 'idle').toBe(true)
    expect(calls).toHaveLength(1)
  })

  it('moves the highlight down from the first and up from the last, around both ends', async () => {
    const { actor, search, context } = start('all', [result([1], [2])])
    await search('an')
    const moves: number[] = []
    for (const delta of [1, 1, 1, 1] as const) {
      actor.send({ type: 'MOVE', delta })
      moves.push(context().active)
    }
    expect(moves).toEqual([0, 1, 2, 0])
    const up = start('all', [result([1], [2])])
    await up.search('an')
    up.actor.send({ type: 'MOVE', delta: -1 })
    expect(up.context().active).toBe(2)
    up.actor.send({ type: 'MOVE', delta: -1 })
    expect(up.context().active).toBe(1)

    const none = start('people', [result([])])
    await none.search('zz')
    none.actor.send({ type: 'MOVE', delta: 1 })
    expect(none.context().active).toBe(-1)
  })

  it('opens the clicked or highlighted option, and nothing for an index out of the list', async () => {
    const { actor, opened, search, showing } = start('all', [result([1], [2])])
    await search('an')
    actor.send({ type: 'CHOOSE' })
    actor.send({ type: 'CHOOSE', index: 3 })
    actor.send({ type: 'CHOOSE', index: -1 })
    expect(opened).toEqual([])
    expect(showing()).toBe(true)
    actor.send({ type: 'CHOOSE', index: 2 })
    expect(opened).toEqual([{ kind: 'messages', keyword: 'an' }])
    expect(actor.getSnapshot().matches('closed')).toBe(true)

    const keys = start('all', [result([1], [2])])
    await keys.search('an')
    keys.actor.send({ type: 'MOVE', delta: 1 })
    keys.actor.send({ type: 'MOVE', delta: 1 })
    keys.actor.send({ type: 'CHOOSE' })
    expect(keys.opened).toEqual([{ kind: 'topic', item: group(2) }])
  })

  it('offers more after a full list (people only in the people search), and merges the next page without repeats', async () => {
    const people = start('people', [result(range(1, 20)), result([20, 21])])
    await people.search(' per ')
    expect(people.context().list.more).toBe(true)
    people.actor.send({ type: 'LOAD_MORE' })
    await people.settle()
    expect(people.calls).toEqual([
      { keyword: 'per', page: 1 },
      { keyword: 'per', page: 2 },
    ])
    expect(people.people().map((c) => c._id)).toEqual(range(1, 21).map((i) => `u-${i}`))
    expect(people.context().list).toMatchObject({ state: 'idle', more: false })
    people.actor.send({ type: 'LOAD_MORE' })
    expect(people.calls).toHaveLength(2)

    const onlyGroups = start('people', [result([1], range(1, 20))])
    await onlyGroups.search('per')
    expect(onlyGroups.context().list.more).toBe(false)
    for (const full of [result([], range(1, 20)), result([], [], range(1, 20))]) {
      const all = start('all', [full])
      await all.search('per')
      expect(all.context().list.more).toBe(true)
    }
    const short = start('all', [result(range(1, 19), range(1, 19), range(1, 19))])
    await short.search('per')
    expect(short.context().list.more).toBe(false)
  })
})

describe('search connect', () => {
  it('leads a person to their page, a group to its chat, a channel to its page and the keyword to the message search', () => {
    expect(hrefOf({ kind: 'customer', item: { ...person(1), workid: 'lan nguyen-7' } })).toBe('/people/lan%20nguyen-7')
    expect(hrefOf({ kind: 'topic', item: group(2) })).toBe('/chat/t-2')
    expect(hrefOf({ kind: 'channel', item: channel(3) })).toBe('/channel/c-3')
    expect(hrefOf({ kind: 'messages', keyword: 'a&b c' })).toBe('/search?q=a%26b%20c')
  })

  it('says what the dropdown shows at each step, with avatar letters for people only', async () => {
    const { actor, clock, settle } = start('all', [
      result([], [], []),
      { ...result([], [2]), customer: [{ ...person(1), name: 'Lan Nguyen' }] },
    ])
    const props = () => connect(actor.getSnapshot(), () => undefined)
    expect(props()).toMatchObject({ open: false, status: 'idle', empty: false })
    actor.send({ type: 'FOCUS' })
    expect(props()).toMatchObject({ open: true, status: 'idle', empty: false })
    actor.send({ type: 'TYPE', keyword: 'zz' })
    expect(props()).toMatchObject({ status: 'waiting', empty: false })
    clock.increment(GLOBAL_DEBOUNCE_MS)
    expect(props().status).toBe('waiting')
    await settle()
    // Found nothing: the message search is still offered, and the lists say so.
    expect(props()).toMatchObject({ status: 'ready', empty: true, people: [], topics: [], channels: [] })
    expect(props().messages?.option).toEqual({ kind: 'messages', keyword: 'zz' })
    actor.send({ type: 'TYPE', keyword: 'lan' })
    clock.increment(GLOBAL_DEBOUNCE_MS)
    await settle()
    const found = props()
    expect(found).toMatchObject({ status: 'ready', empty: false })
    expect(found.people.map((v) => v.initials)).toEqual(['LN'])
    expect(found.topics.map((v) => v.initials)).toEqual([''])
    expect(found.messages?.initials).toBe('')
  })

  it('offers more only while the results show, and handles the arrow keys, Enter and Escape only while open', async () => {
    const { actor, search } = start('people', [result(range(1, 20))])
    const sent: SearchEvent[] = []
    const props = () => connect(actor.getSnapshot(), (event) => sent.push(event))
    expect(props().onKey('ArrowDown')).toBe(false)
    expect(sent).toEqual([])
    await search('per')
    expect(props().hasMore).toBe(true)
    expect(props().onKey('a')).toBe(false)
    expect(['ArrowDown', 'ArrowUp', 'Enter', 'Escape'].map((key) => props().onKey(key))).toEqual([true, true, true, true])
    expect(sent).toEqual([{ type: 'MOVE', delta: 1 }, { type: 'MOVE', delta: -1 }, { type: 'CHOOSE' }, { type: 'ESCAPE' }])
    actor.send({ type: 'ESCAPE' })
    expect(actor.getSnapshot().context.list.more).toBe(true)
    expect(props()).toMatchObject({ open: false, status: 'idle', hasMore: false })
  })
})
