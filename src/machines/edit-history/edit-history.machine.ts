import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { EditHistoryContext, EditHistoryEvent, MessageVersion } from './edit-history.types'

/**
 * A message's edit history, as anyone who can read the message opens it from its "(edited)":
 *
 *   closed --OPEN--> loading --done--> shown; --error--> failed (its words) --RETRY--> loading
 *   loading, shown, failed --CLOSE--> closed (the dialog is modal: another message's opens after)
 *
 * Pure: `loadHistory` (GET message/history) is injected.
 */
const notProvided = actorNotProvided('editHistory')

export const editHistoryMachine = setup({
  types: {
    context: {} as EditHistoryContext,
    events: {} as EditHistoryEvent,
  },
  actors: {
    loadHistory: fromPromise<MessageVersion[], { messageId: string }>(notProvided('loadHistory')),
  },
  actions: {
    setMessage: assign({ message: ({ event }) => (event.type === 'OPEN' ? event.message : null), versions: [], error: null }),
    setVersions: assign({ versions: ({ event }) => outputOf<MessageVersion[]>(event) }),
    setError: assign({ error: ({ event }) => errorTextOf(event) }),
    clearError: assign({ error: null }),
    forget: assign({ message: null, versions: [], error: null }),
  },
}).createMachine({
  id: 'editHistory',
  context: { message: null, versions: [], error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'loading', actions: 'setMessage' } },
    },
    loading: {
      entry: 'clearError',
      on: { CLOSE: { target: 'closed', actions: 'forget' } },
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ messageId: context.message?._id ?? '' }),
        onDone: { target: 'shown', actions: 'setVersions' },
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    shown: {
      on: { CLOSE: { target: 'closed', actions: 'forget' } },
    },
    failed: {
      on: {
        RETRY: 'loading',
        CLOSE: { target: 'closed', actions: 'forget' },
      },
    },
  },
})

export type EditHistoryMachine = typeof editHistoryMachine
export type EditHistoryActor = ActorRefFrom<EditHistoryMachine>
export type EditHistorySnapshot = SnapshotFrom<EditHistoryMachine>
