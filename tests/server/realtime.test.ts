import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import type { Socket } from 'socket.io-client'
import { topicRoom, userRoom } from '../../contract'
import { createRealtime } from '../../server/realtime'
import { channelWith, clientId, person, type Person } from './chat-fixtures'
import {
  call,
  connected,
  DATABASE_URL,
  lastEmail,
  nextEvent,
  REDIS_URL,
  refreshCookie,
  refreshWith,
  register,
  registerUnverified,
  silence,
  socketFor,
  startTestServer,
  type TestServer,
} from './harness'

/** The server's clock: real time moved by `offset`. */
const clock = { offset: 0, now: () => Date.now() + clock.offset }

let server: TestServer
let base: string
const sockets: Socket[] = []
const open = (b: string, opts: Parameters<typeof socketFor>[1]) => {
  const s = socketFor(b, opts)
  sockets.push(s)
  return s
}

beforeAll(async () => {
  server = await startTestServer({ now: () => clock.now() })
  base = server.url
})
afterEach(() => {
  clock.offset = 0
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

describe('revoked sessions lose their sockets', () => {
  /** A channel of two: `owner` sends, `member` listens on a socket of the session at hand. */
  let owner: Person, member: Person, topicId: string
  beforeAll(async () => {
    ;[owner, member] = await Promise.all([person(base, 'Owner'), person(base, 'Member')])
    ;({ generalId: topicId } = await channelWith(owner, [member]))
  })
  const send = (text: string) => owner.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: text })
  const loginOf = async (who: Person) => {
    const res = await call(base, 'POST', '/api/auth/login', { body: { email: who.email, password: who.password } })
    return { access_token: res.body.result.access_token as string, refresh_token: refreshCookie(res.headers)! }
  }

  it('after logout the socket is disconnected and gets no new message; the other session keeps its socket', async () => {
    const laptop = await loginOf(member)
    const phone = await loginOf(member)
    const onLaptop = open(base, { token: laptop.access_token })
    const onPhone = open(base, { token: phone.access_token })
    await Promise.all([connected(onLaptop), connected(onPhone)])
    const dropped = nextEvent(onLaptop, 'disconnect')
    expect((await call(base, 'POST', '/api/auth/logout', { token: laptop.access_token, body: {} })).status).toBe(200)
    expect(await dropped).toBe('io server disconnect')
    const quiet = silence(onLaptop, 'NEW_MESSAGE')
    const onPhoneGot = nextEvent<{ message: { message: string } }>(onPhone, 'NEW_MESSAGE')
    expect((await send('after logout')).status).toBe(200)
    expect((await onPhoneGot).message.message).toBe('after logout')
    expect(await quiet).toBe(true)
    // It cannot come back with the revoked session's token.
    await expect(connected(open(base, { token: laptop.access_token }))).rejects.toThrow('unauthorized')
  })

  it('a password reset disconnects every socket of the user', async () => {
    const victim = await person(base, 'Victim')
    const other = await loginOf(victim)
    const sockets = [open(base, { token: victim.access_token }), open(base, { token: other.access_token })]
    await Promise.all(sockets.map(connected))
    const dropped = sockets.map((s) => nextEvent(s, 'disconnect'))
    await call(base, 'POST', '/api/auth/forgot-password', { body: { email: victim.email } })
    const { code } = await lastEmail(server, victim.email)
    expect(
      (await call(base, 'POST', '/api/auth/reset-password', { body: { email: victim.email, code, password: 'a-new-password-1' } })).status,
    ).toBe(200)
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect'])
  })

  it("refresh-token reuse revokes the family and disconnects that session's sockets, not the user's others", async () => {
    const stolen = await loginOf(member)
    const spared = await loginOf(member)
    const onStolen = open(base, { token: stolen.access_token })
    const onSpared = open(base, { token: spared.access_token })
    await Promise.all([connected(onStolen), connected(onSpared)])
    expect((await refreshWith(base, stolen.refresh_token)).status).toBe(200)
    clock.offset = 60_000 // past the grace window
    const dropped = nextEvent(onStolen, 'disconnect')
    const quiet = silence(onSpared, 'disconnect', 600)
    expect((await refreshWith(base, stolen.refresh_token)).status).toBe(401)
    expect(await dropped).toBe('io server disconnect')
    expect(await quiet).toBe(true)
  })

  it('a socket is dropped when its access token expires, and comes back with a fresh one', async () => {
    const short = await startTestServer({ sessions: { accessTokenTtlSeconds: 3 } })
    try {
      const acc = await register(short.url)
      // A token just issued: it has 2 to 3 seconds left.
      const login = await call(short.url, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })
      const s = open(short.url, { token: login.body.result.access_token })
      await connected(s)
      expect(await nextEvent(s, 'disconnect', 5_000)).toBe('io server disconnect')
      const fresh = await refreshWith(short.url, refreshCookie(login.headers)!)
      await connected(open(short.url, { token: fresh.body.result.access_token }))
    } finally {
      await short.stop()
    }
  })

  it('an account whose email is not verified gets no socket', async () => {
    const acc = await registerUnverified(base)
    await expect(connected(open(base, { token: acc.access_token }))).rejects.toThrow('email not verified')
  })
})

