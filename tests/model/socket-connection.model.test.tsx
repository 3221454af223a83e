import { expect } from 'vitest'
import {
  connect,
  socketConnectionMachine,
  type SocketConnectionProps,
  type SocketConnectionSnapshot,
} from '../../src/machines/socket-connection'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The socket connection has no component in the app (it shows nothing for it): the test renders
 * connect's props in a plain status line, and each state asserts it and the socket itself, the injected
 * `connection` callback actor: running or not, with which token, what it was told; and the injected
 * `browserOnline` actor, listening only while waiting to reconnect.
 */
type Kit = ModelKit<typeof socketConnectionMachine>

/** The rule: reconnect after 1 s, 2 s, 4 s, ... capped at 30 s. */
const backoff = (attempt: number) => Math.min(1000 * 2 ** Math.max(0, attempt - 1), 30_000)
const running = (kit: Kit) => kit.callbacks.filter((c) => c.src === 'connection' && !c.stopped)
const listening = (kit: Kit) => kit.callbacks.filter((c) => c.src === 'browserOnline' && !c.stopped)
const failuresLeft = (s: SocketConnectionSnapshot) => s.context.attempt < 7

/** A status line for connect's props (the app has none: the socket is invisible there). */
function SocketStatus({ status, retryInMs }: SocketConnectionProps) {
  return (
    <p role="status">
      {status}
      {retryInMs === null ? '' : ` (retry in ${retryInMs} ms)`}
    </p>
  )
}
const shown = (kit: Kit) => kit.screen.getByRole('status').textContent

describeModel({
  machine: socketConnectionMachine,
  inputs: { 'logged in': { token: 'tok-1' }, 'no token yet': { token: null } },
  serializeState: (s) => JSON.stringify({ value: s.value, attempt: s.context.attempt, token: s.context.token }),
  select: 'transitions',
  events: {
    TOKEN: (s) => [{ type: 'TOKEN', token: s.context.token === 'tok-2' ? 'tok-3' : 'tok-2' }].filter(() => s.context.token !== 'tok-3'),
    SOCKET_DISCONNECTED: (s) => (failuresLeft(s) ? [{ type: 'SOCKET_DISCONNECTED', reason: 'transport close' }] : []),
    SOCKET_ERROR: (s) => (failuresLeft(s) ? [{ type: 'SOCKET_ERROR', message: 'xhr poll error' }] : []),
  },
  callbackActors: ['connection', 'browserOnline'],
  render: (snapshot) => <SocketStatus {...connect(snapshot)} />,
  perform: {
    SOCKET_CONNECTED: async (event, kit) => kit.sendBack('connection', event),
    SOCKET_DISCONNECTED: async (event, kit) => kit.sendBack('connection', event),
    SOCKET_ERROR: async (event, kit) => kit.sendBack('connection', event),
    BROWSER_ONLINE: async (event, kit) => {
      await kit.sendBack('browserOnline', event)
      // Back online: a new socket at once, not at the end of the backoff.
      expect(running(kit)).toHaveLength(1)
    },
    EMIT_LOGOUT: async (_, kit) => {
      const socket = running(kit).at(-1)
      await kit.send({ type: 'EMIT_LOGOUT' })
      // Connected: the socket tells the server this login ends.
      if (kit.previous.matches({ online: 'connected' })) expect(socket?.received.at(-1)).toEqual({ type: 'EMIT_LOGOUT' })
    },
    'xstate.after.backoff.socketConnection.waiting': async (_, kit) => {
      const wait = backoff(kit.previous.context.attempt)
      await kit.advance(wait - 1)
      expect(kit.actor.getSnapshot().value).toBe('waiting')
      await kit.advance(1)
    },
  },
  states: {
    disconnected: (expected, kit) => {
      expect(connect(expected)).toMatchObject({ status: 'disconnected', connected: false, retryInMs: null })
      expect(running(kit)).toEqual([])
      expect(listening(kit)).toEqual([])
      expect(shown(kit)).toBe('disconnected')
    },
    online: (expected, kit) => {
      // One socket, opened with the latest token it had when (re)connecting.
      expect(running(kit)).toHaveLength(1)
      expect(listening(kit)).toEqual([])
      expect(running(kit)[0].input).toEqual({ token: expect.any(String) })
      expect(expected.context.token).toBeTruthy()
    },
    'online.connecting': (expected, kit) => {
      expect(connect(expected)).toMatchObject({ status: 'connecting', connected: false, retryInMs: null })
      expect(shown(kit)).toBe('connecting')
    },
    'online.connected': (expected, kit) => {
      expect(connect(expected)).toMatchObject({ status: 'connected', connected: true, attempt: 0 })
      expect(expected.context.lastError).toBeNull()
      expect(shown(kit)).toBe('connected')
    },
    waiting: (expected, kit) => {
      expect(connect(expected)).toMatchObject({ status: 'waiting', connected: false, retryInMs: backoff(expected.context.attempt) })
      expect(running(kit)).toEqual([])
      expect(listening(kit)).toHaveLength(1)
      expect(expected.context.lastError).toMatch(/transport close|xhr poll error/)
      // The wait doubles per failure since the last connection, capped at 30 s.
      expect(shown(kit)).toBe(`waiting (retry in ${backoff(expected.context.attempt)} ms)`)
    },
  },
})
