import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { canLoadMore, loadingList, pagedListChild, waitingList } from '../paged-list'
import type { MessageSearchContext, MessageSearchEvent, MessageSearchInput } from './message-search.types'

/**
 * The message search page (/search?q=): the messages of the user's topics that contain a keyword,
 * 20 a page (the keyword's paged list, GET message/search).
 *
 * idle (no keyword) | searching: the list loads page 1 (a failure offers Retry); LOAD_MORE (the
 * last page had 20) loads the next (a failure keeps what was shown). SEARCH with another keyword
 * starts again (blank: idle).
 */

export const messageSearchMachine = setup({
  types: {
    context: {} as MessageSearchContext,
    events: {} as MessageSearchEvent,
    input: {} as MessageSearchInput,
  },
  actors: {
    /** The keyword's messages, 20 a page: GET message/search {keyword, page}. */
    list: pagedListChild,
  },
  guards: {
    hasKeyword: ({ context }) => context.keyword.trim() !== '',
    blank: ({ event }) => event.type === 'SEARCH' && event.keyword.trim() === '',
    sameKeyword: ({ context, event }) => event.type === 'SEARCH' && event.keyword.trim() === context.keyword.trim(),
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
  },
  actions: {
    setKeyword: assign(({ context, event }) => {
      const keyword = event.type === 'SEARCH' ? event.keyword.trim() : context.keyword
      return { keyword, list: keyword ? loadingList() : waitingList() }
    }),
    takeList: assign({ list: ({ context, event }) => (event.type === 'LIST' ? event.list : context.list) }),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
  },
}).createMachine({
  id: 'messageSearch',
  context: ({ input }) => {
    const keyword = input.keyword.trim()
    return { keyword, list: keyword ? loadingList() : waitingList() }
  },
  initial: 'starting',
  on: {
    SEARCH: [
      { guard: 'sameKeyword' },
      { guard: 'blank', target: '.idle', actions: 'setKeyword' },
      { target: '.searching', actions: 'setKeyword' },
    ],
    LIST: { actions: 'takeList' },
  },
  states: {
    starting: {
      always: [{ guard: 'hasKeyword', target: 'searching' }, { target: 'idle' }],
    },
    idle: {},
    searching: {
      invoke: { id: 'list', src: 'list', input: ({ context }) => ({ query: { keyword: context.keyword } }) },
      on: {
        LOAD_MORE: { guard: 'canLoadMore', actions: 'loadMore' },
        RETRY: { guard: 'listFailed', actions: 'retry' },
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
