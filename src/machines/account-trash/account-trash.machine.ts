import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { canLoadMore, holds, isIdle, loadingList, newFailure, pagedListChild, withoutItem } from '../paged-list'
import type { AccountTrashContext, AccountTrashEvent, TrashActionInput } from './account-trash.types'

/**
 * /account/trash: the user's trashed files across every channel and chat, 20 at a time (its
 * paged list, GET media/my-trash); restore one, or delete it for good.
 *
 *   idle --RESTORE | DELETE [a listed file, no page on its way]--> acting --done--> idle, the file
 *     gone (the last one: the trash is empty) ; --error--> idle with the reason
 *   idle --LOAD_MORE [the last page was full]--> the list loads the next page; RETRY after its
 *     first page failed loads it again
 */

const notProvided = actorNotProvided('accountTrash')

export const accountTrashMachine = setup({
  types: { context: {} as AccountTrashContext, events: {} as AccountTrashEvent },
  actors: {
    /** The trash, 20 a page: GET media/my-trash?page. */
    list: pagedListChild,
    /** PUT media/restore or DELETE media/purge; fails with the reason to show. */
    changeFile: fromPromise<unknown, TrashActionInput>(notProvided('changeFile')),
  },
  guards: {
    listed: ({ context, event }) => 'mediaId' in event && isIdle(context.list) && holds(context.list, event.mediaId),
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
  },
  actions: {
    takeList: assign(({ context, event }) =>
      event.type === 'LIST' ? { list: event.list, error: newFailure(context.list, event.list) ?? context.error } : {},
    ),
    startAction: assign(({ event }) =>
      event.type === 'RESTORE' || event.type === 'DELETE'
        ? { acting: { action: event.type === 'RESTORE' ? ('restore' as const) : ('delete' as const), mediaId: event.mediaId }, error: null }
        : {},
    ),
    removeFromList: sendTo('list', ({ context }) => ({ type: 'REMOVE' as const, id: context.acting!.mediaId })),
    dropActedFile: assign(({ context }) => ({ list: withoutItem(context.list, context.acting!.mediaId), acting: null })),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event), acting: null }),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
  },
}).createMachine({
  id: 'accountTrash',
  context: { list: loadingList(), acting: null, error: null },
  invoke: { id: 'list', src: 'list', input: { query: {} } },
  on: { LIST: { actions: 'takeList' } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        RESTORE: { guard: 'listed', target: 'acting', actions: 'startAction' },
        DELETE: { guard: 'listed', target: 'acting', actions: 'startAction' },
        LOAD_MORE: { guard: 'canLoadMore', actions: ['clearError', 'loadMore'] },
        RETRY: { guard: 'listFailed', actions: 'retry' },
      },
    },
    acting: {
      invoke: {
        id: 'changeFile',
        src: 'changeFile',
        input: ({ context }) => context.acting!,
        onDone: { target: 'idle', actions: ['removeFromList', 'dropActedFile'] },
        onError: { target: 'idle', actions: 'setError' },
      },
    },
  },
})

export type AccountTrashMachine = typeof accountTrashMachine
export type AccountTrashActor = ActorRefFrom<AccountTrashMachine>
export type AccountTrashSnapshot = SnapshotFrom<AccountTrashMachine>
