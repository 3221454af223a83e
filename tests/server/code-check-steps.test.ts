import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { authLimits, users } from '../../server/db/schema'
import { call, lastEmail, registerUnverified, startTestServer, type TestServer, uniqueEmail } from './harness'

/**
 * Security review 2, finding 5: verify-email and reset-password must not tell by their timing
 * whether an address has an account. Checked structurally, not with a stopwatch (this machine is
 * shared and noisy): a wrong code for a real account, for a real account whose checks are locked,
 * and any code for an unknown address run the same SQL statements, in the same order, and compute
 * and compare one code hash each; all answer the same 400.
 */
let server: TestServer
let queries: string[] = []

beforeAll(async () => {
  server = await startTestServer({ onQuery: (sql) => queries.push(sql) })
})
afterEach(() => {
  vi.restoreAllMocks()
})
afterAll(() => server.stop())

const WRONG = '000000'

/** What one code check did: its statements, how many code hashes it made and compared, and its answer. */
async function stepsOf(path: 'verify-email' | 'reset-password', email: string) {
  const made = vi.spyOn(server.ctx.tokens, 'codeHash')
  const compared = vi.spyOn(server.ctx.tokens, 'sameHash')
  queries = []
  const body = path === 'verify-email' ? { email, code: WRONG } : { email, code: WRONG, password: 'Lantern-Orbit-7391' }
  const res = await call(server.url, 'POST', `/api/auth/${path}`, { body })
  const steps = { statements: [...queries], hashes: made.mock.calls.length, comparisons: compared.mock.calls.length }
  made.mockRestore()
  compared.mockRestore()
  return { ...steps, status: res.status, message: (res.body as { message: string }).message }
}

/** A real account that has a live code of the purpose (sign-up sends the verify code; forgot-password the reset code). */
async function accountWithLiveCode(purpose: 'verify' | 'reset') {
  const account = await registerUnverified(server.url)
  if (purpose === 'reset') {
    expect((await call(server.url, 'POST', '/api/auth/forgot-password', { body: { email: account.email } })).status).toBe(200)
    await server.ctx.mailer.settled()
  }
  return account
}

describe('a code check costs the same for an unknown address as for a real one', () => {
  for (const [path, purpose] of [
    ['verify-email', 'verify'],
    ['reset-password', 'reset'],
  ] as const) {
    it(`${path}: the same statements and one hash compared, for a real account, a locked one and an unknown address`, async () => {
      const real = await accountWithLiveCode(purpose)
      const locked = await accountWithLiveCode(purpose)
      // Too many wrong codes locked the second account's checks for an hour.
      const [row] = await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, locked.email))
      await server.ctx.db
        .update(authLimits)
        .set({ lockedUntil: new Date(Date.now() + 60 * 60_000), locks: 1 })
        .where(eq(authLimits.userId, row!.id))

      const known = await stepsOf(path, real.email)
      const lockedOut = await stepsOf(path, locked.email)
      const unknown = await stepsOf(path, uniqueEmail('nobody'))

      expect(known.status).toBe(400)
      for (const other of [lockedOut, unknown]) {
        expect(other.status).toBe(known.status)
        expect(other.message).toBe(known.message)
        expect(other.statements).toEqual(known.statements)
        expect(other.hashes).toBe(known.hashes)
        expect(other.comparisons).toBe(known.comparisons)
      }
      // The real check did its work: it looked the code up and compared one hash.
      expect(known.statements.length).toBeGreaterThanOrEqual(4)
      expect(known.hashes).toBe(1)
      expect(known.comparisons).toBe(1)
    })
  }

  it('a wrong code still counts against the real account, and the right one still works', async () => {
    const account = await accountWithLiveCode('verify')
    await stepsOf('verify-email', account.email)
    const [row] = await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, account.email))
    const [budget] = await server.ctx.db.select().from(authLimits).where(eq(authLimits.userId, row!.id))
    expect(budget!.failures).toBe(1)
    const { code } = await lastEmail(server, account.email)
    expect((await call(server.url, 'POST', '/api/auth/verify-email', { body: { email: account.email, code } })).status).toBe(200)
  })
})
