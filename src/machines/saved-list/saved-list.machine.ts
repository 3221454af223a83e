import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { canLoadMore, holds, isIdle, loadingList, newFailure, pagedListChild, withoutItem } from '../paged-list'
import type { SavedListContext, SavedListEvent } from './saved-list.types'

/**
 * /chat/saved: the user's saved messages, newest saved first, 20 at a time (its paged list, GET
 * saved/list); each opens its message in its chat, and "Remove from saved" takes one out (one the
 * user can no longer read too).
 *
 *   idle --REMOVE [a listed message, no page on its way]--> removing --done--> idle, the message
 *     gone from the list ; --error--> idle with the reason
 *   idle --LOAD_MORE [the last page was full]--> the list loads the next page; RETRY after its first
 *     page failed loads it again
 */

const notProvided = actorNotProvided('savedList')

export const savedListMachine = setup({
  types: { context: {} as SavedListContext, events: {} as SavedListEvent },
  actors: {
    /** The saved messages, 20 a page: GET saved/list?page. */
    list: pagedListChild,
    /** POST saved/remove; fails with the reason to show. */
    removeSaved: fromPromise<unknown, { messageId: string }>(notProvided('removeSaved')),
  },
  guards: {
    listed: ({ context, event }) => event.type === 'REMOVE' && isIdle(context.list) && holds(context.list, event.messageId),
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
  },
  actions: {
    takeList: assign(({ context, event }) =>
      event.type === 'LIST' ? { list: event.list, error: newFailure(context.list, event.list) ?? context.error } : {},
    ),
    startRemoving: assign(({ event }) => (event.type === 'REMOVE' ? { removing: event.messageId, error: null } : {})),
    removeFromList: sendTo('list', ({ context }) => ({ type: 'REMOVE' as const, id: context.removing! })),
    dropRemoved: assign(({ context }) => ({ list: withoutItem(context.list, context.removing!), removing: null })),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event), removing: null }),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
  },
}).createMachine({
  id: 'savedList',
  context: { list: loadingList(), removing: null, error: null },
  invoke: { id: 'list', src: 'list', input: { query: {} } },
  on: { LIST: { actions: 'takeList' } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        REMOVE: { guard: 'listed', target: 'removing', actions: 'startRemoving' },
        LOAD_MORE: { guard: 'canLoadMore', actions: ['clearError', 'loadMore'] },
        RETRY: { guard: 'listFailed', actions: 'retry' },
      },
    },
    removing: {
      invoke: {
        id: 'removeSaved',
        src: 'removeSaved',
        input: ({ context }) => ({ messageId: context.removing! }),
        onDone: { target: 'idle', actions: ['removeFromList', 'dropRemoved'] },
        onError: { target: 'idle', actions: 'setError' },
      },
    },
  },
})

export type SavedListMachine = typeof savedListMachine
export type SavedListActor = ActorRefFrom<SavedListMachine>
export type SavedListSnapshot = SnapshotFrom<SavedListMachine>
