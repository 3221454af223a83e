import { assign, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { SEARCH_PAGE, type SuperSearchResult } from '../../../contract/search'
import { canLoadMore, isIdle, isShown, loadingList, pagedListChild, waitingList, withPages, type PagedItem } from '../paged-list'
import type { SearchCallInput, SearchContext, SearchEvent, SearchHit, SearchInput, SearchOption, SearchScope } from './search.types'

/**
 * A search box with its dropdown: the header's people search and the global search (spec 2, 9).
 *
 * closed --FOCUS / TYPE--> open (the dropdown shows):
 *   query: idle (nothing typed) | debouncing --DEBOUNCE (300 ms people, 600 ms all)--> results:
 *     the keyword's paged list (GET super-search) loads page 1 (failed: RETRY); LOAD_MORE (a kind
 *     had 20) loads the next. TYPE restarts the wait for the new keyword (blank: idle) and drops
 *     the list; the list and its results stay while the dropdown is closed and refocused. Once the
 *     results show, MOVE highlights the next / previous option and CHOOSE opens it.
 *   focus: focused --BLUR--> blurring --BLUR_DELAY (200 ms: a click on a result lands first)--> closed;
 *     FOCUS in blurring keeps it open.
 * open --ESCAPE--> closed (keyword kept); ROUTE_CHANGED anywhere: closed and cleared.
 */
export const PEOPLE_DEBOUNCE_MS = 300
export const GLOBAL_DEBOUNCE_MS = 600
export const BLUR_DELAY_MS = 200

const KINDS = ['customer', 'topic', 'channel'] as const

/** A page of GET super-search as hits: people first, then groups, then channels; the people search keeps people only. */
export function hitsOf(result: SuperSearchResult, scope: SearchScope): SearchHit[] {
  const people = result.customer.map((item): SearchHit => ({ _id: `customer:${item._id}`, kind: 'customer', item }))
  if (scope === 'people') return people
  return [
    ...people,
    ...result.topic.map((item): SearchHit => ({ _id: `topic:${item._id}`, kind: 'topic', item })),
    ...result.channel.map((item): SearchHit => ({ _id: `channel:${item._id}`, kind: 'channel', item })),
  ]
}

/** The options in the order the dropdown shows them: the hits shown, by kind, then the message search for the keyword. */
export function optionsOf(context: Pick<SearchContext, 'scope' | 'list' | 'searched'>): SearchOption[] {
  if (!isShown(context.list)) return []
  const hits = context.list.items
  const ofKind = (kind: SearchHit['kind']) => hits.filter((hit) => hit.kind === kind).map(({ _id: _, ...option }) => option as SearchOption)
  if (context.scope === 'people') return ofKind('customer')
  return [...KINDS.flatMap(ofKind), ...(context.searched ? [{ kind: 'messages', keyword: context.searched } as const] : [])]
}

/** The keyword's hits, 20 a page of each kind: a page is full when one of its kinds came with 20. */
const searchList = pagedListChild.provide({
  guards: {
    fullPage: (_, params: { items: readonly PagedItem[] }) =>
      KINDS.some((kind) => (params.items as readonly SearchHit[]).filter((hit) => hit.kind === kind).length === SEARCH_PAGE),
  },
})

/** The search's list with the app's GET super-search (the runtime provides it as the `list` actor). */
export const searchListWith = (search: (input: SearchCallInput) => Promise<SuperSearchResult>, scope: SearchScope) =>
  withPages(async (input: SearchCallInput) => hitsOf(await search(input), scope), searchList)

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    /** The keyword's hits, 20 a page of each kind: GET super-search {keyword, page}. */
    list: searchList,
  },
  guards: {
    blank: ({ event }) => event.type === 'TYPE' && event.keyword.trim() === '',
    hasKeyword: ({ context }) => context.keyword.trim() !== '',
    hasResults: ({ context }) => context.searched !== '' && context.searched === context.keyword.trim(),
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
    listIdle: ({ context }) => isIdle(context.list),
    hasChoice: ({ context, event }) => {
      const index = event.type === 'CHOOSE' ? (event.index ?? context.active) : -1
      return isIdle(context.list) && index >= 0 && index < optionsOf(context).length
    },
  },
  actions: {
    setKeyword: assign({
      keyword: ({ context, event }) => (event.type === 'TYPE' ? event.keyword : context.keyword),
    }),
    clearResults: assign({ searched: '', list: waitingList(), active: -1 }),
    clearAll: assign({ keyword: '', searched: '', list: waitingList(), active: -1 }),
    stopList: stopChild('list'),
    startList: assign({ searched: ({ context }) => context.keyword.trim(), list: loadingList(), active: -1 }),
    spawnList: spawnChild('list', { id: 'list', input: ({ context }) => ({ query: { keyword: context.searched } }) }),
    takeList: assign({ list: ({ context, event }) => (event.type === 'LIST' ? event.list : context.list) }),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
    move: assign({
      active: ({ context, event }) => {
        const count = optionsOf(context).length
        if (event.type !== 'MOVE' || count === 0) return -1
        // From none, down goes to the first and up to the last; both wrap around.
        if (context.active < 0) return event.delta === 1 ? 0 : count - 1
        return (context.active + event.delta + count) % count
      },
    }),
    /** Opens an option (the runtime navigates: person /people/{workid} (the profile with the friend buttons), topic /chat/{id}, channel /channel/{id}, messages /search). */
    openOption: (_, _params: { option: SearchOption }) => undefined,
  },
  delays: {
    DEBOUNCE: ({ context }) => (context.scope === 'people' ? PEOPLE_DEBOUNCE_MS : GLOBAL_DEBOUNCE_MS),
    BLUR_DELAY: BLUR_DELAY_MS,
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({
    ...input,
    keyword: '',
    searched: '',
    list: waitingList(),
    active: -1,
  }),
  initial: 'closed',
  on: {
    ROUTE_CHANGED: { target: '.closed', actions: ['stopList', 'clearAll'] },
    LIST: { actions: 'takeList' },
  },
  states: {
    closed: {
      on: {
        FOCUS: 'open',
        TYPE: [
          { guard: 'blank', actions: ['setKeyword', 'stopList', 'clearResults'] },
          { target: 'open', actions: ['setKeyword', 'stopList', 'clearResults'] },
        ],
      },
    },
    open: {
      type: 'parallel',
      on: { ESCAPE: 'closed' },
      states: {
        query: {
          initial: 'idle',
          on: {
            TYPE: [
              { guard: 'blank', target: '.idle', actions: ['setKeyword', 'stopList', 'clearResults'] },
              { target: '.debouncing', reenter: true, actions: ['setKeyword', 'stopList', 'clearResults'] },
            ],
          },
          states: {
            idle: {
              always: [
                { guard: 'hasResults', target: 'results' },
                { guard: 'hasKeyword', target: 'debouncing' },
              ],
            },
            debouncing: {
              after: { DEBOUNCE: { target: 'results', actions: ['startList', 'spawnList'] } },
            },
            results: {
              on: {
                RETRY: { guard: 'listFailed', actions: 'retry' },
                MOVE: { guard: 'listIdle', actions: 'move' },
                CHOOSE: {
                  guard: 'hasChoice',
                  target: '#search.closed',
                  actions: {
                    type: 'openOption',
                    params: ({ context, event }) => ({
                      option: optionsOf(context)[event.index ?? context.active]!,
                    }),
                  },
                },
                LOAD_MORE: { guard: 'canLoadMore', actions: 'loadMore' },
              },
            },
          },
        },
        focus: {
          initial: 'focused',
          states: {
            focused: { on: { BLUR: 'blurring' } },
            blurring: {
              on: { FOCUS: 'focused' },
              after: { BLUR_DELAY: '#search.closed' },
            },
          },
        },
      },
    },
  },
})

export const searchSampleInput: SearchInput = { scope: 'all' }

export type SearchMachine = typeof searchMachine
export type SearchActor = ActorRefFrom<SearchMachine>
export type SearchSnapshot = SnapshotFrom<SearchMachine>
