import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { DEFAULT_SUPPORT_API_KEY, SUPPORT_BOT_WORKID } from '../../contract'
import { users } from '../../server/db/schema'
import { SUPPORT_ACK } from '../../server/modules/support'
import { clientId, socketOf } from './chat-fixtures'
import {
  call,
  connected,
  DATABASE_URL,
  FIXTURE_PASSWORD,
  REDIS_URL,
  socketFor,
  startTestServer,
  type TestServer,
  verifiedAccount,
} from './harness'
import { pngBytes, upload, verifiedPerson } from './verified-fixtures'

/** The account pages' endpoints (issue 15, Pages): sessions (/log), storage summary, trash, support chat. */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

/** A second login of the account, from a browser of its own. */
async function loginFrom(email: string, userAgent: string) {
  const res = await call(server.url, 'POST', '/api/auth/login', {
    body: { email, password: FIXTURE_PASSWORD },
    headers: { 'user-agent': userAgent },
  })
  expect(res.status).toBe(200)
  return res.body.result.access_token as string
}
const api = (token: string, method: string, url: string, body?: unknown) => call(server.url, method, `/api/${url}`, { token, body })

interface Listed {
  sessions: {
    _id: string
    device: { type: string | null; browser: string | null; os: string | null }
    ip: string | null
    current: boolean
    last_seen_at: string
  }[]
  history: { device: { browser: string | null }; ip: string | null }[]
}

describe('sessions (/log)', () => {
  it('lists the open sessions with device, browser, address and last use, the calling one marked, and every login in the history', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const firefox = await loginFrom(ann.email, FIREFOX_LINUX)
    const iphone = await loginFrom(ann.email, SAFARI_IPHONE)
    const res = await api(firefox, 'GET', 'auth/sessions')
    expect(res.status).toBe(200)
    const listed = res.body.result as Listed
    // verifiedPerson's sign-up and login sessions, and the two logins here.
    expect(listed.sessions).toHaveLength(4)
    expect(listed.sessions.filter((s) => s.current)).toHaveLength(1)
    const current = listed.sessions.find((s) => s.current)!
    expect(current.device).toEqual({ type: 'desktop', browser: 'Firefox 128', os: 'Linux' })
    expect(current.ip).toMatch(/127\.0\.0\.1|::1/)
    const phone = listed.sessions.find((s) => s.device.browser === 'Safari 17')!
    expect(phone.device.type).toBe('mobile')
    expect(phone.device.os).toMatch(/^iOS/)
    expect(Number.isNaN(Date.parse(phone.last_seen_at))).toBe(false)
    expect(listed.history).toHaveLength(4)
    expect(listed.history.slice(0, 2).map((h) => h.device.browser)).toEqual(['Safari 17', 'Firefox 128'])
    // Someone else sees none of them.
    const bob = await verifiedPerson(server, 'Bob')
    const theirs = (await bob.api('GET', 'auth/sessions')).body.result as Listed
    expect(theirs.sessions.map((s) => s._id)).not.toContain(current._id)
    expect(theirs.sessions).toHaveLength(2)
    void iphone
  })

  it('ending another session: its next HTTP call gets 401 at once, its socket is dropped, and it leaves the list', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const other = await loginFrom(ann.email, SAFARI_IPHONE)
    // The other session is in use: its calls pass and its socket is connected.
    expect((await api(other, 'GET', 'customer/user-info')).status).toBe(200)
    const socket = socketFor(server.url, { token: other })
    await connected(socket)
    const dropped = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)))

    const listed = (await ann.api('GET', 'auth/sessions')).body.result as Listed
    const target = listed.sessions.find((s) => s.device.browser === 'Safari 17')!
    const res = await ann.api('DELETE', 'auth/sessions', { session_id: target._id })
    expect(res.status).toBe(200)
    expect(res.body.result).toEqual({ revoked: 1 })

    expect((await api(other, 'GET', 'customer/user-info')).status).toBe(401)
    expect(await dropped).toBe('io server disconnect')
    socket.close()
    const after = (await ann.api('GET', 'auth/sessions')).body.result as Listed
    expect(after.sessions.map((s) => s._id)).not.toContain(target._id)
    // The caller's own session goes on.
    expect((await ann.api('GET', 'customer/user-info')).status).toBe(200)
    // Ending it again, or someone else's session, or a made-up one: 404.
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: target._id })).status).toBe(404)
    const bob = await verifiedPerson(server, 'Bob')
    const bobs = ((await bob.api('GET', 'auth/sessions')).body.result as Listed).sessions.find((s) => s.current)!._id
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: bobs })).status).toBe(404)
    expect((await bob.api('GET', 'customer/user-info')).status).toBe(200)
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: 'no-such-session' })).status).toBe(404)
  })

  it('signing out every other session keeps only the caller’s; the others get 401 at once', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const others = [await loginFrom(ann.email, FIREFOX_LINUX), await loginFrom(ann.email, SAFARI_IPHONE)]
    for (const token of others) expect((await api(token, 'GET', 'customer/user-info')).status).toBe(200)
    const res = await ann.api('POST', 'auth/sessions/revoke-others')
    expect(res.status).toBe(200)
    // The two logins here and verifiedPerson's sign-up session.
    expect(res.body.result).toEqual({ revoked: 3 })
    for (const token of others) expect((await api(token, 'GET', 'customer/user-info')).status).toBe(401)
    const after = (await ann.api('GET', 'auth/sessions')).body.result as Listed
    expect(after.sessions).toHaveLength(1)
    expect(after.sessions[0]!.current).toBe(true)
    // Nothing left to end.
    expect((await ann.api('POST', 'auth/sessions/revoke-others')).body.result).toEqual({ revoked: 0 })
  })

  it('refuses bad input with field messages and anonymous callers with 401', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const bad = await ann.api('DELETE', 'auth/sessions', { session_id: '' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['session_id'])
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: 'x', extra: 1 })).status).toBe(400)
    expect((await call(server.url, 'GET', '/api/auth/sessions')).status).toBe(401)
  })
})

