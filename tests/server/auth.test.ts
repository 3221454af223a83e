import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNotNull } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { SERVER_MESSAGES } from '../../contract'
import { refreshTokens, pushSubscriptions, users } from '../../server/db/schema'
import {
  call,
  lastEmail,
  refreshCookie,
  refreshWith,
  signUp,
  registerUnverified,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './harness'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterAll(async () => {
  await server?.stop()
})

describe('register', () => {
  it('answers {result: {access_token, user}} with an unverified user and a workid; the refresh token is in a cookie', async () => {
    const email = uniqueEmail('reg')
    const res = await call(base, 'POST', '/api/auth/register', {
      body: { name: 'Nguyễn Văn Đức', email: `  ${email.toUpperCase()} `, password: 'secret-123' },
    })
    expect(res.status).toBe(200)
    const { access_token, user } = res.body.result
    expect(typeof access_token).toBe('string')
    expect(res.body.result.refresh_token).toBeUndefined()
    expect(typeof refreshCookie(res.headers)).toBe('string')
    expect(user.email).toBe(email)
    expect(user.email_verified).toBe(false)
    expect(user.name).toBe('Nguyễn Văn Đức')
    expect(user.workid).toMatch(/^nguyen-van-duc-\d{4}$/)
    expect(user.package).toBe('freemium')
    expect(user.account).toMatchObject({ language: 'en', skip_tutorial: 0, sounds: 1, only_friend_call: 0, channel: null })
    const claims = decodeJwt(access_token)
    expect(claims.sub).toBe(user._id)
    expect(typeof claims.sid).toBe('string')
    expect(claims.exp! - claims.iat!).toBe(15 * 60)
  })

  it('stores an argon2id hash, never the password', async () => {
    const acc = await signUp(base)
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, acc.user._id))
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true)
    expect(row!.passwordHash).not.toContain(acc.password)
  })

  it('gives every account its own workid, even with the same name', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++) ids.add((await signUp(base, { name: 'Same Name' })).user.workid)
    expect(ids.size).toBe(5)
    for (const id of ids) expect(id).toMatch(/^same-name-\d{4}$/)
  })

  it('emails a 6-digit verification code in the language of the request', async () => {
    const acc = await signUp(base, {}, { 'accept-language': 'vi-VN,vi;q=0.9' })
    expect(acc.user.account.language).toBe('vi')
    const mail = await lastEmail(server, acc.email)
    expect(mail.code).toMatch(/^\d{6}$/)
    expect(mail.subject).toContain('Mã xác minh')
    expect(mail.html).toContain(mail.code)
  })

  it('a duplicate email (any case) makes no second account (the answer is in auth-hardening.test.ts)', async () => {
    const acc = await signUp(base)
    const res = await call(base, 'POST', '/api/auth/register', {
      body: { name: 'X', email: acc.email.toUpperCase(), password: 'secret-123' },
    })
    expect(res.status).toBe(200)
    expect(await server.ctx.db.select().from(users).where(eq(users.email, acc.email))).toHaveLength(1)
  })
})

describe('login', () => {
  it('answers with a new session and the user', async () => {
    const acc = await signUp(base)
    const res = await call(base, 'POST', '/api/auth/login', { body: { email: acc.email.toUpperCase(), password: acc.password } })
    expect(res.status).toBe(200)
    expect(res.body.result.user._id).toBe(acc.user._id)
    expect(refreshCookie(res.headers)).not.toBe(acc.refresh_token)
    expect(decodeJwt(res.body.result.access_token).sid).not.toBe(decodeJwt(acc.access_token).sid)
    const me = await call(base, 'GET', '/api/customer/user-info', { token: res.body.result.access_token })
    expect(me.status).toBe(200)
    expect(me.body.result.email).toBe(acc.email)
  })

  it('gives one generic message for a wrong password and for an unknown email', async () => {
    const acc = await signUp(base)
    const wrong = await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: 'not-the-password' } })
    const unknown = await call(base, 'POST', '/api/auth/login', { body: { email: uniqueEmail('nobody'), password: 'not-the-password' } })
    expect(wrong.status).toBe(400)
    expect(unknown.status).toBe(400)
    expect(wrong.body).toEqual({ message: SERVER_MESSAGES.invalidCredentials.en })
    expect(unknown.body).toEqual(wrong.body)
    const vi = await call(base, 'POST', '/api/auth/login', {
      body: { email: acc.email, password: 'nope-nope' },
      headers: { 'accept-language': 'vi' },
    })
    expect(vi.body.message).toBe(SERVER_MESSAGES.invalidCredentials.vi)
  })
})