describe('TYPING', () => {
  it('is relayed at most once a second per socket', async () => {
    const [typist, reader] = await Promise.all([person(base, 'Typist'), person(base, 'Reader')])
    const { generalId } = await channelWith(typist, [reader])
    const from = open(base, { token: typist.access_token })
    const to = open(base, { token: reader.access_token })
    await Promise.all([connected(from), connected(to)])
    const got: string[] = []
    to.on('TYPING', (p: { topic_id: string }) => got.push(p.topic_id))
    const first = nextEvent(to, 'TYPING')
    for (let i = 0; i < 6; i++) from.emit('TYPING', { topic_id: generalId })
    await first
    expect(await silence(to, 'TYPING', 500)).toBe(true)
    expect(got).toEqual([generalId])
  })
})

describe('joining rooms while membership changes', () => {
  /** A realtime server on its own HTTP server, with the membership lookups in the test's hands. */
  async function standalone(topicsOf: (userId: string) => Promise<string[]>) {
    const http = createServer()
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const realtime = await createRealtime(http, {
      authenticate: async () => ({ userId: 'u1', sessionId: 's1', emailVerified: true, expiresAt: Date.now() + 60_000 }),
      topicsOf,
      writerName: async () => 'U',
      now: Date.now,
      connectLimit: { max: 10_000, windowMs: 60_000 },
      log: Fastify().log,
    })
    return {
      realtime,
      url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
      members: (topicId: string) => realtime.io.sockets.adapter.rooms.get(topicRoom(topicId))?.size ?? 0,
      async stop() {
        await realtime.close()
        await new Promise((resolve) => http.close(resolve))
      },
    }
  }

  it('a socket that connects while its user is removed from a topic does not keep that room', async () => {
    let lookups = 0
    let release!: () => void
    const removalDone = new Promise<void>((resolve) => (release = resolve))
    // The handshake reads the memberships before the removal commits, and answers after it.
    const rt = await standalone(async () => (++lookups === 1 ? (await removalDone, ['gone']) : []))
    try {
      const s = open(rt.url, { token: 'any' })
      await expect.poll(() => lookups).toBe(1)
      rt.realtime.leaveTopic(['u1'], 'gone') // the removal's leave finds no socket in the room yet
      release()
      await connected(s)
      await expect.poll(() => rt.members('gone')).toBe(0)
      const quiet = silence(s, 'TYPING')
      rt.realtime.toTopic('gone', 'TYPING', { topic_id: 'gone', user: { _id: 'x', name: 'X' } })
      expect(await quiet).toBe(true)
    } finally {
      await rt.stop()
    }
  })

  it('a socket that connects while its user is added to a topic joins that room', async () => {
    let lookups = 0
    const rt = await standalone(async () => (++lookups === 1 ? [] : ['new']))
    try {
      const s = open(rt.url, { token: 'any' })
      await connected(s)
      await expect.poll(() => rt.members('new')).toBe(1)
      const got = nextEvent(s, 'TYPING')
      rt.realtime.toTopic('new', 'TYPING', { topic_id: 'new', user: { _id: 'x', name: 'X' } })
      expect(await got).toEqual({ topic_id: 'new', user: { _id: 'x', name: 'X' } })
    } finally {
      await rt.stop()
    }
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

  it("logging out on node A disconnects the session's socket on node B", async () => {
    const acc = await register(base)
    const onB = open(nodeB.url, { token: acc.access_token })
    await connected(onB)
    const dropped = nextEvent(onB, 'disconnect')
    expect((await call(base, 'POST', '/api/auth/logout', { token: acc.access_token, body: {} })).status).toBe(200)
    expect(await dropped).toBe('io server disconnect')
  })

  it('rate limits are shared by the nodes', async () => {
    const a = await startTestServer({ rateLimits: { login: { max: 2 }, namespace: 'shared-' + crypto.randomUUID() } })
    const b = await startTestServer({ rateLimits: { login: { max: 2 }, namespace: a.ctx.config.rateLimitNamespace } })
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
