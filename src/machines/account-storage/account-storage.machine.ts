import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { AccountStorageContext, AccountStorageEvent, StorageSummary } from './account-storage.types'

/**
 * /account/storage: the user's stored bytes against their plan's quota, by channel and chat.
 *
 *   loading --done [files in some chat]--> loaded | --done [none]--> empty | --error--> failed
 *   failed --RETRY--> loading
 */

const notProvided = actorNotProvided('accountStorage')

export const accountStorageMachine = setup({
  types: { context: {} as AccountStorageContext, events: {} as AccountStorageEvent },
  actors: {
    /** GET media/storage-summary. */
    loadSummary: fromPromise<StorageSummary>(notProvided('loadSummary')),
  },
  guards: {
    hasFiles: ({ event }) => outputOf<StorageSummary>(event).channels.length > 0,
  },
  actions: {
    setSummary: assign({ summary: ({ event }) => outputOf<StorageSummary>(event) }),
  },
}).createMachine({
  id: 'accountStorage',
  context: { summary: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        onDone: [
          { guard: 'hasFiles', target: 'loaded', actions: 'setSummary' },
          { target: 'empty', actions: 'setSummary' },
        ],
        onError: 'failed',
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { RETRY: 'loading' } },
  },
})

export type AccountStorageMachine = typeof accountStorageMachine
export type AccountStorageActor = ActorRefFrom<AccountStorageMachine>
export type AccountStorageSnapshot = SnapshotFrom<AccountStorageMachine>
