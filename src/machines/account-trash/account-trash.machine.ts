import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { PAGE_SIZE } from '../../../contract/common'
import { errorTextOf, outputOf } from '../invoke-result'
import { appendUnique } from '../append-unique'
import { actorNotProvided } from '../not-provided'
import type { AccountTrashContext, AccountTrashEvent, TrashActionInput, TrashedFile } from './account-trash.types'

/**
 * /account/trash: the user's trashed files across every channel and chat, 20 at a time; restore
 * one, or delete it for good.
 *
 *   loading --done [files]--> ready.idle | [none]--> empty | --error--> failed (RETRY loads again)
 *   ready.idle --RESTORE [a listed file]--> ready.restoring ; --DELETE [a listed file]--> ready.deleting
 *   ready.restoring | deleting --done [it was the last]--> empty | --done--> idle, the file gone ;
 *     --error--> idle with the reason
 *   ready.idle --LOAD_MORE [the last page was full]--> ready.loadingMore --done--> idle, appended ; --error--> idle
 */

const notProvided = actorNotProvided('accountTrash')

const listed = (context: AccountTrashContext, event: AccountTrashEvent) =>
  'mediaId' in event && context.files.some((f) => f._id === event.mediaId)

export const accountTrashMachine = setup({
  types: { context: {} as AccountTrashContext, events: {} as AccountTrashEvent },
  actors: {
    /** GET media/my-trash?page. */
    loadPage: fromPromise<TrashedFile[], { page: number }>(notProvided('loadPage')),
    /** PUT media/restore or DELETE media/purge; fails with the reason to show. */
    changeFile: fromPromise<unknown, TrashActionInput>(notProvided('changeFile')),
  },
  guards: {
    hasFiles: ({ event }) => outputOf<TrashedFile[]>(event).length > 0,
    listed: ({ context, event }) => listed(context, event),
    hasMore: ({ context }) => context.more,
    wasLast: ({ context }) => context.files.length === 1 && context.files[0]!._id === context.acting?.mediaId,
  },
  actions: {
    setFirstPage: assign(({ event }) => {
      const files = outputOf<TrashedFile[]>(event)
      return { files, pages: 1, more: files.length === PAGE_SIZE, error: null }
    }),
    appendPage: assign(({ context, event }) => {
      const page = outputOf<TrashedFile[]>(event)
      return { files: appendUnique(context.files, page), pages: context.pages + 1, more: page.length === PAGE_SIZE }
    }),
    startRestore: assign(({ event }) =>
      event.type === 'RESTORE' ? { acting: { action: 'restore' as const, mediaId: event.mediaId }, error: null } : {},
    ),
    startDelete: assign(({ event }) =>
      event.type === 'DELETE' ? { acting: { action: 'delete' as const, mediaId: event.mediaId }, error: null } : {},
    ),
    dropActedFile: assign(({ context }) => ({ files: context.files.filter((f) => f._id !== context.acting?.mediaId), acting: null })),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event), acting: null }),
  },
}).createMachine({
  id: 'accountTrash',
  context: { files: [], pages: 0, more: false, acting: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: { page: 1 },
        onDone: [
          { guard: 'hasFiles', target: 'ready', actions: 'setFirstPage' },
          { target: 'empty', actions: 'setFirstPage' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    empty: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            RESTORE: { guard: 'listed', target: 'restoring', actions: 'startRestore' },
            DELETE: { guard: 'listed', target: 'deleting', actions: 'startDelete' },
            LOAD_MORE: { guard: 'hasMore', target: 'loadingMore', actions: 'clearError' },
          },
        },
        restoring: {
          invoke: {
            id: 'restoreFile',
            src: 'changeFile',
            input: ({ context }) => context.acting!,
            onDone: [
              { guard: 'wasLast', target: '#accountTrash.empty', actions: 'dropActedFile' },
              { target: 'idle', actions: 'dropActedFile' },
            ],
            onError: { target: 'idle', actions: 'setError' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteFile',
            src: 'changeFile',
            input: ({ context }) => context.acting!,
            onDone: [
              { guard: 'wasLast', target: '#accountTrash.empty', actions: 'dropActedFile' },
              { target: 'idle', actions: 'dropActedFile' },
            ],
            onError: { target: 'idle', actions: 'setError' },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ page: context.pages + 1 }),
            onDone: { target: 'idle', actions: 'appendPage' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
  },
})

export type AccountTrashMachine = typeof accountTrashMachine
export type AccountTrashActor = ActorRefFrom<AccountTrashMachine>
export type AccountTrashSnapshot = SnapshotFrom<AccountTrashMachine>
