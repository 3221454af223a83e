import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { SERVER_MESSAGES } from '../../contract'
import { emailCodes, outbox, refreshTokens, sessions } from '../../server/db/schema'
import { createScheduler } from '../../server/jobs/scheduler'
import { call, DATABASE_URL, refreshCookie, refreshWith, signUp, REFRESH_COOKIE, startTestServer, type TestServer } from './harness'

/** The server's clock: real time moved by `offset` (sessions, tokens and the scheduler read it). */
const clock = { offset: 0, now: () => Date.now() + clock.offset }
const DAY = 24 * 60 * 60 * 1000

let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer({ now: () => clock.now() })
  base = server.url
})
afterEach(() => {
  clock.offset = 0
})
afterAll(async () => {
  await server?.stop()
})

/** The attributes of the refresh cookie a response set, lowercased names. */
function cookieAttributes(headers: Headers): Record<string, string> {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${REFRESH_COOKIE}=`))
  if (!line) throw new Error('no refresh cookie set')
  return Object.fromEntries(
    line
      .split(';')
      .slice(1)
      .map((part) => {
        const [k, ...v] = part.trim().split('=')
        return [k!.toLowerCase(), v.join('=')]
      }),
  )
}

const login = async (email: string, password: string) => {
  const res = await call(base, 'POST', '/api/auth/login', { body: { email, password } })
  expect(res.status).toBe(200)
  return { ...res, refresh_token: refreshCookie(res.headers)! }
}

describe('the refresh cookie', () => {
  it('login, register and refresh put the refresh token in an HttpOnly, SameSite=Strict cookie scoped to auth/refresh-token, never in the JSON', async () => {
    const acc = await signUp(base)
    expect(acc.refresh_token).toMatch(/^[\w-]{40,}$/)
    const logged = await login(acc.email, acc.password)
    expect(Object.keys(logged.body.result).sort()).toEqual(['access_token', 'media_token', 'user'])
    const attrs = cookieAttributes(logged.headers)
    expect(attrs).toMatchObject({ httponly: '', samesite: 'Strict', path: '/api/auth/refresh-token' })
    expect(attrs.secure).toBeUndefined() // plain http here; see the https server below

    const refreshed = await refreshWith(base, logged.refresh_token)
    expect(refreshed.status).toBe(200)
    expect(Object.keys(refreshed.body.result).sort()).toEqual(['access_token', 'media_token'])
    expect(JSON.stringify(refreshed.body)).not.toContain(refreshed.refresh_token!)
    expect(refreshed.refresh_token).toMatch(/^[\w-]{40,}$/)
    expect(refreshed.refresh_token).not.toBe(logged.refresh_token)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: refreshed.body.result.access_token })).status).toBe(200)
  })

  it('is Secure when the site is served over https', async () => {
    const https = await startTestServer({ publicUrl: 'https://chat.example.test' })
    try {
      const acc = await signUp(https.url)
      const res = await call(https.url, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })
      expect(cookieAttributes(res.headers)).toHaveProperty('secure')
    } finally {
      await https.stop()
    }
  })

  it('refresh needs the cookie and a JSON body: no cookie is 401, a form post is refused, a token in the body is refused', async () => {
    const acc = await signUp(base)
    const none = await call(base, 'POST', '/api/auth/refresh-token', { body: {} })
    expect(none.status).toBe(401)
    expect(none.body.message).toBe(SERVER_MESSAGES.sessionExpired.en)
    const cookie = `${REFRESH_COOKIE}=${acc.refresh_token}`
    const form = await call(base, 'POST', '/api/auth/refresh-token', {
      raw: 'a=1',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    const inBody = await call(base, 'POST', '/api/auth/refresh-token', {
      body: { refresh_token: acc.refresh_token },
      headers: { cookie: 'x=y' },
    })
    expect(inBody.status).toBe(400)
    // None of these spent it.
    expect((await refreshWith(base, acc.refresh_token)).status).toBe(200)
  })

  it('a refused refresh and a logout clear the cookie', async () => {
    const acc = await signUp(base)
    const refused = await refreshWith(base, 'made-up-token')
    expect(refused.status).toBe(401)
    expect(refused.refresh_token).toBe('')
    expect(cookieAttributes(refused.headers)).toMatchObject({ path: '/api/auth/refresh-token' })
    const out = await call(base, 'POST', '/api/auth/logout', { token: acc.access_token, body: {} })
    expect(out.status).toBe(200)
    expect(refreshCookie(out.headers)).toBe('')
    expect(new Date(cookieAttributes(out.headers).expires!).getTime()).toBeLessThan(Date.now())
    expect((await refreshWith(base, acc.refresh_token)).status).toBe(401)
  })
})

describe('absolute session lifetime', () => {
  it('a session ends 30 days after its login however often it is refreshed; the cookie expires then too', async () => {
    const acc = await signUp(base)
    const logged = await login(acc.email, acc.password)
    const loginAt = Date.now()
    const end = new Date(cookieAttributes(logged.headers).expires!).getTime()
    expect(Math.abs(end - (loginAt + 30 * DAY))).toBeLessThan(5_000)

    clock.offset = 20 * DAY
    const day20 = await refreshWith(base, logged.refresh_token)
    expect(day20.status).toBe(200)
    // Not sliding: the cookie still ends at login + 30 days.
    expect(new Date(cookieAttributes(day20.headers).expires!).getTime()).toBe(end)

    clock.offset = 30 * DAY - 60_000
    const lastMinute = await refreshWith(base, day20.refresh_token!)
    expect(lastMinute.status).toBe(200)
    // Its access token ends with the session, not 15 minutes later.
    expect(decodeJwt(lastMinute.body.result.access_token).exp! * 1000).toBeLessThanOrEqual(end)

    clock.offset = 30 * DAY + 60_000
    const after = await refreshWith(base, lastMinute.refresh_token!)
    expect(after.status).toBe(401)
    expect(after.body.message).toBe(SERVER_MESSAGES.sessionExpired.en)
  })
})

describe('refresh rotation grace window', () => {
  it('the token just rotated, presented again within 30 s, gets a valid pair instead of ending the session', async () => {
    const acc = await signUp(base)
    const first = await refreshWith(base, acc.refresh_token)
    expect(first.status).toBe(200)
    clock.offset = 10_000 // the answer was lost; the client retries with the token it still has
    const retry = await refreshWith(base, acc.refresh_token)
    expect(retry.status).toBe(200)
    expect(retry.refresh_token).toMatch(/^[\w-]{40,}$/)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: retry.body.result.access_token })).status).toBe(200)
    expect((await refreshWith(base, retry.refresh_token!)).status).toBe(200)
    // The pair the first answer carried is still good too.
    expect((await refreshWith(base, first.refresh_token!)).status).toBe(200)
  })

  it('two refreshes of one token at the same moment (two tabs) both succeed', async () => {
    const acc = await signUp(base)
    const both = await Promise.all([refreshWith(base, acc.refresh_token), refreshWith(base, acc.refresh_token)])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    for (const r of both)
      expect((await call(base, 'GET', '/api/customer/user-info', { token: r.body.result.access_token })).status).toBe(200)
  })

  it('after the grace window, or once the chain moved on, presenting it again is reuse: the whole family is revoked', async () => {
    const late = await signUp(base)
    const next = await refreshWith(base, late.refresh_token)
    clock.offset = 31_000
    expect((await refreshWith(base, late.refresh_token)).status).toBe(401)
    expect((await refreshWith(base, next.refresh_token!)).status).toBe(401)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: next.body.result.access_token })).status).toBe(401)

    clock.offset = 0
    const moved = await signUp(base)
    const one = await refreshWith(base, moved.refresh_token)
    const two = await refreshWith(base, one.refresh_token!)
    expect(two.status).toBe(200)
    expect((await refreshWith(base, moved.refresh_token)).status).toBe(401)
    expect((await refreshWith(base, two.refresh_token!)).status).toBe(401)
  })
})

describe('scheduled cleanup', () => {
  it('deletes ended sessions with their refresh tokens, expired email codes and old outbox rows; keeps live ones', async () => {
    const gone = await signUp(base)
    const kept = await signUp(base)
    const goneSession = decodeJwt(gone.access_token).sid as string
    const keptSession = decodeJwt(kept.access_token).sid as string
    expect((await call(base, 'POST', '/api/auth/logout', { token: gone.access_token, body: {} })).status).toBe(200)
    const sessionRows = async () =>
      (
        await server.ctx.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(inArray(sessions.id, [goneSession, keptSession]))
      )
        .map((r) => r.id)
        .sort()
    const tokenRows = async (sid: string) =>
      (await server.ctx.db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.familyId, sid))).length
    const codeRows = async () =>
      (
        await server.ctx.db
          .select({ id: emailCodes.id })
          .from(emailCodes)
          .where(inArray(emailCodes.userId, [gone.user._id, kept.user._id]))
      ).length
    const mailRows = async () =>
      (
        await server.ctx.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(inArray(outbox.to, [gone.email, kept.email]))
      ).length
    expect(await tokenRows(goneSession)).toBe(1)
    expect(await codeRows()).toBe(2)
    expect(await mailRows()).toBe(2)

    clock.offset = 2 * DAY
    expect(await server.jobs.runDue()).toContain('cleanup')
    expect(await sessionRows()).toEqual([keptSession])
    expect(await tokenRows(goneSession)).toBe(0)
    expect(await tokenRows(keptSession)).toBe(1)
    expect(await codeRows()).toBe(0)
    expect(await mailRows()).toBe(2)

    // Within the hour the job is not due again.
    clock.offset = 2 * DAY + 30 * 60_000
    expect(await server.jobs.runDue()).not.toContain('cleanup')

    clock.offset = 8 * DAY
    expect(await server.jobs.runDue()).toContain('cleanup')
    expect(await mailRows()).toBe(0)
    expect(await sessionRows()).toEqual([keptSession])

    clock.offset = 32 * DAY
    expect(await server.jobs.runDue()).toContain('cleanup')
    expect(await sessionRows()).toEqual([])
  })

  it('a job runs once per period across nodes, and a restarted node keeps the schedule', async () => {
    const name = `probe-${crypto.randomUUID()}`
    let runs = 0
    const job = { name, everyMs: 60 * 60_000, run: async () => ({ runs: ++runs }) }
    const node = () => createScheduler([job], { db: server.ctx.db, log: server.app.log, now: () => clock.now() })
    const [a, b] = [node(), node()]
    const first = await Promise.all([a.runDue(), b.runDue()])
    expect(first.flat()).toEqual([name])
    expect(runs).toBe(1)
    // A restarted node (a new scheduler on the same database) does not run it again before it is due.
    const restarted = node()
    clock.offset = 59 * 60_000
    expect((await Promise.all([restarted.runDue(), a.runDue()])).flat()).toEqual([])
    clock.offset = 61 * 60_000
    expect((await Promise.all([restarted.runDue(), a.runDue(), b.runDue()])).flat()).toEqual([name])
    expect(runs).toBe(2)
  })

  it.runIf(DATABASE_URL)('two server nodes sharing PostgreSQL claim a due job once', async () => {
    const other = await startTestServer({ now: () => clock.now() })
    try {
      const name = `probe-${crypto.randomUUID()}`
      let runs = 0
      const job = { name, everyMs: 60 * 60_000, run: async () => ({ runs: ++runs }) }
      const on = (s: TestServer) => createScheduler([job], { db: s.ctx.db, log: s.app.log, now: () => clock.now() })
      const nodes = [on(server), on(other), on(server), on(other)]
      expect((await Promise.all(nodes.map((n) => n.runDue()))).flat()).toEqual([name])
      expect(runs).toBe(1)
    } finally {
      await other.stop()
    }
  })
})
