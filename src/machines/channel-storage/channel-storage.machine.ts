import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { PAGE_SIZE } from '../../../contract/common'
import { errorTextOf, outputOf } from '../invoke-result'
import { appendUnique } from '../append-unique'
import { actorNotProvided } from '../not-provided'
import type {
  ChannelStorageContext,
  ChannelStorageEvent,
  FileActionInput,
  StoragePage,
  StoragePageInput,
  StorageScope,
} from './channel-storage.types'

/**
 * A channel's or a chat's files, or its trash, 20 at a time, with the storage used.
 *
 *   loading --done--> ready.idle | --error--> failed (RETRY loads again)
 *   ready.idle --LOAD_MORE [the last page was full]--> ready.loadingMore --done--> idle, the page appended
 *   ready.idle --TRASH [a file in the list] | RESTORE, PURGE [a file in the trash]--> ready.acting
 *   ready.acting --done--> ready.refreshing: the file leaves this list at once, then the first page
 *     and the usage come again from the server; --error--> idle with the reason
 *   any --OPEN [another scope]--> loading
 * The server decides who may (the uploader or a channel admin).
 */

const notProvided = actorNotProvided('channelStorage')

const sameScope = (a: StorageScope, b: StorageScope) =>
  a.channelId === b.channelId && (a.topicId ?? null) === (b.topicId ?? null) && a.trash === b.trash

export const channelStorageMachine = setup({
  types: {
    context: {} as ChannelStorageContext,
    events: {} as ChannelStorageEvent,
    input: {} as StorageScope,
  },
  actors: {
    /** GET media/storage: a page of files and the channel's usage. */
    loadPage: fromPromise<StoragePage, StoragePageInput>(notProvided('loadPage')),
    /** PUT media/trash, PUT media/restore or DELETE media/purge; fails with the reason to show. */
    changeFile: fromPromise<unknown, FileActionInput>(notProvided('changeFile')),
  },
  guards: {
    otherScope: ({ context, event }) => event.type === 'OPEN' && !sameScope(event.scope, context.scope),
    hasMore: ({ context }) => context.more,
    inList: ({ context, event }) => 'mediaId' in event && !context.scope.trash && context.files.some((f) => f._id === event.mediaId),
    inTrash: ({ context, event }) => 'mediaId' in event && context.scope.trash && context.files.some((f) => f._id === event.mediaId),
  },
  actions: {
    openScope: assign(({ event }) =>
      event.type === 'OPEN' ? { scope: event.scope, files: [], usage: null, pages: 0, more: false, acting: null, error: null } : {},
    ),
    setFirstPage: assign(({ event }) => {
      const { items, used, quota } = outputOf<StoragePage>(event)
      return { files: items, usage: { used, quota }, pages: 1, more: items.length === PAGE_SIZE }
    }),
    appendPage: assign(({ context, event }) => {
      const { items } = outputOf<StoragePage>(event)
      return { files: appendUnique(context.files, items), pages: context.pages + 1, more: items.length === PAGE_SIZE }
    }),
    startAction: assign(({ event }) => {
      if (event.type !== 'TRASH' && event.type !== 'RESTORE' && event.type !== 'PURGE') return {}
      const action = event.type === 'TRASH' ? 'trash' : event.type === 'RESTORE' ? 'restore' : 'purge'
      return { acting: { action, mediaId: event.mediaId }, error: null }
    }),
    dropActedFile: assign(({ context }) => ({ files: context.files.filter((f) => f._id !== context.acting?.mediaId), acting: null })),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event), acting: null }),
  },
}).createMachine({
  id: 'channelStorage',
  context: ({ input }) => ({ scope: input, files: [], usage: null, pages: 0, more: false, acting: null, error: null }),
  initial: 'loading',
  on: {
    OPEN: { guard: 'otherScope', target: '.loading', actions: 'openScope' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ ...context.scope, page: 1 }),
        onDone: { target: 'ready', actions: 'setFirstPage' },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            LOAD_MORE: { guard: 'hasMore', target: 'loadingMore', actions: 'clearError' },
            TRASH: { guard: 'inList', target: 'acting', actions: 'startAction' },
            RESTORE: { guard: 'inTrash', target: 'acting', actions: 'startAction' },
            PURGE: { guard: 'inTrash', target: 'acting', actions: 'startAction' },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ ...context.scope, page: context.pages + 1 }),
            onDone: { target: 'idle', actions: 'appendPage' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
        acting: {
          invoke: {
            id: 'changeFile',
            src: 'changeFile',
            input: ({ context }) => context.acting!,
            onDone: { target: 'refreshing', actions: 'dropActedFile' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'loadPage',
            input: ({ context }) => ({ ...context.scope, page: 1 }),
            onDone: { target: 'idle', actions: 'setFirstPage' },
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