describe('storage summary and trash (/account/storage, /account/trash)', () => {
  it('counts the caller’s files by channel and chat against the plan’s quota, and lists their trash across channels', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const bob = await verifiedPerson(server, 'Bob')
    const made = (await ann.api('POST', 'channel/create', { name: 'Design', is_public: true })).body.result as { _id: string }
    const general = ((await ann.api('GET', `topic-in-channel?channel_id=${made._id}`)).body.result as { _id: string }[])[0]!._id
    const dm = ((await ann.api('GET', `topic/chat-friend?customer_id=${bob.user._id}`)).body.result as { _id: string })._id
    const bytes = await pngBytes()
    const inGroup = (await upload(server, ann, { bytes, name: 'plan.png', topicId: general })).body.result as { _id: string }
    const inDm = (await upload(server, ann, { bytes, name: 'photo.png', topicId: dm })).body.result as { _id: string }
    for (const [topic, id] of [
      [general, inGroup._id],
      [dm, inDm._id],
    ] as const) {
      expect((await ann.api('POST', 'message/send', { client_id: clientId(), topic_id: topic, message: '', media_ids: [id] })).status).toBe(
        200,
      )
    }
    // Bob's own file in the chat is his, not Ann's.
    const bobs = (await upload(server, bob, { bytes, name: 'bob.png', topicId: dm })).body.result as { _id: string }
    await bob.api('POST', 'message/send', { client_id: clientId(), topic_id: dm, message: '', media_ids: [bobs._id] })

    const summary = (await ann.api('GET', 'media/storage-summary')).body.result as {
      used: number
      quota: number
      plan: string
      channels: {
        channel_id: string | null
        name: string
        bytes: number
        files: number
        topics: { topic_id: string; name: string; bytes: number }[]
      }[]
    }
    expect(summary.plan).toBe('freemium')
    // The freemium plan's 1 GB (PLAN_LIMITS), counted as 1024³ bytes.
    expect(summary.quota).toBe(1024 ** 3)
    expect(summary.used).toBe(bytes.length * 2)
    const channel = summary.channels.find((c) => c.channel_id === made._id)!
    expect(channel).toMatchObject({ name: 'Design', bytes: bytes.length, files: 1 })
    expect(channel.topics).toEqual([{ topic_id: general, name: 'General', bytes: bytes.length, files: 1 }])
    const chats = summary.channels.find((c) => c.channel_id === null)!
    expect(chats.topics).toEqual([{ topic_id: dm, name: 'Bob', bytes: bytes.length, files: 1 }])

    // The trash: Ann's trashed files of every channel and chat, not Bob's.
    expect((await ann.api('GET', 'media/my-trash')).body.result).toEqual([])
    expect((await ann.api('PUT', 'media/trash', { media_id: inGroup._id })).status).toBe(200)
    expect((await ann.api('PUT', 'media/trash', { media_id: inDm._id })).status).toBe(200)
    expect((await bob.api('PUT', 'media/trash', { media_id: bobs._id })).status).toBe(200)
    const trash = (await ann.api('GET', 'media/my-trash?page=1')).body.result as {
      _id: string
      channel_id: string | null
      channel_name: string | null
      trashed_at: string
    }[]
    expect(trash.map((f) => f._id)).toEqual([inDm._id, inGroup._id])
    expect(trash[1]).toMatchObject({ channel_id: made._id, channel_name: 'Design' })
    expect(trash[0]).toMatchObject({ channel_id: null, channel_name: null })
    // Trashed files still count until deleted for good.
    expect(((await ann.api('GET', 'media/storage-summary')).body.result as { used: number }).used).toBe(bytes.length * 2)
    // Restore one, delete the other for good: the trash empties and the usage drops.
    expect((await ann.api('PUT', 'media/restore', { media_id: inGroup._id })).status).toBe(200)
    expect((await ann.api('DELETE', 'media/purge', { media_id: inDm._id })).status).toBe(200)
    expect((await ann.api('GET', 'media/my-trash')).body.result).toEqual([])
    expect(((await ann.api('GET', 'media/storage-summary')).body.result as { used: number }).used).toBe(bytes.length)
    expect((await ann.api('GET', 'media/my-trash?page=0')).status).toBe(400)
  })
})

