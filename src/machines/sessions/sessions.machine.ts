import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { SessionList, SessionsContext, SessionsEvent } from './sessions.types'

/**
 * The sessions page (/log): the user's open sessions and login history; sign out one other session
 * or every other one. The server ends them (their calls get 401, their sockets are dropped).
 *
 *   loading --done--> ready.idle | --error--> failed (RETRY loads again)
 *   ready.idle --SIGN_OUT [another open session]--> ready.signingOut
 *   ready.idle --SIGN_OUT_OTHERS [there are others]--> ready.confirmingOthers (a question in place)
 *   ready.confirmingOthers --CONFIRM--> ready.signingOutOthers ; --CANCEL--> idle
 *   ready.signingOutOthers --done--> says how many were signed out (injected `reportSignedOut`)
 *   ready.signingOut | signingOutOthers --done--> ready.refreshing (the ended sessions leave the list at once,
 *     then the list comes again) ; --error--> idle with the reason
 *   ready.refreshing --done--> idle ; --error--> idle with the reason
 */

const notProvided = actorNotProvided('sessions')

export const sessionsMachine = setup({
  types: { context: {} as SessionsContext, events: {} as SessionsEvent },
  actors: {
    /** GET auth/sessions. */
    loadSessions: fromPromise<SessionList>(notProvided('loadSessions')),
    /** DELETE auth/sessions {session_id}. */
    signOutSession: fromPromise<unknown, { sessionId: string }>(notProvided('signOutSession')),
    /** POST auth/sessions/revoke-others: how many sessions it ended. */
    signOutOthers: fromPromise<{ revoked: number }>(notProvided('signOutOthers')),
  },
  guards: {
    isOtherSession: ({ context, event }) =>
      event.type === 'SIGN_OUT' && Boolean(context.list?.sessions.some((s) => s._id === event.sessionId && !s.current)),
    hasOthers: ({ context }) => Boolean(context.list?.sessions.some((s) => !s.current)),
  },
  actions: {
    /** Injected: say how many other sessions were signed out. */
    reportSignedOut: (_, _params: { count: number }) => {},
    setList: assign({ list: ({ event }) => outputOf<SessionList>(event) }),
    startOne: assign(({ event }) =>
      event.type === 'SIGN_OUT' ? { acting: { kind: 'one' as const, sessionId: event.sessionId }, error: null } : {},
    ),
    startOthers: assign({ acting: { kind: 'others' as const }, error: null }),
    dropEnded: assign(({ context }) => {
      const { list, acting } = context
      if (!list || !acting) return { acting: null }
      const ended = (id: string, current: boolean) => (acting.kind === 'one' ? id === acting.sessionId : !current)
      return { list: { ...list, sessions: list.sessions.filter((s) => !ended(s._id, s.current)) }, acting: null }
    }),
    setError: assign({ error: ({ event }) => errorTextOf(event), acting: null }),
  },
}).createMachine({
  id: 'sessions',
  context: { list: null, acting: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'loadSessions', src: 'loadSessions', onDone: { target: 'ready', actions: 'setList' }, onError: 'failed' },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SIGN_OUT: { guard: 'isOtherSession', target: 'signingOut', actions: 'startOne' },
            SIGN_OUT_OTHERS: { guard: 'hasOthers', target: 'confirmingOthers' },
          },
        },
        confirmingOthers: {
          on: {
            CONFIRM: { target: 'signingOutOthers', actions: 'startOthers' },
            CANCEL: 'idle',
          },
        },
        signingOut: {
          invoke: {
            id: 'signOutSession',
            src: 'signOutSession',
            input: ({ context }) => ({ sessionId: context.acting?.kind === 'one' ? context.acting.sessionId : '' }),
            onDone: { target: 'refreshing', actions: 'dropEnded' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
        signingOutOthers: {
          invoke: {
            id: 'signOutOthers',
            src: 'signOutOthers',
            onDone: {
              target: 'refreshing',
              actions: ['dropEnded', { type: 'reportSignedOut', params: ({ event }) => ({ count: event.output.revoked }) }],
            },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'loadSessions',
            onDone: { target: 'idle', actions: 'setList' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
  },
})

export type SessionsMachine = typeof sessionsMachine
export type SessionsActor = ActorRefFrom<SessionsMachine>
export type SessionsSnapshot = SnapshotFrom<SessionsMachine>
