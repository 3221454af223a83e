import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { SEARCH_PAGE, type SuperSearchResult } from '../../../contract/search'
import { appendUnique } from '../append-unique'
import { actorNotProvided } from '../not-provided'
import type { SearchCallInput, SearchContext, SearchEvent, SearchInput, SearchOption } from './search.types'

/**
 * A search box with its dropdown: the header's people search and the global search (spec 2, 9).
 *
 * closed --FOCUS / TYPE--> open (the dropdown shows):
 *   query: idle (nothing typed) | debouncing --DEBOUNCE (300 ms people, 600 ms all)--> loading
 *     -> ready | failed --RETRY--> loading; ready --MORE (a list had 20)--> loadingMore -> ready.
 *     TYPE restarts the wait for the new keyword (blank: idle); results stay while the input is
 *     refocused. In ready, MOVE highlights the next / previous option and CHOOSE opens it.
 *   focus: focused --BLUR--> blurring --BLUR_DELAY (200 ms: a click on a result lands first)--> closed;
 *     FOCUS in blurring keeps it open.
 * open --ESCAPE--> closed (keyword kept); ROUTE_CHANGED anywhere: closed and cleared.
 */
export const PEOPLE_DEBOUNCE_MS = 300
export const GLOBAL_DEBOUNCE_MS = 600
export const BLUR_DELAY_MS = 200

const EMPTY: SuperSearchResult = { customer: [], topic: [], channel: [] }

/** The options in the order the dropdown shows them. */
export function optionsOf(context: Pick<SearchContext, 'scope' | 'result' | 'searched'>): SearchOption[] {
  const { customer, topic, channel } = context.result
  const people: SearchOption[] = customer.map((item) => ({
    kind: 'customer',
    item,
  }))
  if (context.scope === 'people') return people
  return [
    ...people,
    ...topic.map((item): SearchOption => ({ kind: 'topic', item })),
    ...channel.map((item): SearchOption => ({ kind: 'channel', item })),
    ...(context.searched ? [{ kind: 'messages', keyword: context.searched } as const] : []),
  ]
}

const notProvided = actorNotProvided('search')

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    /** GET super-search {keyword, page}. */
    search: fromPromise<SuperSearchResult, SearchCallInput>(notProvided('search')),
  },
  guards: {
    blank: ({ event }) => event.type === 'TYPE' && event.keyword.trim() === '',
    hasKeyword: ({ context }) => context.keyword.trim() !== '',
    hasResults: ({ context }) => context.searched !== '' && context.searched === context.keyword.trim(),
    hasMore: ({ context }) => context.hasMore,
    hasChoice: ({ context, event }) => {
      const index = event.type === 'CHOOSE' ? (event.index ?? context.active) : -1
      return index >= 0 && index < optionsOf(context).length
    },
  },
  actions: {
    setKeyword: assign({
      keyword: ({ context, event }) => (event.type === 'TYPE' ? event.keyword : context.keyword),
    }),
    clearResults: assign({
      result: EMPTY,
      searched: '',
      page: 1,
      hasMore: false,
      active: -1,
    }),
    clearAll: assign({
      keyword: '',
      result: EMPTY,
      searched: '',
      page: 1,
      hasMore: false,
      active: -1,
    }),
    setResult: assign(({ context }, params: { result: SuperSearchResult }) => ({
      result: params.result,
      searched: context.keyword.trim(),
      page: 1,
      hasMore: isFull(params.result, context.scope),
      active: -1,
    })),
    appendResult: assign(({ context }, params: { result: SuperSearchResult }) => ({
      result: {
        customer: appendUnique(context.result.customer, params.result.customer),
        topic: appendUnique(context.result.topic, params.result.topic),
        channel: appendUnique(context.result.channel, params.result.channel),
      },
      page: context.page + 1,
      hasMore: isFull(params.result, context.scope),
    })),
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
    result: EMPTY,
    page: 1,
    hasMore: false,
    active: -1,
  }),
  initial: 'closed',
  on: { ROUTE_CHANGED: { target: '.closed', actions: 'clearAll' } },
  states: {
    closed: {
      on: {
        FOCUS: 'open',
        TYPE: [
          { guard: 'blank', actions: ['setKeyword', 'clearResults'] },
          { target: 'open', actions: ['setKeyword', 'clearResults'] },
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
              {
                guard: 'blank',
                target: '.idle',
                actions: ['setKeyword', 'clearResults'],
              },
              {
                target: '.debouncing',
                reenter: true,
                actions: ['setKeyword', 'clearResults'],
              },
            ],
          },
          states: {
            idle: {
              always: [
                { guard: 'hasResults', target: 'ready' },
                { guard: 'hasKeyword', target: 'debouncing' },
              ],
            },
            debouncing: {
              after: { DEBOUNCE: 'loading' },
            },
            loading: {
              invoke: {
                id: 'search',
                src: 'search',
                input: ({ context }) => ({
                  keyword: context.keyword.trim(),
                  page: 1,
                }),
                onDone: {
                  target: 'ready',
                  actions: {
                    type: 'setResult',
                    params: ({ event }) => ({ result: event.output }),
                  },
                },
                onError: 'failed',
              },
            },
            failed: { on: { RETRY: 'loading' } },
            ready: {
              on: {
                MOVE: { actions: 'move' },
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
                MORE: { guard: 'hasMore', target: 'loadingMore' },
              },
            },
            loadingMore: {
              invoke: {
                id: 'searchMore',
                src: 'search',
                input: ({ context }) => ({
                  keyword: context.searched,
                  page: context.page + 1,
                }),
                onDone: {
                  target: 'ready',
                  actions: {
                    type: 'appendResult',
                    params: ({ event }) => ({ result: event.output }),
                  },
                },
                onError: 'ready',
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

/** A list of the page came back full (20): the next page may hold more. The people search shows people only. */
function isFull(result: SuperSearchResult, scope: SearchContext['scope']): boolean {
  if (scope === 'people') return result.customer.length === SEARCH_PAGE
  return result.customer.length === SEARCH_PAGE || result.topic.length === SEARCH_PAGE || result.channel.length === SEARCH_PAGE
}

export const searchSampleInput: SearchInput = { scope: 'all' }

export type SearchMachine = typeof searchMachine
export type SearchActor = ActorRefFrom<SearchMachine>
export type SearchSnapshot = SnapshotFrom<SearchMachine>
