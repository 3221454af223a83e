import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import { topicRoom, userRoom } from '../../contract'
import { call, connected, DATABASE_URL, nextEvent, REDIS_URL, register, silence, socketFor, startTestServer, type TestServer } from './harness'

let server: TestServer
let base: string
const sockets: Socket[] = []
const open = (b: string, opts: Parameters<typeof socketFor>[1]) => {
  const s = socketFor(b, opts)
  sockets.push(s)
  return s
}

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(async () => {
  await server?.stop()
})

describe('socket authentication', () => {
  it('accepts auth: {token}', async () => {
    const acc = await register(base)
    const s = open(base, { token: acc.access_token })
    await connected(s)
    expect(s.connected).toBe(true)
  })

  it('accepts an Authorization: Bearer header', async () => {
    const acc = await register(base)
    const s = open(base, { header: `Bearer ${acc.access_token}` })
    await connected(s)
    expect(s.connected).toBe(true)
  })

  it("refuses a missing, forged or revoked token with connect_error 'unauthorized'", async () => {
    await expect(connected(open(base, {}))).rejects.toThrow('unauthorized')
    await expect(connected(open(base, { token: 'garbage' }))).rejects.toThrow('unauthorized')
    const acc = await register(base)
    await call(base, 'POST', '/api/auth/logout', { token: acc.access_token, body: {} })
    await expect(connected(open(base, { token: acc.access_token }))).rejects.toThrow('unauthorized')
  })
})

describe('LOGOUT', () => {
  it("a client's LOGOUT reaches the user's other sockets, not the sender or other users", async () => {
    const acc = await register(base)
    const other = await register(base)
    const a = open(base, { token: acc.access_token })
    const b = open(base, { token: acc.access_token })
    const stranger = open(base, { token: other.access_token })
    await Promise.all([connected(a), connected(b), connected(stranger)])
    const onB = nextEvent<{ user_id: string }>(b, 'LOGOUT')
    const quietA = silence(a, 'LOGOUT')
    const quietStranger = silence(stranger, 'LOGOUT')
    a.emit('LOGOUT')
    expect(await onB).toEqual({ user_id: acc.user._id })
    expect(await quietA).toBe(true)
    expect(await quietStranger).toBe(true)
  })

  it("HTTP logout emits LOGOUT to the user's sockets", async () => {
    const acc = await register(base)
    const phone = (await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })).body.result
    const s = open(base, { token: phone.access_token })
    await connected(s)
    const got = nextEvent<{ user_id: string }>(s, 'LOGOUT')
    expect((await call(base, 'POST', '/api/auth/logout', { token: acc.access_token, body: {} })).status).toBe(200)
    expect(await got).toEqual({ user_id: acc.user._id })
  })

  it('services publish through realtime.toUser', async () => {
    const acc = await register(base)
    const s = open(base, { token: acc.access_token })
    await connected(s)
    const got = nextEvent(s, 'LOGOUT')
    server.ctx.realtime.toUser(acc.user._id, 'LOGOUT', { user_id: acc.user._id })
    expect(await got).toEqual({ user_id: acc.user._id })
  })

  it('close() ends open sockets', async () => {
    const extra = await startTestServer()
    const acc = await register(extra.url)
    const s = open(extra.url, { token: acc.access_token })
    await connected(s)
    const gone = nextEvent(s, 'disconnect')
    await extra.stop()
    expect(await gone).toBeTruthy()
  })
})

describe.runIf(DATABASE_URL && REDIS_URL)('two nodes sharing PostgreSQL and Redis', () => {
  let nodeB: TestServer
  beforeAll(async () => {
    nodeB = await startTestServer()
  })
  afterAll(async () => {
    await nodeB?.stop()
  })

  it('both report postgres + redis', async () => {
    for (const b of [base, nodeB.url]) {
      expect((await call(b, 'GET', '/api/health')).body.result).toEqual({ status: 'ok', db: 'postgres', realtime: 'redis' })
    }
  })

  it('a socket on node B receives LOGOUT emitted from node A', async () => {
    const acc = await register(base)
    const onA = open(base, { token: acc.access_token })
    // A token issued by node A is valid on node B.
    const onB = open(nodeB.url, { token: acc.access_token })
    await Promise.all([connected(onA), connected(onB)])
    await new Promise((r) => setTimeout(r, 100)) // let the room join propagate
    const viaSocket = nextEvent(onB, 'LOGOUT')
    onA.emit('LOGOUT')
    expect(await viaSocket).toEqual({ user_id: acc.user._id })

    const second = (await call(nodeB.url, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })).body.result
    const viaHttp = nextEvent(onB, 'LOGOUT')
    expect((await call(base, 'POST', '/api/auth/logout', { token: second.access_token, body: {} })).status).toBe(200)
    expect(await viaHttp).toEqual({ user_id: acc.user._id })
  })

  it('rate limits are shared by the nodes', async () => {
    const a = await startTestServer({ rateLimits: { login: { max: 2 }, namespace: 'shared-' + crypto.randomUUID() } })
    const b = await startTestServer({ rateLimits: { login: { max: 2 }, namespace: (a.ctx.config.rateLimitNamespace) } })
    try {
      const body = { email: 'shared-limit@example.test', password: 'whatever-1' }
      expect((await call(a.url, 'POST', '/api/auth/login', { body })).status).toBe(400)
      expect((await call(b.url, 'POST', '/api/auth/login', { body })).status).toBe(400)
      expect((await call(a.url, 'POST', '/api/auth/login', { body })).status).toBe(429)
      expect((await call(b.url, 'POST', '/api/auth/login', { body })).status).toBe(429)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })
})

describe('fan-out under load', () => {
  it('events sent to a room in one burst all arrive at every member, once each and in order', async () => {
    const accounts = await Promise.all([register(base), register(base), register(base)])
    const receivers = accounts.map((acc) => open(base, { token: acc.access_token }))
    await Promise.all(receivers.map(connected))
    server.io.in(accounts.map((acc) => userRoom(acc.user._id))).socketsJoin(topicRoom('burst'))
    await new Promise((r) => setTimeout(r, 100))
    const got = receivers.map(() => [] as string[])
    receivers.forEach((socket, i) => socket.on('TYPING', (payload: { topic_id: string }) => got[i]!.push(payload.topic_id)))
    const sent = Array.from({ length: 300 }, (_, i) => `burst-${i}`)
    // One synchronous burst, then another in the next turn (corked or not, as the loop's load decides).
    for (const id of sent.slice(0, 200)) server.ctx.realtime.toTopic('burst', 'TYPING', { topic_id: id, user: { _id: 'u', name: 'U' } })
    setImmediate(() => {
      for (const id of sent.slice(200)) server.ctx.realtime.toTopic('burst', 'TYPING', { topic_id: id, user: { _id: 'u', name: 'U' } })
    })
    await expect.poll(() => got.map((list) => list.length), { timeout: 10_000 }).toEqual([300, 300, 300])
    for (const list of got) expect(list).toEqual(sent)
  })
})
