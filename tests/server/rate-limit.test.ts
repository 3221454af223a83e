import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SERVER_MESSAGES } from '../../contract'
import { DEFAULT_RATE_LIMITS, resolveConfig } from '../../server/config'
import { channelWith, clientId, type Person, person } from './chat-fixtures'
import {
  call,
  connected,
  REDIS_URL,
  refreshWith,
  register,
  signUp,
  socketFor,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './harness'

let server: TestServer
let base: string
let account: Awaited<ReturnType<typeof register>>

beforeAll(async () => {
  server = await startTestServer({
    rateLimits: { login: { max: 3 }, register: { max: 4 }, otp: { max: 3 } },
  })
  base = server.url
  account = await signUp(base) // spends 1 of the 4 registrations
})
afterAll(async () => {
  await server?.stop()
})

describe('rate limits (small overrides)', () => {
  it('login: per ip + email, then 429 with the localized message', async () => {
    const email = uniqueEmail('rl-login')
    for (let i = 0; i < 3; i++) {
      expect((await call(base, 'POST', '/api/auth/login', { body: { email, password: 'wrong-pass' } })).status).toBe(400)
    }
    const blocked = await call(base, 'POST', '/api/auth/login', { body: { email, password: 'wrong-pass' } })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ message: SERVER_MESSAGES.tooManyRequests.en })
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    const vi = await call(base, 'POST', '/api/auth/login', {
      body: { email, password: 'wrong-pass' },
      headers: { 'accept-language': 'vi' },
    })
    expect(vi.body.message).toBe(SERVER_MESSAGES.tooManyRequests.vi)
    // Another email from the same address still gets through.
    expect((await call(base, 'POST', '/api/auth/login', { body: { email: uniqueEmail('rl-other'), password: 'wrong-pass' } })).status).toBe(
      400,
    )
  })

  it('register: per ip', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(base, 'POST', '/api/auth/register', { body: { name: 'Rate', email: uniqueEmail('rl-reg'), password: 'secret-123' } }))
          .status,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
  })

  it('verify-email, resend-code, forgot and reset share one budget per email', async () => {
    const email = uniqueEmail('rl-otp')
    expect((await call(base, 'POST', '/api/auth/verify-email', { body: { email, code: '123456' } })).status).toBe(400)
    expect((await call(base, 'POST', '/api/auth/resend-code', { body: { email } })).status).toBe(200)
    expect((await call(base, 'POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200)
    const blocked = await call(base, 'POST', '/api/auth/reset-password', { body: { email, code: '123456', password: 'new-secret-1' } })
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toBe(SERVER_MESSAGES.tooManyRequests.en)
    expect((await call(base, 'POST', '/api/auth/verify-email', { body: { email: uniqueEmail('rl-otp2'), code: '123456' } })).status).toBe(
      400,
    )
  })

  it('refresh-token and authenticated calls are not limited by these rules', async () => {
    let refresh_token = account.refresh_token
    for (let i = 0; i < 8; i++) {
      const res = await refreshWith(base, refresh_token)
      expect(res.status).toBe(200)
      refresh_token = res.refresh_token!
      expect((await call(base, 'GET', '/api/customer/user-info', { token: res.body.result.access_token })).status).toBe(200)
    }
  })
})

describe('rate-limit configuration', () => {
  it('defaults: login 10/min, login per address 30/10 min, register 20/10 min, otp 10/10 min (the auth rules failing closed), and per-user budgets; overrides merge per rule', async () => {
    const minute = 60_000
    expect(DEFAULT_RATE_LIMITS).toEqual({
      login: { max: 10, windowMs: minute, failClosed: true },
      loginIp: { max: 30, windowMs: 10 * minute, failClosed: true },
      register: { max: 20, windowMs: 10 * minute, failClosed: true },
      otp: { max: 10, windowMs: 10 * minute, failClosed: true },
      user: { max: 600, windowMs: minute },
      send: { max: 120, windowMs: minute },
      newChat: { max: 30, windowMs: minute },
      channelCreate: { max: 10, windowMs: 10 * minute },
      channelJoin: { max: 5, windowMs: 10 * minute, backoff: true },
      channelJoinIp: { max: 60, windowMs: 10 * minute },
      channelMembers: { max: 120, windowMs: 10 * minute },
      suggest: { max: 10, windowMs: minute },
      socketConnect: { max: 60, windowMs: minute },
      relate: { max: 60, windowMs: 10 * minute },
      unsubscribe: { max: 30, windowMs: 10 * minute },
      pushSubscription: { max: 10, windowMs: 60 * minute },
      callStart: { max: 30, windowMs: 10 * minute },
      meetingCreate: { max: 20, windowMs: 10 * minute },
      meetingJoin: { max: 30, windowMs: 10 * minute, backoff: true },
      feed: { max: 60, windowMs: 10 * minute },
      bookingIp: { max: 300, windowMs: 10 * minute },
      bookingRequest: { max: 10, windowMs: 10 * minute },
    })
    const config = await resolveConfig({
      jwtSecret: 'x'.repeat(40),
      rateLimits: { login: { max: 2 }, otp: { windowMs: 1000 }, channelJoin: { max: 3 } },
    })
    expect(config.rateLimits.login).toEqual({ max: 2, windowMs: 60_000, failClosed: true })
    expect(config.rateLimits.otp).toEqual({ max: 10, windowMs: 1000, failClosed: true })
    expect(config.rateLimits.channelJoin).toEqual({ max: 3, windowMs: 600_000, backoff: true })
    expect(config.rateLimits.register).toEqual(DEFAULT_RATE_LIMITS.register)
    expect(config.rateLimits.user).toEqual(DEFAULT_RATE_LIMITS.user)
  })

  it('the window ends', async () => {
    const quick = await startTestServer({ rateLimits: { login: { max: 1, windowMs: 500 } } })
    try {
      const acc = await register(quick.url)
      const body = { email: acc.email, password: acc.password }
      expect((await call(quick.url, 'POST', '/api/auth/login', { body })).status).toBe(200)
      expect((await call(quick.url, 'POST', '/api/auth/login', { body })).status).toBe(429)
      await new Promise((r) => setTimeout(r, 700))
      expect((await call(quick.url, 'POST', '/api/auth/login', { body })).status).toBe(200)
    } finally {
      await quick.stop()
    }
  })
})

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status)
const tooMany = (answer: { status: number; body: { message?: string }; headers: Headers }) => {
  expect(answer.status).toBe(429)
  expect(answer.body.message).toBe(SERVER_MESSAGES.tooManyRequests.en)
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
}

