import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { canLoadMore, loadingList, pagedListChild, waitingList } from '../paged-list'
import type { MessageSearchContext, MessageSearchEvent, MessageSearchInput } from './message-search.types'

/**
 * The message search page (/search?q=&in=): the messages of the user's topics (or of one chat,
 * ?in=) that contain a keyword, 20 a page (the keyword's paged list, GET message/search).
 *
 * idle (no keyword) | searching: the list loads page 1 (a failure offers Retry); LOAD_MORE (the
 * last page had 20) loads the next (a failure keeps what was shown). SEARCH with another keyword
 * or chat starts again (blank keyword: idle).
 */

export const messageSearchMachine = setup({
  types: {
    context: {} as MessageSearchContext,
    events: {} as MessageSearchEvent,
    input: {} as MessageSearchInput,
  },
  actors: {
    /** The keyword's messages, 20 a page: GET message/search {keyword, page, topic_id?}. */
    list: pagedListChild,
  },
  guards: {
    hasKeyword: ({ context }) => context.keyword.trim() !== '',
    blank: ({ event }) => event.type === 'SEARCH' && event.keyword.trim() === '',
    sameSearch: ({ context, event }) =>
      event.type === 'SEARCH' && event.keyword.trim() === context.keyword.trim() && (event.topicId ?? null) === context.topicId,
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
  },
  actions: {
    setKeyword: assign(({ context, event }) => {
      const keyword = event.type === 'SEARCH' ? event.keyword.trim() : context.keyword
      const topicId = event.type === 'SEARCH' ? (event.topicId ?? null) : context.topicId
      return { keyword, topicId, list: keyword ? loadingList() : waitingList() }
    }),
    takeList: assign({ list: ({ context, event }) => (event.type === 'LIST' ? event.list : context.list) }),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
  },
}).createMachine({
  id: 'messageSearch',
  context: ({ input }) => {
    const keyword = input.keyword.trim()
    return { keyword, topicId: input.topicId ?? null, list: keyword ? loadingList() : waitingList() }
  },
  initial: 'starting',
  on: {
    SEARCH: [
      { guard: 'sameSearch' },
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
      invoke: {
        id: 'list',
        src: 'list',
        input: ({ context }) => ({
          query: context.topicId === null ? { keyword: context.keyword } : { keyword: context.keyword, topic_id: context.topicId },
        }),
      },
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
