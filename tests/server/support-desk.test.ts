import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { DEFAULT_SUPPORT_API_KEY, SUPPORT_BOT_WORKID } from '../../contract'
import { users } from '../../server/db/schema'
import { call, lastEmail, registerUnverified, startTestServer, type TestServer } from './harness'
import { verifiedPerson } from './verified-fixtures'

/**
 * Security review 2, finding 6: the support desk cannot be squatted or broken. Its account is made
 * as the server starts, under a domain sign-up refuses (workroom.invalid), and is found by its
 * workid only; SUPPORT_OPERATOR_EMAIL counts only once that account has verified its email; and
 * super-search does not list the desk.
 */
let server: TestServer
let operatorSite: TestServer
const OPERATOR_EMAIL = `operator-${Date.now()}@example.test`

beforeAll(async () => {
  ;[server, operatorSite] = await Promise.all([startTestServer(), startTestServer({ support: { operatorEmail: OPERATOR_EMAIL } })])
})
afterAll(async () => {
  await Promise.all([server?.stop(), operatorSite?.stop()])
})

const supportChat = async (server: TestServer, name: string) => {
  const customer = await verifiedPerson(server, name)
  const res = await customer.api('GET', `workid/chat/chat-friend?api_key=${DEFAULT_SUPPORT_API_KEY}&customer_id=${customer.user._id}`)
  return { customer, res }
}
const deskRows = (server: TestServer) => server.ctx.db.select().from(users).where(eq(users.workid, SUPPORT_BOT_WORKID))

describe('the support desk account', () => {
  it('exists as soon as the server runs (verified, under the reserved domain); a sign-up with the old desk address breaks nothing', async () => {
    // First thing on this server: no support chat and no message has been made yet.
    const [desk, ...more] = await deskRows(server)
    expect(more).toHaveLength(0)
    expect(desk!.emailVerified).toBe(1)
    expect(desk!.email).toMatch(/@workroom\.invalid$/)

    const squatter = await registerUnverified(server.url, { name: 'Workroom Support', email: 'support@workroom.local' })
    const { customer, res } = await supportChat(server, 'Ann')
    expect(res.status).toBe(200)
    expect(res.body.result.bot_id).toBe(desk!.id)
    expect(res.body.result.bot_id).not.toBe(squatter.user._id)
    const sent = await customer.api('POST', 'message/send', {
      client_id: crypto.randomUUID(),
      topic_id: res.body.result.topic_id,
      message: 'Hello?',
    })
    expect(sent.status).toBe(200)
  })

  it('sign-up refuses an address under the reserved domain (400 on the email field)', async () => {
    for (const email of ['support@workroom.invalid', ' Desk@WORKROOM.invalid ']) {
      const res = await call(server.url, 'POST', '/api/auth/register', { body: { name: 'Desk', email, password: 'Lantern-Orbit-7391' } })
      expect(res.status, email).toBe(400)
      expect(res.body.errors.email, email).toEqual(['Email is invalid'])
    }
    // A look-alike domain is an ordinary address.
    expect((await registerUnverified(server.url, { email: `x-${Date.now()}@workroom.invalid.example` })).user._id).toBeTruthy()
  })

  it('super-search does not list the desk', async () => {
    const { customer, res } = await supportChat(server, 'Ann')
    expect(res.status).toBe(200)
    for (const keyword of ['Workroom Support', SUPPORT_BOT_WORKID]) {
      const found = (await customer.api('GET', `super-search?keyword=${encodeURIComponent(keyword)}&page=1`)).body.result.customer as {
        _id: string
      }[]
      expect(found.map((p) => p._id)).not.toContain(res.body.result.bot_id)
    }
  })
})

describe('SUPPORT_OPERATOR_EMAIL', () => {
  it('an unverified registration of the address is not the desk; once the owner verifies, the next chat goes to them', async () => {
    const squatter = await registerUnverified(operatorSite.url, { name: 'Operator', email: OPERATOR_EMAIL })
    const first = await supportChat(operatorSite, 'Ann')
    expect(first.res.status).toBe(200)
    const [desk] = await deskRows(operatorSite)
    expect(first.res.body.result.bot_id).toBe(desk!.id)

    const { code } = await lastEmail(operatorSite, OPERATOR_EMAIL)
    expect((await call(operatorSite.url, 'POST', '/api/auth/verify-email', { body: { email: OPERATOR_EMAIL, code } })).status).toBe(200)
    const second = await supportChat(operatorSite, 'Bob')
    expect(second.res.body.result.bot_id).toBe(squatter.user._id)
  })
})
