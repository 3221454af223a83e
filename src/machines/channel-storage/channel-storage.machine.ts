import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { canLoadMore, holds, isIdle, loadingList, newFailure, pagedListChild, withoutItem } from '../paged-list'
import type { ChannelStorageContext, ChannelStorageEvent, FileActionInput, StorageScope } from './channel-storage.types'

/**
 * A channel's or a chat's files, or its trash, 20 at a time (its paged list, GET media/storage,
 * whose first page says the storage used).
 *
 *   open.idle --TRASH [a file in the list] | RESTORE, PURGE [a file in the trash]--> open.acting
 *     (only while no page is on its way)
 *   open.acting --done--> idle: the file leaves this list at once, then the list loads its first
 *     page and the usage again; --error--> idle with the reason
 *   open.idle --LOAD_MORE [the last page was full]--> the list loads the next page; RETRY after its
 *     first page failed loads it again
 *   any --OPEN [another scope]--> open again, with that scope's list
 * The server decides who may (the uploader or a channel admin).
 */

const notProvided = actorNotProvided('channelStorage')

const sameScope = (a: StorageScope, b: StorageScope) =>
  a.channelId === b.channelId && (a.topicId ?? null) === (b.topicId ?? null) && a.trash === b.trash

const listed = (context: ChannelStorageContext, event: ChannelStorageEvent) =>
  'mediaId' in event && isIdle(context.list) && holds(context.list, event.mediaId)

export const channelStorageMachine = setup({
  types: {
    context: {} as ChannelStorageContext,
    events: {} as ChannelStorageEvent,
    input: {} as StorageScope,
  },
  actors: {
    /** The scope's files, 20 a page, with the usage: GET media/storage. */
    list: pagedListChild,
    /** PUT media/trash, PUT media/restore or DELETE media/purge; fails with the reason to show. */
    changeFile: fromPromise<unknown, FileActionInput>(notProvided('changeFile')),
  },
  guards: {
    otherScope: ({ context, event }) => event.type === 'OPEN' && !sameScope(event.scope, context.scope),
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
    inList: ({ context, event }) => !context.scope.trash && listed(context, event),
    inTrash: ({ context, event }) => context.scope.trash && listed(context, event),
  },
  actions: {
    openScope: assign(({ event }) => (event.type === 'OPEN' ? { scope: event.scope, list: loadingList(), acting: null, error: null } : {})),
    takeList: assign(({ context, event }) =>
      event.type === 'LIST' ? { list: event.list, error: newFailure(context.list, event.list) ?? context.error } : {},
    ),
    startAction: assign(({ event }) => {
      if (event.type !== 'TRASH' && event.type !== 'RESTORE' && event.type !== 'PURGE') return {}
      const action = event.type === 'TRASH' ? 'trash' : event.type === 'RESTORE' ? 'restore' : 'purge'
      return { acting: { action, mediaId: event.mediaId }, error: null }
    }),
    removeFromList: sendTo('list', ({ context }) => ({ type: 'REMOVE' as const, id: context.acting!.mediaId })),
    dropActedFile: assign(({ context }) => ({ list: withoutItem(context.list, context.acting!.mediaId), acting: null })),
    refreshList: sendTo('list', { type: 'REFRESH' }),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event), acting: null }),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
  },
}).createMachine({
  id: 'channelStorage',
  context: ({ input }) => ({ scope: input, list: loadingList(), acting: null, error: null }),
  on: {
    OPEN: { guard: 'otherScope', target: '.open', actions: 'openScope' },
    LIST: { actions: 'takeList' },
  },
  initial: 'open',
  states: {
    open: {
      invoke: { id: 'list', src: 'list', input: ({ context }) => ({ query: { ...context.scope } }) },
      initial: 'idle',
      states: {
        idle: {
          on: {
            LOAD_MORE: { guard: 'canLoadMore', actions: ['clearError', 'loadMore'] },
            RETRY: { guard: 'listFailed', actions: 'retry' },
            TRASH: { guard: 'inList', target: 'acting', actions: 'startAction' },
            RESTORE: { guard: 'inTrash', target: 'acting', actions: 'startAction' },
            PURGE: { guard: 'inTrash', target: 'acting', actions: 'startAction' },
          },
        },
        acting: {
          invoke: {
            id: 'changeFile',
            src: 'changeFile',
            input: ({ context }) => context.acting!,
            onDone: { target: 'idle', actions: ['removeFromList', 'dropActedFile', 'refreshList'] },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const channelStorageSampleInput: StorageScope = { channelId: 'channel-1', topicId: 'topic-1', trash: false }

export type ChannelStorageMachine = typeof channelStorageMachine
export type ChannelStorageActor = ActorRefFrom<ChannelStorageMachine>
export type ChannelStorageSnapshot = SnapshotFrom<ChannelStorageMachine>
