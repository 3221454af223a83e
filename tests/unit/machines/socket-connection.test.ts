// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type AnyEventObject } from 'xstate'
import { BACKOFF_CAP_MS, backoffDelay, socketConnectionMachine, connect, type SocketCommand } from '../../../src/machines/socket-connection'
import { browserOnline } from '../../../src/services/socket'

/** A fake socket.io connection: records opens, closes and commands; the test drives its events. */
function fakeConnections() {
  const opened: { token: string; sendBack: (e: AnyEventObject) => void; commands: string[]; closed: boolean }[] = []
  const connection = fromCallback<SocketCommand, { token: string }>(({ input, sendBack, receive }) => {
    const entry = { token: input.token, sendBack, commands: [] as string[], closed: false }
    opened.push(entry)
    receive((command) => entry.commands.push(command.type))
    return () => {
      entry.closed = true
    }
  })
  return { opened, connection, last: () => opened[opened.length - 1] }
}

function start(token: string | null = 'access-1') {
  const fake = fakeConnections()
  const actor = createActor(socketConnectionMachine.provide({ actors: { connection: fake.connection, browserOnline } }), {
    input: { token },
  }).start()
  return { actor, ...fake }
}

describe('socketConnection machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('starts disconnected and connects once on CONNECT, with the token', () => {
    const { actor, opened } = start()
    expect(actor.getSnapshot().value).toBe('disconnected')
    actor.send({ type: 'CONNECT' })
    expect(opened).toHaveLength(1)
    expect(opened[0].token).toBe('access-1')
    expect(connect(actor.getSnapshot()).status).toBe('connecting')
  })

  it('does not connect a second time while connecting or connected', () => {
    const { actor, opened, last } = start()
    actor.send({ type: 'CONNECT' })
    actor.send({ type: 'CONNECT' })
    expect(opened).toHaveLength(1)
    last().sendBack({ type: 'SOCKET_CONNECTED' })
    expect(connect(actor.getSnapshot())).toMatchObject({ status: 'connected', connected: true })
    actor.send({ type: 'CONNECT' })
    expect(opened).toHaveLength(1)
  })

  it('does not connect without a token', () => {
    const { actor, opened } = start(null)
    actor.send({ type: 'CONNECT' })
    expect(opened).toHaveLength(0)
    expect(actor.getSnapshot().value).toBe('disconnected')
  })

  it('reconnects with capped exponential backoff: 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s', () => {
    const { actor, opened, last } = start()
    actor.send({ type: 'CONNECT' })
    const expected = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]
    for (const [i, delay] of expected.entries()) {
      last().sendBack({ type: 'SOCKET_ERROR', message: 'xhr poll error' })
      expect(last().closed).toBe(true)
      expect(connect(actor.getSnapshot())).toMatchObject({ status: 'waiting', retryInMs: delay, attempt: i + 1 })
      vi.advanceTimersByTime(delay - 1)
      expect(opened).toHaveLength(i + 1)
      vi.advanceTimersByTime(1)
      expect(opened).toHaveLength(i + 2)
    }
    expect(backoffDelay(50)).toBe(BACKOFF_CAP_MS)
  })

  it('resets the backoff after a successful connection and reconnects after a drop', () => {
    const { actor, opened, last } = start()
    actor.send({ type: 'CONNECT' })
    last().sendBack({ type: 'SOCKET_ERROR', message: 'refused' })
    vi.advanceTimersByTime(1000)
    last().sendBack({ type: 'SOCKET_ERROR', message: 'refused' })
    vi.advanceTimersByTime(2000)
    last().sendBack({ type: 'SOCKET_CONNECTED' })
    expect(actor.getSnapshot().context.attempt).toBe(0)
    last().sendBack({ type: 'SOCKET_DISCONNECTED', reason: 'transport close' })
    expect(actor.getSnapshot().context.lastError).toBe('transport close')
    vi.advanceTimersByTime(999)
    expect(opened).toHaveLength(3)
    vi.advanceTimersByTime(1)
    expect(opened).toHaveLength(4)
  })

  it("reconnects as soon as the browser is back online, without waiting out the backoff (the app's one catch-up then comes at once)", () => {
    const { actor, opened, last } = start()
    actor.send({ type: 'CONNECT' })
    for (let i = 0; i < 6; i++) {
      last().sendBack({ type: 'SOCKET_ERROR', message: 'offline' })
      vi.advanceTimersByTime(backoffDelay(i + 1))
    }
    last().sendBack({ type: 'SOCKET_ERROR', message: 'offline' })
    expect(connect(actor.getSnapshot())).toMatchObject({ status: 'waiting', retryInMs: BACKOFF_CAP_MS })
    expect(opened).toHaveLength(7)

    window.dispatchEvent(new Event('online'))
    expect(opened).toHaveLength(8)
    expect(connect(actor.getSnapshot()).status).toBe('connecting')
    // Only while waiting: an `online` during an attempt or a connection opens nothing more.
    window.dispatchEvent(new Event('online'))
    last().sendBack({ type: 'SOCKET_CONNECTED' })
    window.dispatchEvent(new Event('online'))
    expect(opened).toHaveLength(8)
    vi.advanceTimersByTime(BACKOFF_CAP_MS)
    expect(opened).toHaveLength(8)
  })

  it('uses the newest token for the next attempt', () => {
    const { actor, last } = start('old')
    actor.send({ type: 'CONNECT' })
    actor.send({ type: 'TOKEN', token: 'new' })
    last().sendBack({ type: 'SOCKET_ERROR', message: 'jwt expired' })
    vi.advanceTimersByTime(1000)
    expect(last().token).toBe('new')
  })

  it('emits LOGOUT through the connection only while connected', () => {
    const { actor, last } = start()
    actor.send({ type: 'CONNECT' })
    actor.send({ type: 'EMIT_LOGOUT' })
    expect(last().commands).toEqual([])
    last().sendBack({ type: 'SOCKET_CONNECTED' })
    actor.send({ type: 'EMIT_LOGOUT' })
    expect(last().commands).toEqual(['EMIT_LOGOUT'])
  })

  it('disconnects on logout (DISCONNECT) and stops reconnecting', () => {
    const { actor, opened, last } = start()
    actor.send({ type: 'CONNECT' })
    last().sendBack({ type: 'SOCKET_CONNECTED' })
    actor.send({ type: 'DISCONNECT' })
    expect(last().closed).toBe(true)
    expect(actor.getSnapshot().value).toBe('disconnected')

    // While waiting to retry, DISCONNECT cancels the retry.
    actor.send({ type: 'CONNECT' })
    last().sendBack({ type: 'SOCKET_ERROR', message: 'down' })
    actor.send({ type: 'DISCONNECT' })
    vi.advanceTimersByTime(60_000)
    expect(opened).toHaveLength(2)
    expect(connect(actor.getSnapshot()).status).toBe('disconnected')
  })

  it('closes the socket when the actor stops (the session leaving loggedIn)', () => {
    const { actor, last } = start()
    actor.send({ type: 'CONNECT' })
    actor.stop()
    expect(last().closed).toBe(true)
  })
})