describe('storage of a new account', () => {
  it('reports 0 bytes used and no channels before any file is shared', async () => {
    const fresh = await verifiedPerson(server, 'Fresh')
    const summary = (await fresh.api('GET', 'media/storage-summary')).body.result as { used: number; quota: number; channels: unknown[] }
    expect(summary.used).toBe(0)
    expect(summary.quota).toBe(1024 ** 3)
    expect(summary.channels).toEqual([])
  })
})

describe('support chat', () => {
  const key = DEFAULT_SUPPORT_API_KEY
  it('gives each customer one chat with the desk (the same on every call), the desk acknowledges a message once, and the desk account sees it', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const first = await ann.api('GET', `workid/chat/chat-friend?api_key=${key}&customer_id=${ann.user._id}`)
    expect(first.status).toBe(200)
    const { topic_id, bot_id } = first.body.result as { topic_id: string; bot_id: string }
    const again = await Promise.all(
      [1, 2, 3].map(() => ann.api('GET', `workid/chat/chat-friend?api_key=${key}&customer_id=${ann.user._id}`)),
    )
    for (const res of again) expect(res.body.result).toEqual({ topic_id, bot_id })
    // One desk for everyone, made once.
    const bob = await verifiedPerson(server, 'Bob')
    const bobs = (await bob.api('GET', `workid/chat/chat-friend?api_key=${key}&customer_id=${bob.user._id}`)).body.result as {
      topic_id: string
      bot_id: string
    }
    expect(bobs.bot_id).toBe(bot_id)
    expect(bobs.topic_id).not.toBe(topic_id)
    expect(await server.ctx.db.select().from(users).where(eq(users.workid, SUPPORT_BOT_WORKID))).toHaveLength(1)

    const socket = await socketOf(server.url, ann)
    const acks: { sender: { _id: string } | null; message: string }[] = []
    socket.on('NEW_MESSAGE', ({ message: m }: { message: { sender: { _id: string } | null; message: string; topic_id: string } }) => {
      if (m.topic_id === topic_id && m.sender?._id === bot_id) acks.push(m)
    })
    expect((await ann.api('POST', 'message/send', { client_id: clientId(), topic_id, message: 'I cannot upload a file' })).status).toBe(200)
    // The acknowledgement arrives live.
    await vi.waitFor(() => expect(acks).toHaveLength(1), { timeout: 5000 })
    expect(acks[0]!.message).toBe(SUPPORT_ACK.en)
    // A second message in the quiet spell is stored, not acknowledged again.
    expect(
      (await ann.api('POST', 'message/send', { client_id: clientId(), topic_id, message: 'It says the file type is not allowed' })).status,
    ).toBe(200)
    const stored = (await ann.api('GET', `topic/messages?topic_id=${topic_id}`)).body.result as {
      message: string
      sender: { _id: string } | null
    }[]
    expect(stored.map((m) => m.message)).toEqual(['It says the file type is not allowed', SUPPORT_ACK.en, 'I cannot upload a file'])
    socket.close()
  })

  it('refuses another desk’s key or someone else’s customer id (403) and bad input (400)', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const bob = await verifiedPerson(server, 'Bob')
    expect((await ann.api('GET', `workid/chat/chat-friend?api_key=wrong&customer_id=${ann.user._id}`)).status).toBe(403)
    expect((await ann.api('GET', `workid/chat/chat-friend?api_key=${key}&customer_id=${bob.user._id}`)).status).toBe(403)
    const bad = await ann.api('GET', `workid/chat/chat-friend?customer_id=${ann.user._id}`)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['api_key'])
  })
})