describe('one budget per signed-in user for every call', () => {
  let quick: TestServer
  beforeAll(async () => {
    quick = await startTestServer({ rateLimits: { user: { max: 12 } } })
  })
  afterAll(() => quick?.stop())

  it('the 13th call of a user within the window gets 429, whatever the endpoint; other users and public calls do not', async () => {
    const [a, b] = await Promise.all([person(quick.url), person(quick.url)])
    const answers = []
    for (let i = 0; i < 12; i++) answers.push(await a.api('GET', i % 2 ? 'customer/user-info' : 'channel/my-channel'))
    expect(statuses(answers)).toEqual(Array(12).fill(200))
    tooMany(await a.api('GET', 'customer/user-info'))
    tooMany(await a.api('POST', 'channel/create', { name: 'Blocked', is_public: true }))
    expect((await a.api('GET', 'channel/my-channel')).status).toBe(429)
    expect((await b.api('GET', 'customer/user-info')).status).toBe(200)
    expect((await call(quick.url, 'GET', '/api/health')).status).toBe(200)
  })
})

describe('socket connects are limited per user', () => {
  let quick: TestServer
  beforeAll(async () => {
    quick = await startTestServer({ rateLimits: { socketConnect: { max: 3 } } })
  })
  afterAll(() => quick?.stop())

  it("a user's 4th connect within the window is refused; another user still connects", async () => {
    const [a, b] = await Promise.all([person(quick.url), person(quick.url)])
    const sockets: Socket[] = []
    const open = (token: string) => {
      const socket = socketFor(quick.url, { token })
      sockets.push(socket)
      return connected(socket).then(
        () => 'connected',
        (err: Error) => err.message,
      )
    }
    try {
      // One at a time, so which one is the 4th is known.
      const answers = []
      for (let i = 0; i < 4; i++) answers.push(await open(a.access_token))
      expect(answers).toEqual(['connected', 'connected', 'connected', 'too many connections'])
      expect(await open(b.access_token)).toBe('connected')
    } finally {
      for (const s of sockets) s.disconnect()
    }
  })
})

