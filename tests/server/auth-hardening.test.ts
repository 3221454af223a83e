import { spawn } from 'node:child_process'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startFakeSmtp } from './fake-smtp'
import { SERVER_MESSAGES } from '../../contract'
import { outbox, users } from '../../server/db/schema'
import { optionsFromEnv } from '../../server/env-options'
import { SERVER_NODE_FLAGS } from '../../server/node-flags'
import {
  call,
  DATABASE_URL,
  pgliteTemplate,
  registerUnverified as register,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './harness'

let server: TestServer
let base: string

/** The mail work a request started after answering (forgot-password, resend-code) is done. */
const settled = async (s: TestServer = server) => {
  const mailer = s.ctx.mailer as { settled?: () => Promise<void> }
  await mailer.settled?.()
}

/** Every email to the address, oldest first, with the 6-digit code of its body. */
async function mails(to: string, s: TestServer = server) {
  await settled(s)
  const rows = await s.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.createdAt)
  return rows.map((row) => ({ ...row, code: /\b(\d{6})\b/.exec(row.text)?.[1] }))
}
const codesTo = async (to: string, s?: TestServer) => (await mails(to, s)).filter((m) => m.code)
const lastCode = async (to: string) => (await codesTo(to)).at(-1)!.code!
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000')

const verify = (email: string, code: string) => call(base, 'POST', '/api/auth/verify-email', { body: { email, code } })
const forgot = (email: string) => call(base, 'POST', '/api/auth/forgot-password', { body: { email } })
const resend = (email: string) => call(base, 'POST', '/api/auth/resend-code', { body: { email } })

const HOUR = 60 * 60_000

