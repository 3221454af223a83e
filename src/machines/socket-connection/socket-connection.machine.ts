import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { backoffDelay } from './socket-connection.rules'
import type { SocketCommand, SocketConnectionContext, SocketConnectionEvent, SocketConnectionInput } from './socket-connection.types'

/**
 * The socket lifecycle: connect once after login (when logged in and not yet
 * connected), reconnect with capped exponential backoff, disconnect on logout. The socket itself is
 * an injected callback actor (`connection`, src/services/socket.ts in the app): it opens one
 * socket.io connection with `auth: {token}`, reports SOCKET_CONNECTED / SOCKET_DISCONNECTED /
 * SOCKET_ERROR, emits LOGOUT on request, and closes the socket when stopped. Leaving `online` stops
 * it, so every reconnect attempt is a fresh socket with the session's latest token. While waiting
 * out the backoff, the browser coming back online (BROWSER_ONLINE, from the injected
 * `browserOnline` actor) reconnects at once: the app catches up on the reconnect, not on `online`.
 */

export const socketConnectionMachine = setup({
  types: {
    context: {} as SocketConnectionContext,
    events: {} as SocketConnectionEvent,
    input: {} as SocketConnectionInput,
  },
  actors: {
    /** Provided by the app: one socket.io connection for the given token. */
    connection: fromCallback<SocketCommand, { token: string }>(() => () => {}),
    /** Provided by the app: reports BROWSER_ONLINE on the browser's `online` event. */
    browserOnline: fromCallback(() => () => {}),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
  },
  delays: {
    backoff: ({ context }) => backoffDelay(context.attempt),
  },
  actions: {
    countFailure: assign({
      attempt: ({ context }) => context.attempt + 1,
      lastError: ({ event }) =>
        event.type === 'SOCKET_ERROR' ? event.message : event.type === 'SOCKET_DISCONNECTED' ? event.reason : null,
    }),
    resetAttempts: assign({ attempt: 0, lastError: null }),
    assignToken: assign((_, token: string) => ({ token })),
    emitLogout: sendTo('connection', { type: 'EMIT_LOGOUT' } satisfies SocketCommand),
  },
}).createMachine({
  id: 'socketConnection',
  context: ({ input }) => ({ token: input.token, attempt: 0, lastError: null }),
  initial: 'disconnected',
  on: {
    TOKEN: { actions: { type: 'assignToken', params: ({ event }) => event.token } },
  },
  states: {
    disconnected: {
      on: {
        CONNECT: { guard: 'hasToken', target: 'online' },
      },
    },
    online: {
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ token: context.token ?? '' }) },
      initial: 'connecting',
      on: {
        SOCKET_ERROR: { target: 'waiting', actions: 'countFailure' },
        SOCKET_DISCONNECTED: { target: 'waiting', actions: 'countFailure' },
        DISCONNECT: 'disconnected',
      },
      states: {
        connecting: {
          on: { SOCKET_CONNECTED: { target: 'connected', actions: 'resetAttempts' } },
        },
        connected: {
          on: { EMIT_LOGOUT: { actions: 'emitLogout' } },
        },
      },
    },
    waiting: {
      invoke: { id: 'browserOnline', src: 'browserOnline' },
      after: { backoff: 'online' },
      on: {
        BROWSER_ONLINE: 'online',
        DISCONNECT: 'disconnected',
      },
    },
  },
})

export type SocketConnectionMachine = typeof socketConnectionMachine
export type SocketConnectionActor = ActorRefFrom<SocketConnectionMachine>
export type SocketConnectionSnapshot = SnapshotFrom<SocketConnectionMachine>