describe('tighter per-user limits on the expensive calls', () => {
  let limited: TestServer
  let base: string
  beforeAll(async () => {
    limited = await startTestServer({
      rateLimits: { send: { max: 3 }, newChat: { max: 2 }, channelCreate: { max: 2 }, suggest: { max: 2 } },
    })
    base = limited.url
  })
  afterAll(() => limited?.stop())

  it('message/send and message/forward share one budget per user', async () => {
    const [a, b] = await Promise.all([person(base), person(base)])
    const { generalId } = await channelWith(a, [b])
    const send = (who: Person) => who.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'hi' })
    const first = await send(a)
    const forward = () => a.api('POST', 'message/forward', { message_id: first.body.result._id, topic_ids: [generalId] })
    expect(statuses([first, await send(a), await forward()])).toEqual([200, 200, 200])
    tooMany(await send(a))
    tooMany(await forward())
    expect((await send(b)).status).toBe(200)
  })

  it('topic/chat-friend and channel/add-topic share one budget per user', async () => {
    const [a, b, c] = await Promise.all([person(base), person(base), person(base)])
    const { channelId } = await channelWith(a, [b])
    expect((await a.api('GET', `topic/chat-friend?customer_id=${b.user._id}`)).status).toBe(200)
    expect((await a.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Group', customer_ids: [b.user._id] })).status).toBe(
      200,
    )
    tooMany(await a.api('GET', `topic/chat-friend?customer_id=${c.user._id}`))
    tooMany(await a.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Another' }))
    expect((await c.api('GET', `topic/chat-friend?customer_id=${a.user._id}`)).status).toBe(200)
  })

  it('channel/create: refused creates count too', async () => {
    const a = await person(base)
    const create = () => a.api('POST', 'channel/create', { name: 'Mine', is_public: true })
    expect(statuses([await create(), await create()])).toEqual([200, 400])
    tooMany(await create())
  })

  it('channel/suggest-description', async () => {
    const [a, b] = await Promise.all([person(base), person(base)])
    const suggest = (who: Person) => who.api('POST', 'channel/suggest-description', { description: 'chess club' })
    expect(statuses([await suggest(a), await suggest(a)])).toEqual([200, 200])
    tooMany(await suggest(a))
    expect((await suggest(b)).status).toBe(200)
  })
})

describe('channel/join: password guesses are limited per user and channel, and per ip', () => {
  let joins: TestServer
  beforeAll(async () => {
    joins = await startTestServer({ rateLimits: { channelJoin: { max: 3 }, channelJoinIp: { max: 8 } } })
  })
  afterAll(() => joins?.stop())

  it('after 3 wrong guesses even the right password gets 429 for that user and channel; the 9th join from one ip gets 429', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => person(joins.url)))
    const [owner, otherOwner, guesser, friend, ...others] = people as [Person, Person, Person, Person, ...Person[]]
    const x = (await owner.api('POST', 'channel/create', { name: 'X', is_public: false, password: 'sesame-123' })).body.result._id
    const y = (await otherOwner.api('POST', 'channel/create', { name: 'Y', is_public: false, password: 'sesame-456' })).body.result._id
    const join = (who: Person, channel_id: string, password: string) => who.api('POST', 'channel/join', { channel_id, password })

    const guesses = [await join(guesser, x, 'guess-1'), await join(guesser, x, 'guess-2'), await join(guesser, x, 'guess-3')]
    expect(statuses(guesses)).toEqual([400, 400, 400])
    tooMany(await join(guesser, x, 'sesame-123'))
    // Another channel, and another user of this one, have budgets of their own (joins from this ip: 6).
    expect((await join(guesser, y, 'guess-4')).status).toBe(400)
    expect((await join(friend, x, 'sesame-123')).status).toBe(200)

    // Many accounts from one ip: joins 7 and 8 pass, the 9th is refused.
    expect(statuses([await join(others[0]!, y, 'guess-5'), await join(others[1]!, y, 'guess-6')])).toEqual([400, 400])
    tooMany(await join(others[2]!, y, 'sesame-456'))
  })
})

describe.skipIf(REDIS_URL)('channel/join backoff (in-memory counters on a fake clock)', () => {
  let backoff: TestServer
  beforeAll(async () => {
    backoff = await startTestServer({ rateLimits: { channelJoin: { max: 2, windowMs: 60_000 } } })
  })
  afterAll(() => backoff?.stop())

  it('a guesser who keeps trying while blocked stays blocked: each attempt starts the minute again', async () => {
    const [owner, guesser] = await Promise.all([person(backoff.url), person(backoff.url)])
    const x = (await owner.api('POST', 'channel/create', { name: 'X', is_public: false, password: 'sesame-123' })).body.result._id
    const join = (password: string) => guesser.api('POST', 'channel/join', { channel_id: x, password })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      expect(statuses([await join('guess-1'), await join('guess-2')])).toEqual([400, 400])
      tooMany(await join('guess-3'))
      vi.advanceTimersByTime(50_000)
      tooMany(await join('sesame-123'))
      // 70 s after the first guess: a plain one-minute window would have ended.
      vi.advanceTimersByTime(20_000)
      const still = await join('sesame-123')
      tooMany(still)
      expect(Number(still.headers.get('retry-after'))).toBeGreaterThan(30)
      vi.advanceTimersByTime(61_000)
      expect((await join('sesame-123')).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })
})
