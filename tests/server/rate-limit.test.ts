import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../contract'
import { DEFAULT_RATE_LIMITS, resolveConfig } from '../../server/config'
import { call, refreshWith, register, startTestServer, type TestServer, uniqueEmail } from './harness'

let server: TestServer
let base: string
let account: Awaited<ReturnType<typeof register>>

beforeAll(async () => {
  server = await startTestServer({
    rateLimits: { login: { max: 3 }, register: { max: 4 }, otp: { max: 3 } },
  })
  base = server.url
  account = await register(base) // spends 1 of the 4 registrations
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
    const vi = await call(base, 'POST', '/api/auth/login', { body: { email, password: 'wrong-pass' }, headers: { 'accept-language': 'vi' } })
    expect(vi.body.message).toBe(SERVER_MESSAGES.tooManyRequests.vi)
    // Another email from the same address still gets through.
    expect((await call(base, 'POST', '/api/auth/login', { body: { email: uniqueEmail('rl-other'), password: 'wrong-pass' } })).status).toBe(400)
  })

  it('register: per ip', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(base, 'POST', '/api/auth/register', { body: { name: 'Rate', email: uniqueEmail('rl-reg'), password: 'secret-123' } })).status)
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
    expect((await call(base, 'POST', '/api/auth/verify-email', { body: { email: uniqueEmail('rl-otp2'), code: '123456' } })).status).toBe(400)
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
  it('defaults: login 10/min, register 20/10 min, otp 10/10 min; overrides merge per rule', async () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      login: { max: 10, windowMs: 60_000 },
      register: { max: 20, windowMs: 600_000 },
      otp: { max: 10, windowMs: 600_000 },
    })
    const config = await resolveConfig({ jwtSecret: 'x'.repeat(40), rateLimits: { login: { max: 2 }, otp: { windowMs: 1000 } } })
    expect(config.rateLimits.login).toEqual({ max: 2, windowMs: 60_000 })
    expect(config.rateLimits.otp).toEqual({ max: 10, windowMs: 1000 })
    expect(config.rateLimits.register).toEqual(DEFAULT_RATE_LIMITS.register)
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