beforeAll(async () => {
  server = await startTestServer({ accountLimits: { codesPerHour: 3, failedChecksPerDay: 3, lockMinutes: 60 } })
  base = server.url
})
afterAll(async () => {
  await server?.stop()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('passwords (L10)', () => {
  it('the minimum is 8 characters, with the field message in en and vi', async () => {
    const body = { name: 'Short', email: uniqueEmail('short'), password: 'abc-123' }
    const en = await call(base, 'POST', '/api/auth/register', { body })
    expect(en.status).toBe(400)
    expect(en.body.errors.password).toEqual(['Must be at least 8 characters'])
    const vi = await call(base, 'POST', '/api/auth/register', { body, headers: { 'accept-language': 'vi' } })
    expect(vi.body.errors.password).toEqual(['Phải có ít nhất 8 ký tự'])
    expect((await call(base, 'POST', '/api/auth/register', { body: { ...body, password: 'abc-1234' } })).status).toBe(200)
  })

  it('register refuses the most common passwords, whatever their case, with a field message in en and vi', async () => {
    for (const password of ['iloveyou', 'Password123', 'QWERTYUIOP', 'trustno1']) {
      const res = await call(base, 'POST', '/api/auth/register', { body: { name: 'Common', email: uniqueEmail('common'), password } })
      expect(res.status, password).toBe(400)
      expect(res.body.errors.password).toEqual([SERVER_MESSAGES.passwordCommon.en])
    }
    const vi = await call(base, 'POST', '/api/auth/register', {
      body: { name: 'Common', email: uniqueEmail('common'), password: 'sunshine' },
      headers: { 'accept-language': 'vi' },
    })
    expect(vi.body.errors.password).toEqual([SERVER_MESSAGES.passwordCommon.vi])
  })

  it('reset-password refuses a common password before spending the code', async () => {
    const acc = await register(base)
    expect((await forgot(acc.email)).status).toBe(200)
    const code = await lastCode(acc.email)
    const common = await call(base, 'POST', '/api/auth/reset-password', { body: { email: acc.email, code, password: 'superman' } })
    expect(common.status).toBe(400)
    expect(common.body.errors.password).toEqual([SERVER_MESSAGES.passwordCommon.en])
    const ok = await call(base, 'POST', '/api/auth/reset-password', { body: { email: acc.email, code, password: 'a-better-secret-7' } })
    expect(ok.status).toBe(200)
  })

  it('the shipped list holds the 10,000 most common passwords of a public list', async () => {
    const list = (await readFile(path.resolve(import.meta.dirname, '../../server/auth/common-passwords.txt'), 'utf8'))
      .split('\n')
      .filter(Boolean)
    expect(list).toHaveLength(10_000)
    expect(list.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty'])
  })
})

describe('one-time codes do not leak (M5)', () => {
  it('the code is in the body of the email, not in its subject', async () => {
    const acc = await register(base)
    const [mail] = await mails(acc.email)
    expect(mail!.code).toMatch(/^\d{6}$/)
    expect(mail!.subject).not.toContain(mail!.code)
    expect(mail!.subject).not.toMatch(/\d{6}/)
  })

  it('with NODE_ENV=production, /email-preview and /api/docs are not served', async () => {
    const prod = await startTestServer({
      production: optionsFromEnv({ NODE_ENV: 'production' }, { port: 0, host: '127.0.0.1' }).production,
    })
    try {
      const acc = await register(prod.url)
      const [mail] = await mails(acc.email, prod)
      expect((await fetch(`${prod.url}/email-preview/${mail!.id}`)).status).toBe(404)
      expect((await fetch(`${prod.url}/api/docs`)).status).toBe(404)
      expect((await fetch(`${prod.url}/api/docs/json`)).status).toBe(404)
    } finally {
      await prod.stop()
    }
  })

  it('with SMTP_URL, /email-preview is not served and a delivered email is redacted in the outbox', async () => {
    const smtp = await startFakeSmtp()
    const { received } = smtp
    const relay = await startTestServer({ smtpUrl: smtp.url })
    try {
      const acc = await register(relay.url)
      const [queued] = await mails(acc.email, relay)
      expect((await fetch(`${relay.url}/email-preview/${queued!.id}`)).status).toBe(404)
      await relay.ctx.mailer.settled() // the SMTP delivery
      const [mail] = await relay.ctx.db.select().from(outbox).where(eq(outbox.id, queued!.id))
      expect(mail!.sentAt).toBeInstanceOf(Date)
      const code = /\b(\d{6})\b/.exec(received.join('\n'))?.[1]
      expect(code).toMatch(/^\d{6}$/)
      for (const field of [mail!.subject, mail!.text, mail!.html]) expect(field).not.toContain(code)
    } finally {
      await relay.stop()
      smtp.close()
    }
  })

  it('with NODE_ENV=production, the mail log carries the outbox id only (no address, subject, link or code)', async () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'workroom-prod-log-'))
    if (!DATABASE_URL) await cp(await pgliteTemplate(), dataDir, { recursive: true })
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: 'x'.repeat(48),
        LOG_LEVEL: 'info',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const lines: Record<string, unknown>[] = []
    const raw: string[] = []
    const waiters: Array<{ pred: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }> = []
    createInterface({ input: child.stdout! }).on('line', (text) => {
      raw.push(text)
      try {
        const line = JSON.parse(text) as Record<string, unknown>
        lines.push(line)
        for (const w of waiters.splice(0)) {
          if (w.pred(line)) w.resolve(line)
          else waiters.push(w)
        }
      } catch {
        /* not a log line */
      }
    })
    const waitFor = (pred: (l: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const seen = lines.find(pred)
        if (seen) resolve(seen)
        else waiters.push({ pred, resolve })
      })
    try {
      const ready = await waitFor((l) => l.msg === 'Workroom is running')
      const acc = await register(ready.url as string, { password: 'long-enough-9' })
      const queued = await waitFor((l) => l.msg === 'email queued')
      expect(Object.keys(queued).filter((k) => !['level', 'time', 'pid', 'hostname', 'msg'].includes(k))).toEqual(['outbox_id'])
      const text = raw.join('\n')
      expect(text).not.toContain(acc.email)
      expect(text).not.toContain('email-preview')
    } finally {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('per-account code limits (M1)', () => {
  it('issues at most N codes per account per hour, however many addresses ask', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    const acc = await register(base) // code 1 of 3
    for (let i = 0; i < 4; i++) {
      const res = await call(base, 'POST', '/api/auth/forgot-password', {
        body: { email: acc.email },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      })
      expect(res.body).toEqual({ result: { sent: true } })
    }
    expect(await codesTo(acc.email)).toHaveLength(3)
    vi.setSystemTime(Date.now() + HOUR + 1000)
    await forgot(acc.email)
    expect(await codesTo(acc.email)).toHaveLength(4)
  })

  it('locks code checks after N failures, tells the owner once per lock, and locks longer the next time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    const acc = await register(base)
    const first = await lastCode(acc.email)
    const wrongAnswer = await verify(acc.email, otherCode(first))
    for (let i = 0; i < 4; i++) expect((await verify(acc.email, otherCode(first))).body).toEqual(wrongAnswer.body)
    // Locked: even the right code is refused, with the same answer as a wrong one.
    expect((await verify(acc.email, first)).body).toEqual(wrongAnswer.body)
    const notices = async () => (await mails(acc.email)).filter((m) => !m.code)
    expect(await notices()).toHaveLength(1)
    expect((await notices())[0]!.text).toMatch(/locked|paused/i)
    // No new codes while locked.
    await resend(acc.email)
    expect(await codesTo(acc.email)).toHaveLength(1)

    // The first lock (60 min) is over after an hour.
    vi.setSystemTime(Date.now() + HOUR + 1000)
    await resend(acc.email)
    const second = await lastCode(acc.email)
    expect(await codesTo(acc.email)).toHaveLength(2)
    for (let i = 0; i < 3; i++) await verify(acc.email, otherCode(second))
    expect(await notices()).toHaveLength(2)
    // The second lock lasts twice as long: after one hour it still holds...
    vi.setSystemTime(Date.now() + HOUR + 1000)
    await resend(acc.email)
    expect(await codesTo(acc.email)).toHaveLength(2)
    // ...and after two it is over.
    vi.setSystemTime(Date.now() + HOUR)
    await resend(acc.email)
    expect(await codesTo(acc.email)).toHaveLength(3)
    expect((await verify(acc.email, await lastCode(acc.email))).status).toBe(200)
  })
})

describe('no account enumeration (L7)', () => {
  const shape = (value: unknown): unknown =>
    value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)])) : typeof value

  it('register answers a known address like a new one, keeps the account as it was, and tells its owner', async () => {
    const owner = await register(base)
    const fresh = await call(base, 'POST', '/api/auth/register', {
      body: { name: 'Someone Else', email: uniqueEmail('fresh'), password: 'another-secret-5' },
    })
    const again = await call(base, 'POST', '/api/auth/register', {
      body: { name: 'Someone Else', email: owner.email.toUpperCase(), password: 'another-secret-5' },
    })
    expect(again.status).toBe(fresh.status)
    expect(shape(again.body)).toEqual(shape(fresh.body))
    expect(again.body.result.user).toMatchObject({ email: owner.email, name: 'Someone Else', email_verified: false })
    expect(again.body.result.user._id).not.toBe(owner.user._id)
    // Nothing of the account changed, and the answer's tokens open nothing.
    expect((await call(base, 'POST', '/api/auth/login', { body: { email: owner.email, password: 'another-secret-5' } })).status).toBe(400)
    expect((await call(base, 'POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })).status).toBe(200)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: again.body.result.access_token })).status).toBe(401)
    const [row] = await server.ctx.db.select().from(users).where(eq(users.email, owner.email))
    expect(row!.name).toBe(owner.name)
    // The owner hears about it; no code is sent.
    const last = (await mails(owner.email)).at(-1)!
    expect(last.code).toBeUndefined()
    expect(last.text).toMatch(/already have an account|đã có tài khoản/i)
  })

  it('a wrong code, an expired one, a spent one and an unknown address all get the same answer', async () => {
    const acc = await register(base)
    const code = await lastCode(acc.email)
    const wrong = await verify(acc.email, otherCode(code))
    const unknown = await verify(uniqueEmail('nobody'), code)
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(Date.now() + 16 * 60_000)
    const expired = await verify(acc.email, code)
    vi.useRealTimers()
    const other = await register(base)
    const spentCode = await lastCode(other.email)
    expect((await verify(other.email, spentCode)).status).toBe(200)
    const spent = await verify(other.email, spentCode)
    for (const res of [wrong, unknown, expired, spent]) {
      expect(res.status).toBe(400)
      expect(res.body).toEqual(wrong.body)
    }
    expect(wrong.body.errors.code).toEqual([wrong.body.message])
  })

  it('forgot-password and resend-code answer before any mail work, the same for known and unknown addresses', async () => {
    const acc = await register(base)
    const mailer = server.ctx.mailer
    const store = mailer.store
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    mailer.store = async (...args) => {
      await gate
      return store(...args)
    }
    // Only a failing run waits this long: a fixed server answers at once.
    let timer: NodeJS.Timeout | undefined
    const waiting = new Promise<'still waiting for the mail'>(
      (resolve) => (timer = setTimeout(() => resolve('still waiting for the mail'), 5_000)),
    )
    try {
      const known = await Promise.race([forgot(acc.email), waiting])
      expect(known).not.toBe('still waiting for the mail')
      if (typeof known === 'string') return
      const unknown = await forgot(uniqueEmail('ghost'))
      expect(known.status).toBe(200)
      expect(known.body).toEqual(unknown.body)
      const knownResend = await Promise.race([resend(acc.email), waiting])
      expect(knownResend).not.toBe('still waiting for the mail')
    } finally {
      clearTimeout(timer)
      release()
      mailer.store = store
    }
    // The mail still goes out.
    const [latest] = await (async () => {
      await settled()
      return server.ctx.db.select().from(outbox).where(eq(outbox.to, acc.email)).orderBy(desc(outbox.createdAt)).limit(1)
    })()
    expect(latest!.subject).toMatch(/reset|verif/i)
  })
})