describe('refresh tokens', () => {
  it('rotate: each refresh token works once and gives a new pair', async () => {
    const acc = await signUp(base)
    const first = await refreshWith(base, acc.refresh_token)
    expect(first.status).toBe(200)
    const { access_token } = first.body.result
    const refresh_token = first.refresh_token!
    expect(refresh_token).not.toBe(acc.refresh_token)
    expect(decodeJwt(access_token).sid).toBe(decodeJwt(acc.access_token).sid)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: access_token })).status).toBe(200)
    const second = await refreshWith(base, refresh_token)
    expect(second.status).toBe(200)
  })

  it('reuse of a spent token revokes the whole family, access tokens included', async () => {
    const acc = await signUp(base)
    const rotated = await refreshWith(base, acc.refresh_token)
    const live = { ...rotated.body.result, refresh_token: rotated.refresh_token! }
    // A spent token presented again after the grace window.
    await server.ctx.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(and(eq(refreshTokens.userId, acc.user._id), isNotNull(refreshTokens.usedAt)))
    const reuse = await refreshWith(base, acc.refresh_token)
    expect(reuse.status).toBe(401)
    expect(reuse.body.message).toBe(SERVER_MESSAGES.sessionExpired.en)
    // The thief's replay killed the legitimate holder's newer tokens too.
    expect((await refreshWith(base, live.refresh_token)).status).toBe(401)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: live.access_token })).status).toBe(401)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: acc.access_token })).status).toBe(401)
    // Other sessions of the same user are untouched.
    const other = await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })
    expect((await call(base, 'GET', '/api/customer/user-info', { token: other.body.result.access_token })).status).toBe(200)
  })

  it('an unknown refresh token is 401', async () => {
    const res = await refreshWith(base, 'made-up-token')
    expect(res.status).toBe(401)
    expect(res.body.message).toBe(SERVER_MESSAGES.sessionExpired.en)
  })

  it('a token signed with another key is 401', async () => {
    const acc = await signUp(base)
    const [h, p] = acc.access_token.split('.')
    const forged = `${h}.${p}.${'A'.repeat(43)}`
    expect((await call(base, 'GET', '/api/customer/user-info', { token: forged })).status).toBe(401)
  })
})

describe('logout', () => {
  it('revokes the session: its access and refresh tokens stop working, others keep going', async () => {
    const acc = await signUp(base)
    const other = (await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })).body.result
    const res = await call(base, 'POST', '/api/auth/logout', { token: acc.access_token, body: {} })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ result: { ok: true } })
    expect((await call(base, 'GET', '/api/customer/user-info', { token: acc.access_token })).status).toBe(401)
    expect((await refreshWith(base, acc.refresh_token)).status).toBe(401)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: other.access_token })).status).toBe(200)
  })

  it('forgets the push subscription only when it matches the one sent', async () => {
    const acc = await signUp(base)
    const device = (name: string) =>
      JSON.stringify({ endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, keys: { p256dh: 'BPk', auth: 'au' } })
    expect(
      (await call(base, 'PUT', '/api/customer/update-fcm-token', { token: acc.access_token, body: { fcm_token: device('a') } })).status,
    ).toBe(200)
    const s2 = (await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })).body.result
    await call(base, 'POST', '/api/auth/logout', { token: s2.access_token, body: { fcm_token: device('b') } })
    const s3 = (await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })).body.result
    const endpoints = async () =>
      (await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, acc.user._id))).map((r) => r.endpoint)
    expect(await endpoints()).toEqual(['https://fcm.googleapis.com/fcm/send/a'])
    await call(base, 'POST', '/api/auth/logout', { token: acc.access_token, body: { fcm_token: device('a') } })
    expect(await endpoints()).toEqual([])
    expect((await call(base, 'GET', '/api/customer/user-info', { token: s3.access_token })).status).toBe(200)
  })

  it('works without a body and needs a token', async () => {
    const acc = await signUp(base)
    expect((await call(base, 'POST', '/api/auth/logout', { token: acc.access_token })).status).toBe(200)
    expect((await call(base, 'POST', '/api/auth/logout', { body: {} })).status).toBe(401)
  })
})

