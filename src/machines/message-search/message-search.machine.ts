import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { type FoundMessage, SEARCH_PAGE } from '../../../contract/search'
import { appendUnique } from '../append-unique'
import { actorNotProvided } from '../not-provided'
import type { MessageSearchCallInput, MessageSearchContext, MessageSearchEvent, MessageSearchInput } from './message-search.types'

/**
 * The message search page (/search?q=): the messages of the user's topics that contain a keyword.
 *
 * idle (no keyword) | loading (page 1) -> ready | failed --RETRY--> loading;
 * ready --MORE (the last page had 20)--> loadingMore -> ready (a failure keeps what was shown).
 * SEARCH with another keyword starts again (blank: idle).
 */
const notProvided = actorNotProvided('messageSearch')

export const messageSearchMachine = setup({
  types: {
    context: {} as MessageSearchContext,
    events: {} as MessageSearchEvent,
    input: {} as MessageSearchInput,
  },
  actors: {
    /** GET message/search {keyword, page}. */
    searchMessages: fromPromise<FoundMessage[], MessageSearchCallInput>(notProvided('searchMessages')),
  },
  guards: {
    hasKeyword: ({ context }) => context.keyword.trim() !== '',
    blank: ({ event }) => event.type === 'SEARCH' && event.keyword.trim() === '',
    sameKeyword: ({ context, event }) => event.type === 'SEARCH' && event.keyword.trim() === context.keyword.trim(),
    hasMore: ({ context }) => context.hasMore,
  },
  actions: {
    setKeyword: assign({
      keyword: ({ context, event }) => (event.type === 'SEARCH' ? event.keyword.trim() : context.keyword),
      results: [],
      page: 1,
      hasMore: false,
    }),
    setResults: assign((_, params: { found: FoundMessage[] }) => ({
      results: params.found,
      page: 1,
      hasMore: params.found.length === SEARCH_PAGE,
    })),
    appendResults: assign(({ context }, params: { found: FoundMessage[] }) => ({
      results: appendUnique(context.results, params.found),
      page: context.page + 1,
      hasMore: params.found.length === SEARCH_PAGE,
    })),
  },
}).createMachine({
  id: 'messageSearch',
  context: ({ input }) => ({
    keyword: input.keyword.trim(),
    results: [],
    page: 1,
    hasMore: false,
  }),
  initial: 'starting',
  on: {
    SEARCH: [
      { guard: 'sameKeyword' },
      { guard: 'blank', target: '.idle', actions: 'setKeyword' },
      { target: '.loading', actions: 'setKeyword' },
    ],
  },
  states: {
    starting: {
      always: [{ guard: 'hasKeyword', target: 'loading' }, { target: 'idle' }],
    },
    idle: {},
    loading: {
      invoke: {
        id: 'searchMessages',
        src: 'searchMessages',
        input: ({ context }) => ({ keyword: context.keyword, page: 1 }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'setResults',
            params: ({ event }) => ({ found: event.output }),
          },
        },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: { on: { MORE: { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      invoke: {
        id: 'searchMoreMessages',
        src: 'searchMessages',
        input: ({ context }) => ({
          keyword: context.keyword,
          page: context.page + 1,
        }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'appendResults',
            params: ({ event }) => ({ found: event.output }),
          },
        },
        onError: 'ready',
      },
    },
  },
})

export const messageSearchSampleInput: MessageSearchInput = {
  keyword: 'hello',
}

export type MessageSearchMachine = typeof messageSearchMachine
export type MessageSearchActor = ActorRefFrom<MessageSearchMachine>
export type MessageSearchSnapshot = SnapshotFrom<MessageSearchMachine>
