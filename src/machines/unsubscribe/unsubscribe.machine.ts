import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { UnsubscribeContext, UnsubscribeEvent, UnsubscribeInput } from './unsubscribe.types'

/**
 * The missed-message email's unsubscribe page (no login): the link's token turns the email off
 * once the visitor confirms (a press, so a mail scanner opening the link changes nothing).
 *
 *   (start) --no token--> invalid
 *   ready --CONFIRM--> sending --done--> done; --error--> failed (the message) --CONFIRM--> sending
 *
 * Pure: `unsubscribe` (POST attention/unsubscribe) is injected.
 */
const notProvided = actorNotProvided('unsubscribe')

export const unsubscribeMachine = setup({
  types: {
    context: {} as UnsubscribeContext,
    events: {} as UnsubscribeEvent,
    input: {} as UnsubscribeInput,
  },
  actors: {
    unsubscribe: fromPromise<unknown, { token: string }>(notProvided('unsubscribe')),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
  },
}).createMachine({
  id: 'unsubscribe',
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'ready' }, { target: 'invalid' }],
    },
    invalid: {},
    ready: {
      on: { CONFIRM: 'sending' },
    },
    sending: {
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'done' },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorTextOf(event) })) },
      },
    },
    failed: {
      on: { CONFIRM: 'sending' },
    },
    done: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const unsubscribeSampleInput: UnsubscribeInput = { token: 'user.signature' }

export type UnsubscribeMachine = typeof unsubscribeMachine
export type UnsubscribeActor = ActorRefFrom<UnsubscribeMachine>
export type UnsubscribeSnapshot = SnapshotFrom<UnsubscribeMachine>
