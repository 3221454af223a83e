import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type {
  CallAnswerResponse,
  IncomingCallContext,
  IncomingCallEvent,
  IncomingCallInput,
  IncomingCallRequest,
} from './incoming-call.types'

/**
 * The callee's side of calls. Lives as long as the login.
 *
 *   idle
 *     NEW_REQUEST_CALL -> ringing, unless already calling or in the room view (then ignored)
 *   ringing    the overlay shows; the ringtone plays at volume 0.5 when sounds is 1 and repeats
 *              every 60 s (re-entering `ringing`)
 *     ANSWER            -> answering: POST call/answer; its response with status 301 opens the room
 *                          by result._id, any other response by the call's uuid
 *     DECLINE           -> declining: POST call/decline, then idle
 *     RESPONSE_CALL missed (this call) or CLOSE_POPUP_CALL (this call) -> idle (the overlay closes)
 *
 * Where the user is (calling, room view) and the sounds setting reach it as events. Pure: the
 * calls are injected promise actors, opening the room and the error notice injected actions.
 */

export const RINGTONE_VOLUME = 0.5
export const RINGTONE_REPEAT_MS = 60_000

/** The room view: a call room or an instant meeting. */
export const isRoomPath = (pathname: string) => /^\/(room|call-open)\//.test(pathname)

/** Status 301 -> the room by result._id; otherwise by the call's uuid. */
export function roomOf(response: CallAnswerResponse, call: Pick<IncomingCallRequest, 'uuid'>): string {
  return response.status === 301 && response._id ? response._id : call.uuid
}

const notProvided = actorNotProvided('incomingCall')

export const incomingCallMachine = setup({
  types: {
    context: {} as IncomingCallContext,
    events: {} as IncomingCallEvent,
    input: {} as IncomingCallInput,
  },
  actors: {
    /** POST call/answer {call_id}: the call response. */
    postCallAnswer: fromPromise<CallAnswerResponse, { call_id: string }>(notProvided('postCallAnswer')),
    /** POST call/decline {call_id}. */
    postCallDecline: fromPromise<unknown, { call_id: string }>(notProvided('postCallDecline')),
  },
  guards: {
    isFree: ({ context }) => !context.calling && !context.inRoomView,
    soundsOn: ({ context }) => context.sounds === 1,
    missedThisCall: ({ context, event }) =>
      event.type === 'RESPONSE_CALL' && event.status === 'missed' && event.call_id === context.call?._id,
    movedToRoom: (_, response: CallAnswerResponse) => response.status === 301 && Boolean(response._id),
    closesThisCall: ({ context, event }) => event.type === 'CLOSE_POPUP_CALL' && event.call_id === context.call?._id,
  },
  delays: {
    ringtoneRepeat: RINGTONE_REPEAT_MS,
  },
  actions: {
    /** Injected: navigate to /room/{roomId}. */
    openRoom: (_, _params: { roomId: string }) => {},
    /** Injected: the error notification when answering fails. */
    notifyAnswerFailed: () => {},
    assignCall: assign(({ event }) => ({ call: event.type === 'NEW_REQUEST_CALL' ? event.call : null, ringtonePlays: 0 })),
    clearCall: assign({ call: null, ringtonePlays: 0 }),
    countRingtonePlay: assign({ ringtonePlays: ({ context }) => context.ringtonePlays + 1 }),
    setCalling: assign(({ event }) => {
      assertEvent(event, 'CALLING_CHANGED')
      return { calling: event.calling }
    }),
    setRoute: assign(({ event }) => {
      assertEvent(event, 'ROUTE_CHANGED')
      return { inRoomView: isRoomPath(event.pathname) }
    }),
    setSounds: assign(({ event }) => {
      assertEvent(event, 'SOUNDS_CHANGED')
      return { sounds: event.sounds }
    }),
  },
}).createMachine({
  id: 'incomingCall',
  context: ({ input }) => ({
    call: null,
    sounds: input.sounds,
    calling: input.calling ?? false,
    inRoomView: isRoomPath(input.pathname ?? '/'),
    ringtoneVolume: RINGTONE_VOLUME,
    ringtonePlays: 0,
  }),
  on: {
    CALLING_CHANGED: { actions: 'setCalling' },
    ROUTE_CHANGED: { actions: 'setRoute' },
    SOUNDS_CHANGED: { actions: 'setSounds' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        NEW_REQUEST_CALL: { guard: 'isFree', target: 'ringing', actions: 'assignCall' },
      },
    },
    ringing: {
      entry: 'countRingtonePlay',
      after: {
        ringtoneRepeat: { guard: 'soundsOn', target: 'ringing', reenter: true },
      },
      on: {
        ANSWER: 'answering',
        DECLINE: 'declining',
        RESPONSE_CALL: { guard: 'missedThisCall', target: 'idle', actions: 'clearCall' },
        CLOSE_POPUP_CALL: { guard: 'closesThisCall', target: 'idle', actions: 'clearCall' },
      },
    },
    answering: {
      invoke: {
        id: 'postCallAnswer',
        src: 'postCallAnswer',
        input: ({ context }) => ({ call_id: context.call?._id ?? '' }),
        onDone: [
          {
            guard: { type: 'movedToRoom', params: ({ event }) => event.output },
            target: 'idle',
            actions: [{ type: 'openRoom', params: ({ event }) => ({ roomId: event.output._id }) }, 'clearCall'],
          },
          {
            target: 'idle',
            actions: [{ type: 'openRoom', params: ({ context }) => ({ roomId: context.call?.uuid ?? '' }) }, 'clearCall'],
          },
        ],
        onError: { target: 'idle', actions: ['notifyAnswerFailed', 'clearCall'] },
      },
    },
    declining: {
      invoke: {
        id: 'postCallDecline',
        src: 'postCallDecline',
        input: ({ context }) => ({ call_id: context.call?._id ?? '' }),
        onDone: { target: 'idle', actions: 'clearCall' },
        onError: { target: 'idle', actions: 'clearCall' },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const incomingCallSampleInput: IncomingCallInput = { sounds: 1, calling: false, pathname: '/chat' }

export type IncomingCallMachine = typeof incomingCallMachine
export type IncomingCallActor = ActorRefFrom<IncomingCallMachine>
export type IncomingCallSnapshot = SnapshotFrom<IncomingCallMachine>