describe('the support desk is the operator’s account when SUPPORT_OPERATOR_EMAIL names one', () => {
  let other: TestServer
  afterAll(async () => {
    await other?.stop()
  })
  it('the operator gets the customer’s chat in their list and reads the message', async () => {
    const email = `operator-${Date.now()}@example.test`
    other = await startTestServer({ support: { operatorEmail: email } })
    const account = await verifiedAccount(other, { name: 'Operator', email })
    const operator = {
      ...account,
      api: (method: string, url: string, body?: unknown) => call(other.url, method, `/api/${url}`, { token: account.access_token, body }),
    }
    const ann = await verifiedPerson(other, 'Ann')
    const { topic_id, bot_id } = (
      await ann.api('GET', `workid/chat/chat-friend?api_key=${DEFAULT_SUPPORT_API_KEY}&customer_id=${ann.user._id}`)
    ).body.result as { topic_id: string; bot_id: string }
    expect(bot_id).toBe(operator.user._id)
    await ann.api('POST', 'message/send', { client_id: clientId(), topic_id, message: 'Hello support' })
    const seen = (await operator.api('GET', `topic/messages?topic_id=${topic_id}`)).body.result as { message: string }[]
    expect(seen.map((m) => m.message)).toContain('Hello support')
    const list = (await operator.api('GET', 'topic')).body.result as { _id: string }[]
    expect(list.map((t) => t._id)).toContain(topic_id)
  })
})

describe.runIf(DATABASE_URL && REDIS_URL)('signing out a session on one node, with two nodes sharing PostgreSQL and Redis', () => {
  let nodeB: TestServer
  beforeAll(async () => {
    nodeB = await startTestServer()
  })
  afterAll(async () => {
    await nodeB?.stop()
  })

  it('the session’s next call on the other node is a 401 at once, though that node had just trusted it', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const other = await loginFrom(ann.email, SAFARI_IPHONE)
    // Node B checks the other session and caches its 'open' verdict for a few seconds.
    expect((await call(nodeB.url, 'GET', '/api/customer/user-info', { token: other })).status).toBe(200)
    const target = ((await ann.api('GET', 'auth/sessions')).body.result as Listed).sessions.find((s) => s.device.browser === 'Safari 17')!
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: target._id })).status).toBe(200)
    // Node A announced the revocation through Redis; node B forgets its verdict on hearing it.
    await vi.waitFor(async () => expect((await call(nodeB.url, 'GET', '/api/customer/user-info', { token: other })).status).toBe(401), {
      timeout: 2000,
      interval: 50,
    })
  })
})
