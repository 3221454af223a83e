import { fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type { OutgoingCallContext, OutgoingCallEvent, OutgoingCallInput } from './outgoing-call.types'

/**
 * The caller's side of a call.
 *
 *   ringing    the overlay shows, the waiting tone plays at volume 0.2
 *     RESPONSE_CALL answered (this call) -> answered: the room opens (injected `openRoom`)
 *     RESPONSE_CALL declined, missed, cancelled or ended (this call) -> closed: the overlay closes
 *     CANCEL                             -> cancelling: POST call/cancel, then closed
 *     after 60 s without an answer       -> missing:    POST call/miss, then closed
 *
 * Pure: the two calls are injected promise actors (`postCallCancel`, `postCallMiss`), opening the
 * room is an injected action; the app provides them with `.provide`.
 */

export const WAITING_TONE_VOLUME = 0.2
export const CALL_TIMEOUT_MS = 60_000

const notProvided = actorNotProvided('outgoingCall')

export const outgoingCallMachine = setup({
  types: {
    context: {} as OutgoingCallContext,
    events: {} as OutgoingCallEvent,
    input: {} as OutgoingCallInput,
  },
  actors: {
    /** POST call/cancel {call_id}. */
    postCallCancel: fromPromise<unknown, { call_id: string }>(notProvided('postCallCancel')),
    /** POST call/miss {call_id}. */
    postCallMiss: fromPromise<unknown, { call_id: string }>(notProvided('postCallMiss')),
  },
  guards: {
    answeredThisCall: ({ context, event }) =>
      event.type === 'RESPONSE_CALL' && event.call_id === context.call._id && event.status === 'answered',
    /** Declined, or ended without an answer elsewhere (the server's 60 s timer, a cancel on another tab). */
    closedThisCall: ({ context, event }) =>
      event.type === 'RESPONSE_CALL' && event.call_id === context.call._id && event.status !== 'answered',
  },
  delays: {
    callTimeout: CALL_TIMEOUT_MS,
  },
  actions: {
    /** Injected: navigate to /room/{roomId}. */
    openRoom: (_, _params: { roomId: string }) => {},
  },
}).createMachine({
  id: 'outgoingCall',
  context: ({ input }) => ({ ...input, waitingToneVolume: WAITING_TONE_VOLUME }),
  initial: 'ringing',
  states: {
    ringing: {
      on: {
        CANCEL: 'cancelling',
        RESPONSE_CALL: [
          { guard: 'answeredThisCall', target: 'answered' },
          { guard: 'closedThisCall', target: 'closed' },
        ],
      },
      after: { callTimeout: 'missing' },
    },
    cancelling: {
      invoke: {
        id: 'postCallCancel',
        src: 'postCallCancel',
        input: ({ context }) => ({ call_id: context.call._id }),
        onDone: 'closed',
        // The overlay closes either way: a failed cancel is the server's to time out.
        onError: 'closed',
      },
    },
    missing: {
      invoke: {
        id: 'postCallMiss',
        src: 'postCallMiss',
        input: ({ context }) => ({ call_id: context.call._id }),
        onDone: 'closed',
        onError: 'closed',
      },
    },
    answered: {
      type: 'final',
      entry: { type: 'openRoom', params: ({ context }) => ({ roomId: context.call.uuid }) },
    },
    closed: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const outgoingCallSampleInput: OutgoingCallInput = {
  call: { _id: 'call-1', uuid: 'room-1' },
  callee: { name: 'Lan Nguyễn', photoUrl: null },
  isVideo: false,
}

export type OutgoingCallMachine = typeof outgoingCallMachine
export type OutgoingCallActor = ActorRefFrom<OutgoingCallMachine>
export type OutgoingCallSnapshot = SnapshotFrom<OutgoingCallMachine>