describe('verify-email', () => {
  it('accepts the emailed code once and marks the email verified', async () => {
    const acc = await registerUnverified(base)
    const { code } = await lastEmail(server, acc.email)
    const ok = await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code } })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ result: { ok: true } })
    const me = await call(base, 'GET', '/api/customer/user-info', { token: acc.access_token })
    expect(me.body.result.email_verified).toBe(true)
    const again = await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code } })
    expect(again.status).toBe(400)
  })

  it('answers codeInvalid with errors.code for a wrong code', async () => {
    const acc = await registerUnverified(base)
    const { code } = await lastEmail(server, acc.email)
    const wrong = code === '000000' ? '111111' : '000000'
    const res = await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code: wrong } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(SERVER_MESSAGES.codeInvalid.en)
    expect(res.body.errors.code).toEqual([SERVER_MESSAGES.codeInvalid.en])
    const vi = await call(base, 'POST', '/api/auth/verify-email', {
      body: { email: acc.email, code: wrong },
      headers: { 'accept-language': 'vi' },
    })
    expect(vi.body.message).toBe(SERVER_MESSAGES.codeInvalid.vi)
    // Still verifiable with the right one.
    expect((await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code } })).status).toBe(200)
  })

  it('kills the code after 5 attempts, even the right one', async () => {
    const acc = await registerUnverified(base)
    const { code } = await lastEmail(server, acc.email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const res = await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code: wrong } })
      expect(res.body.message).toBe(SERVER_MESSAGES.codeInvalid.en)
    }
    const late = await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code } })
    expect(late.status).toBe(400)
    expect(late.body.message).toBe(SERVER_MESSAGES.codeInvalid.en)
    // A fresh code works again.
    expect((await call(base, 'POST', '/api/auth/resend-code', { body: { email: acc.email } })).body).toEqual({ result: { sent: true } })
    const fresh = await lastEmail(server, acc.email)
    expect((await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code: fresh.code } })).status).toBe(200)
  })

  it('refuses an expired code', async () => {
    const acc = await registerUnverified(base)
    const { code } = await lastEmail(server, acc.email)
    const { emailCodes } = await import('../../server/db/schema')
    await server.ctx.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.userId, acc.user._id))
    const res = await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(SERVER_MESSAGES.codeInvalid.en)
  })

  it('resend replaces the old code; unknown emails still get {sent: true}', async () => {
    const acc = await registerUnverified(base)
    const old = await lastEmail(server, acc.email)
    await call(base, 'POST', '/api/auth/resend-code', { body: { email: acc.email } })
    const fresh = await lastEmail(server, acc.email)
    expect(fresh.id).not.toBe(old.id)
    if (old.code !== fresh.code) {
      expect((await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code: old.code } })).body.message).toBe(
        SERVER_MESSAGES.codeInvalid.en,
      )
    }
    expect((await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code: fresh.code } })).status).toBe(200)
    const unknown = await call(base, 'POST', '/api/auth/resend-code', { body: { email: uniqueEmail('ghost') } })
    expect(unknown.body).toEqual({ result: { sent: true } })
    const unknownVerify = await call(base, 'POST', '/api/auth/verify-email', { body: { email: uniqueEmail('ghost'), code: '123456' } })
    expect(unknownVerify.body.message).toBe(SERVER_MESSAGES.codeInvalid.en)
  })
})

describe('forgot and reset password', () => {
  it('emails a reset code; reset sets the password and ends every session', async () => {
    const acc = await signUp(base)
    const login2 = await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })
    const second = { ...login2.body.result, refresh_token: refreshCookie(login2.headers)! }
    const forgot = await call(base, 'POST', '/api/auth/forgot-password', { body: { email: acc.email } })
    expect(forgot.body).toEqual({ result: { sent: true } })
    const mail = await lastEmail(server, acc.email)
    expect(mail.subject).toContain('reset')
    const wrong = await call(base, 'POST', '/api/auth/reset-password', {
      body: { email: acc.email, code: mail.code === '000000' ? '111111' : '000000', password: 'new-password-1' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.code).toEqual([SERVER_MESSAGES.codeInvalid.en])

    const ok = await call(base, 'POST', '/api/auth/reset-password', {
      body: { email: acc.email, code: mail.code, password: 'new-password-1' },
    })
    expect(ok.body).toEqual({ result: { ok: true } })
    for (const t of [acc, second]) {
      expect((await call(base, 'GET', '/api/customer/user-info', { token: t.access_token })).status).toBe(401)
      expect((await refreshWith(base, t.refresh_token)).status).toBe(401)
    }
    expect((await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } })).status).toBe(400)
    const login = await call(base, 'POST', '/api/auth/login', { body: { email: acc.email, password: 'new-password-1' } })
    expect(login.status).toBe(200)
    // The code is spent.
    const replay = await call(base, 'POST', '/api/auth/reset-password', {
      body: { email: acc.email, code: mail.code, password: 'other-password' },
    })
    expect(replay.status).toBe(400)
  })

  it('a verify code cannot reset a password', async () => {
    const acc = await signUp(base)
    const { code } = await lastEmail(server, acc.email)
    const res = await call(base, 'POST', '/api/auth/reset-password', { body: { email: acc.email, code, password: 'new-password-1' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(SERVER_MESSAGES.codeInvalid.en)
  })

  it('answers {sent: true} for unknown emails and sends nothing', async () => {
    const email = uniqueEmail('ghost')
    const res = await call(base, 'POST', '/api/auth/forgot-password', { body: { email } })
    expect(res.body).toEqual({ result: { sent: true } })
    await expect(lastEmail(server, email)).rejects.toThrow(/no email/)
  })
})
