import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import type { Socket } from 'socket.io-client'
import { createRealtime, type Realtime } from '../../server/realtime'
import { channelWith, clientId, person, type Person } from './chat-fixtures'
import { call, connected, nextEvent, socketFor, startTestServer, TEST_REDIS_CHANNEL, type TestServer } from './harness'

/**
 * A Redis of the test's own on a free port, stopped (killed) and started again on the same port
 * while a node uses it: the node keeps answering, and once Redis is back its events reach another
 * node again. The other node is a bare realtime server on the same Redis whose one socket belongs
 * to the listening member (a second full node would need a shared PostgreSQL).
 */

const REDIS_SERVER = '/usr/bin/redis-server'

async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Starts redis-server on the port; resolves once it accepts connections. */
function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Ready to accept connections')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)))
  })
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

describe('a Redis outage', () => {
  let redisPort: number
  let redis: ChildProcess
  let node: TestServer
  let other: { realtime: Realtime; url: string; stop(): Promise<void> }
  let owner: Person, member: Person, channelId: string, topicId: string
  const sockets: Socket[] = []

  beforeAll(async () => {
    redisPort = await freePort()
    redis = await startRedis(redisPort)
    const redisUrl = `redis://127.0.0.1:${redisPort}`
    // PGlite: the node's own database; Redis: the test's.
    node = await startTestServer({ redisUrl, databaseUrl: undefined })
    ;[owner, member] = await Promise.all([person(node.url, 'Owner'), person(node.url, 'Member')])
    ;({ channelId, generalId: topicId } = await channelWith(owner, [member]))

    const http = createServer()
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const realtime = await createRealtime(http, {
      redisUrl,
      redisChannel: TEST_REDIS_CHANNEL,
      authenticate: async () => ({
        userId: member.user._id,
        sessionId: 'other-node',
        emailVerified: true,
        expiresAt: Date.now() + 10 * 60_000,
      }),
      topicsOf: async () => [topicId],
      connectLimit: { max: 10_000, windowMs: 60_000 },
      writerName: async () => member.name,
      now: Date.now,
      log: Fastify({ logger: false }).log,
    })
    other = {
      realtime,
      url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
      async stop() {
        await realtime.close()
        await new Promise((resolve) => http.close(resolve))
      },
    }
  })
  afterAll(async () => {
    for (const s of sockets) s.disconnect()
    await other?.stop()
    await node?.stop()
    if (redis) await kill(redis)
  })

  const send = (text: string) => owner.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: text })

  it('does not end the node, and cross-node delivery comes back with Redis', async () => {
    const local = socketFor(node.url, { token: member.access_token })
    const remote = socketFor(other.url, { token: 'any' })
    sockets.push(local, remote)
    await Promise.all([connected(local), connected(remote)])
    const before = nextEvent<{ message: { message: string } }>(remote, 'NEW_MESSAGE')
    expect((await send('before the outage')).status).toBe(200)
    expect((await before).message.message).toBe('before the outage')

    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await kill(redis)
      // Every broadcast now fails to publish; the node keeps answering and serves its own sockets.
      for (let i = 0; i < 5; i++) {
        const mine = nextEvent<{ message: { message: string } }>(local, 'NEW_MESSAGE')
        expect((await send(`during the outage ${i}`)).status).toBe(200)
        expect((await mine).message.message).toBe(`during the outage ${i}`)
      }
      // Joining rooms (a new group) publishes too.
      const group = await owner.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Outage', customer_ids: [member.user._id] })
      expect(group.status).toBe(200)
      // A command sent now fails once the client gives up on it, after everything queued before it.
      await expect(node.ctx.realtime.redis!.publish('probe', 'x')).rejects.toThrow()
      // The push decision asks every node whether a window has the focus; with Redis gone this node's windows decide.
      local.emit('FOCUS', { focused: true })
      await expect.poll(() => node.ctx.realtime.hasFocusedWindow(member.user._id)).toBe(true)
      expect(await node.ctx.realtime.hasFocusedWindow(owner.user._id)).toBe(false)
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).toEqual([])
      expect((await call(node.url, 'GET', '/api/health')).status).toBe(200)
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }

    redis = await startRedis(redisPort)
    // Once both nodes have reconnected, a message reaches the other node's socket again.
    let delivered = false
    for (let attempt = 0; attempt < 40 && !delivered; attempt++) {
      const text = `after the outage ${attempt}`
      const got = nextEvent<{ message: { message: string } }>(remote, 'NEW_MESSAGE', 500).then(
        (payload) => payload.message.message === text,
        () => false,
      )
      expect((await send(text)).status).toBe(200)
      delivered = await got
    }
    expect(delivered).toBe(true)
    expect(local.connected).toBe(true)
  })
})
