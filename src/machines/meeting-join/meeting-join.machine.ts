import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { CallOpenResult, MeetingDetail, MeetingJoinContext, MeetingJoinEvent, MeetingJoinInput } from './meeting-join.types'

/**
 * A meeting's join screen (/call-open/{id} without a room token): who joins, under which name.
 *
 *   loading: GET call-open/detail/{code}
 *     done  -> editing (the meeting's name; a password field when it is private)
 *     error -> missing (the server's words: not found, ended), RETRY -> loading
 *   editing: CHANGE name | password; JOIN (a name is needed; the password of a private meeting)
 *     -> joining: POST call-open/join {code, name, password}
 *          done  -> joined: the meeting's page with its room token (injected `enterMeeting`)
 *          error -> editing, with the server's words (a wrong password, a locked or full meeting)
 */

export const canJoinMeeting = (context: Pick<MeetingJoinContext, 'name' | 'password' | 'detail'>) =>
  context.name.trim() !== '' && (!context.detail?.private || context.password !== '')

const notProvided = actorNotProvided('meetingJoin')

export const meetingJoinMachine = setup({
  types: {
    context: {} as MeetingJoinContext,
    events: {} as MeetingJoinEvent,
    input: {} as MeetingJoinInput,
  },
  actors: {
    /** GET call-open/detail/{code}. */
    findMeeting: fromPromise<MeetingDetail, { code: string }>(notProvided('findMeeting')),
    /** POST call-open/join. */
    joinMeeting: fromPromise<CallOpenResult, { code: string; name: string; password: string }>(notProvided('joinMeeting')),
  },
  guards: {
    canJoin: ({ context }) => canJoinMeeting(context),
  },
  actions: {
    /** Injected: the meeting's page with the joiner's room token. */
    enterMeeting: (_, _params: { result: CallOpenResult; name: string; room: string }) => {},
    changeField: assign(({ event }) => {
      assertEvent(event, 'CHANGE')
      return { [event.field]: event.value, error: null }
    }),
    showError: assign({ error: ({ event }) => errorTextOf(event) || null }),
  },
}).createMachine({
  id: 'meetingJoin',
  context: ({ input }) => ({ code: input.code, name: input.name, password: '', detail: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'findMeeting',
        src: 'findMeeting',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'editing', actions: assign({ detail: ({ event }) => event.output, error: null }) },
        onError: { target: 'missing', actions: 'showError' },
      },
    },
    missing: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        CHANGE: { actions: 'changeField' },
        JOIN: { guard: 'canJoin', target: 'joining' },
      },
    },
    joining: {
      invoke: {
        id: 'joinMeeting',
        src: 'joinMeeting',
        input: ({ context }) => ({ code: context.code, name: context.name.trim(), password: context.password }),
        onDone: {
          target: 'joined',
          actions: {
            type: 'enterMeeting',
            params: ({ context, event }) => ({ result: event.output, name: context.name.trim(), room: context.detail?.room_name ?? '' }),
          },
        },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    joined: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const meetingJoinSampleInput: MeetingJoinInput = { code: '123456789', name: 'Lan Nguyễn' }

export type MeetingJoinMachine = typeof meetingJoinMachine
export type MeetingJoinActor = ActorRefFrom<MeetingJoinMachine>
export type MeetingJoinSnapshot = SnapshotFrom<MeetingJoinMachine>
