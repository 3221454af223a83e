import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'

/**
 * The socket lifecycle of spec section 4: connect once after login (when logged in and not yet
 * connected), reconnect with capped exponential backoff, disconnect on logout. The socket itself is
 * an injected callback actor (`connection`, src/services/socket.ts in the app): it opens one
 * socket.io connection with `auth: {token}`, reports SOCKET_CONNECTED / SOCKET_DISCONNECTED /
 * SOCKET_ERROR, emits LOGOUT on request, and closes the socket when stopped. Leaving `online` stops
 * it, so every reconnect attempt is a fresh socket with the session's latest token. While waiting
 * out the backoff, the browser coming back online (BROWSER_ONLINE, from the injected
 * `browserOnline` actor) reconnects at once: the app catches up on the reconnect, not on `online`.
 */

export const BACKOFF_BASE_MS = 1000
export const BACKOFF_CAP_MS = 30_000

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS)
}

export interface SocketConnectionInput {
  token: string | null
}

export interface SocketConnectionContext {
  token: string | null
  /** Failed or lost connections since the last successful one. */
  attempt: number
  lastError: string | null
}

/** Commands the connection actor accepts. */
export type SocketCommand = { type: 'EMIT_LOGOUT' }

export type SocketConnectionEvent =
  /** From the session: logged in, connect if not yet connected. */
  | { type: 'CONNECT' }
  /** From the session: logged out. */
  | { type: 'DISCONNECT' }
  /** From the session: the access token was refreshed (used by the next connection). */
  | { type: 'TOKEN'; token: string }
  /** From the session: tell the server this login ends (before POST auth/logout). */
  | { type: 'EMIT_LOGOUT' }
  /** From the browserOnline actor: the browser is back online. */
  | { type: 'BROWSER_ONLINE' }
  /** From the connection actor. */
  | { type: 'SOCKET_CONNECTED' }
  | { type: 'SOCKET_DISCONNECTED'; reason: string }
  | { type: 'SOCKET_ERROR'; message: string }

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
      lastError: ({ event }) => (event.type === 'SOCKET_ERROR' ? event.message : event.type === 'SOCKET_DISCONNECTED' ? event.reason : null),
    }),
    resetAttempts: assign({ attempt: 0, lastError: null }),
    assignToken: assign({ token: ({ event }) => (event.type === 'TOKEN' ? event.token : null) }),
    emitLogout: sendTo('connection', { type: 'EMIT_LOGOUT' } satisfies SocketCommand),
  },
}).createMachine({
  id: 'socketConnection',
  context: ({ input }) => ({ token: input.token, attempt: 0, lastError: null }),
  initial: 'disconnected',
  on: {
    TOKEN: { actions: 'assignToken' },
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
