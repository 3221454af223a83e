import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { startTestServer, type TestServer } from './harness'
import { channelWith, clientId, type Person, person } from './chat-fixtures'

/**
 * Every channel, topic, message and media endpoint, called by a stranger, a member, a channel admin
 * and the owner: who gets 403 and who gets through (the roles of docs/product-rules.md, with the default
 * group settings); then every body-taking endpoint with bad input: 400 with field messages, never 500.
 */
let server: TestServer
let base: string
let owner: Person, admin: Person, member: Person, stranger: Person
let channelId: string, topicId: string, memberMessage: string, memberFile: string, labelId: string

const roles = () => ({ stranger, member, admin, owner })
type Role = 'stranger' | 'member' | 'admin' | 'owner'

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
  ;[owner, admin, member, stranger] = await Promise.all([
    person(base, 'Owner'),
    person(base, 'Admin'),
    person(base, 'Member'),
    person(base, 'Stranger'),
  ])
  ;({ channelId, generalId: topicId } = await channelWith(owner, [admin, member]))
  expect((await owner.api('PUT', 'channel/role', { channel_id: channelId, customer_id: admin.user._id, role: 30 })).status).toBe(200)
  memberMessage = (await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'by the member' })).body
    .result._id
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.set('topic_id', topicId)
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'm.png')
  const uploaded = await fetch(`${base}/api/media/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${member.access_token}` },
  })
  memberFile = ((await uploaded.json()) as { result: { _id: string } }).result._id
  expect((await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, media_ids: [memberFile] })).status).toBe(200)
  labelId = (await owner.api('POST', 'channel/label', { channel_id: channelId, name: 'Ops' })).body.result._id
})
afterAll(() => server.stop())

/** A call and the roles it lets through (everyone else: 403). Calls are safe to repeat. */
interface Case {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: () => string
  body?: () => unknown
  allowed: Role[]
}
const everyoneIn: Role[] = ['member', 'admin', 'owner']
const admins: Role[] = ['admin', 'owner']

const cases: Case[] = [
  { name: 'channel/page', method: 'GET', url: () => `channel/page?channel_id=${channelId}`, allowed: everyoneIn },
  { name: 'channel/label (read)', method: 'GET', url: () => `channel/label?channel_id=${channelId}`, allowed: everyoneIn },
  {
    name: 'channel/label (write)',
    method: 'POST',
    url: () => 'channel/label',
    body: () => ({ channel_id: channelId, name: 'Extra' }),
    allowed: admins,
  },
  {
    name: 'channel/role',
    method: 'PUT',
    url: () => 'channel/role',
    body: () => ({ channel_id: channelId, customer_id: member.user._id, role: 20 }),
    allowed: admins,
  },
  { name: 'topic-in-channel', method: 'GET', url: () => `topic-in-channel?channel_id=${channelId}`, allowed: everyoneIn },
  { name: 'topic/info', method: 'GET', url: () => `topic/info?topic_id=${topicId}`, allowed: everyoneIn },
  { name: 'topic/message', method: 'GET', url: () => `topic/messages?topic_id=${topicId}`, allowed: everyoneIn },
  { name: 'topic/pinned', method: 'GET', url: () => `topic/pinned?topic_id=${topicId}`, allowed: everyoneIn },
  {
    name: 'topic/rename (open by default)',
    method: 'PUT',
    url: () => 'topic/rename',
    body: () => ({ topic_id: topicId, name: 'General' }),
    allowed: everyoneIn,
  },
  {
    name: 'topic/permission',
    method: 'PUT',
    url: () => 'topic/permission',
    body: () => ({ topic_id: topicId, permission: { poll: 0 } }),
    allowed: admins,
  },
  { name: 'topic/label', method: 'PUT', url: () => 'topic/label', body: () => ({ topic_id: topicId, label_id: labelId }), allowed: admins },
  { name: 'channel/topic/pin', method: 'PUT', url: () => 'channel/topic/pin', body: () => ({ topic_id: topicId }), allowed: everyoneIn },
  { name: 'channel/seen', method: 'PUT', url: () => 'channel/seen', body: () => ({ topic_id: topicId, is_seen: 1 }), allowed: everyoneIn },
  {
    name: 'message/send',
    method: 'POST',
    url: () => 'message/send',
    body: () => ({ client_id: clientId(), topic_id: topicId, message: 'hi' }),
    allowed: everyoneIn,
  },
  {
    name: "message/edit (someone else's)",
    method: 'PUT',
    url: () => 'message/edit',
    body: () => ({ message_id: memberMessage, message: 'changed' }),
    allowed: ['member'],
  },
  {
    name: 'message/pin',
    method: 'PUT',
    url: () => 'message/pin',
    body: () => ({ message_id: memberMessage, is_pin: 1 }),
    allowed: everyoneIn,
  },
  {
    name: 'message/forward',
    method: 'POST',
    url: () => 'message/forward',
    body: () => ({ message_id: memberMessage, topic_ids: [topicId] }),
    allowed: everyoneIn,
  },
  { name: 'media/storage', method: 'GET', url: () => `media/storage?channel_id=${channelId}`, allowed: everyoneIn },
  {
    name: "media/restore (the uploader's or an admin's)",
    method: 'PUT',
    url: () => 'media/restore',
    body: () => ({ media_id: memberFile }),
    allowed: ['member', 'admin', 'owner'],
  },
]

describe('who may call what (stranger / member / admin / owner)', () => {
  for (const c of cases) {
    it(c.name, async () => {
      for (const [role, who] of Object.entries(roles()) as [Role, Person][]) {
        const res = await who.api(c.method, c.url(), c.body?.())
        if (c.allowed.includes(role)) expect([role, res.status]).toEqual([role, 200])
        else expect([role, res.status]).toEqual([role, 403])
      }
    })
  }

  it("a member may not trash someone else's file; its uploader and admins may", async () => {
    expect((await stranger.api('PUT', 'media/trash', { media_id: memberFile })).status).toBe(403)
    expect((await owner.api('PUT', 'media/trash', { media_id: memberFile })).status).toBe(200)
    expect((await member.api('PUT', 'media/restore', { media_id: memberFile })).status).toBe(200)
    const other = await person(base, 'Other')
    expect((await other.api('POST', 'channel/join', { channel_id: channelId })).status).toBe(200)
    expect((await other.api('PUT', 'media/trash', { media_id: memberFile })).status).toBe(403)
  })

  it('removing someone from a group is for admins by default; a stranger may not even look', async () => {
    expect((await stranger.api('DELETE', 'topic/member', { topic_id: topicId, customer_id: member.user._id })).status).toBe(403)
    expect((await member.api('DELETE', 'topic/member', { topic_id: topicId, customer_id: admin.user._id })).status).toBe(403)
    const other = await person(base, 'Leaving')
    expect((await other.api('POST', 'channel/join', { channel_id: channelId })).status).toBe(200)
    expect((await admin.api('DELETE', 'topic/member', { topic_id: topicId, customer_id: other.user._id })).status).toBe(200)
    expect((await other.api('GET', `topic/info?topic_id=${topicId}`)).status).toBe(403)
  })

  it("a group's picture: the member's own public upload, until admins keep edit_image to themselves", async () => {
    const publicUpload = async (who: Person) => {
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer()
      const form = new FormData()
      form.set('acl', 'public')
      form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'group.png')
      const res = await fetch(`${base}/api/media/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${who.access_token}` },
      })
      return ((await res.json()) as { result: { _id: string } }).result._id
    }
    const mine = await publicUpload(member)
    const theirs = await publicUpload(admin)
    expect((await stranger.api('PUT', 'topic/image', { topic_id: topicId, file_id: mine })).status).toBe(403)
    expect((await member.api('PUT', 'topic/image', { topic_id: topicId, file_id: theirs })).status).toBe(400)
    const set = await member.api('PUT', 'topic/image', { topic_id: topicId, file_id: mine })
    expect(set.status).toBe(200)
    expect(set.body.result.image).toMatch(/^\/api\/media\/public\//)
    expect((await fetch(base + set.body.result.image)).status).toBe(200)
    expect((await admin.api('PUT', 'topic/permission', { topic_id: topicId, permission: { edit_image: 1 } })).status).toBe(200)
    expect((await member.api('PUT', 'topic/image', { topic_id: topicId, file_id: null })).status).toBe(403)
    const cleared = await admin.api('PUT', 'topic/image', { topic_id: topicId, file_id: null })
    expect(cleared.body.result.image).toBeNull()
    expect((await admin.api('PUT', 'topic/permission', { topic_id: topicId, permission: { edit_image: 0 } })).status).toBe(200)
  })

  it('when admins keep send_message to themselves, a member is refused and nothing is stored', async () => {
    const latest = async () => (await owner.api('GET', `topic/messages?topic_id=${topicId}&page=1`)).body.result[0].message
    expect((await admin.api('PUT', 'topic/permission', { topic_id: topicId, permission: { send_message: 1 } })).status).toBe(200)
    try {
      expect((await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'not allowed' })).status).toBe(
        403,
      )
      expect((await stranger.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'stranger' })).status).toBe(
        403,
      )
      expect(await latest()).not.toBe('not allowed')
      expect((await admin.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'by the admin' })).status).toBe(
        200,
      )
      expect((await owner.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'by the owner' })).status).toBe(
        200,
      )
      expect(await latest()).toBe('by the owner')
    } finally {
      expect((await admin.api('PUT', 'topic/permission', { topic_id: topicId, permission: { send_message: 0 } })).status).toBe(200)
    }
    expect((await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'allowed again' })).status).toBe(
      200,
    )
  })

  it('unknown ids are 404, not 500', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await member.api('GET', `topic/info?topic_id=${unknown}`)).status).toBe(404)
    expect((await member.api('PUT', 'message/edit', { message_id: unknown, message: 'x' })).status).toBe(404)
  })
})

describe('bad input: 400 with field messages, never 500', () => {
  const bodies: [string, 'POST' | 'PUT' | 'DELETE', unknown][] = [
    ['channel/create', 'POST', { name: '', is_public: 'yes' }],
    ['channel/join', 'POST', { channel_id: 5, password: ['x'] }],
    ['channel/role', 'PUT', { channel_id: 42, customer_id: null, role: 'boss' }],
    ['channel/label', 'POST', { channel_id: 'x', name: '', color: 'red' }],
    ['channel/add-topic', 'POST', { channel_id: 'x', name: '' }],
    ['channel/suggest-description', 'POST', { description: '' }],
    ['topic/member', 'POST', { topic_id: 'x', customer_ids: [] }],
    ['topic/member', 'DELETE', { topic_id: 'x' }],
    ['topic/rename', 'PUT', { topic_id: 'x', name: 'n'.repeat(76) }],
    ['topic/image', 'PUT', { topic_id: 'x' }],
    ['topic/permission', 'PUT', { topic_id: 'x', permission: { poll: 2 } }],
    ['channel/seen', 'PUT', { topic_id: 'x', is_seen: 'maybe' }],
    ['message/send', 'POST', { client_id: 'short', topic_id: 'x', message: '' }],
    ['message/edit', 'PUT', { message_id: 'x', message: '' }],
    ['message/pin', 'PUT', { message_id: 'x', is_pin: true }],
    ['message/forward', 'POST', { message_id: 'x', topic_ids: [] }],
    ['media/trash', 'PUT', { media_id: 7 }],
    ['customer/current-channel', 'PUT', { channel_id: '' }],
  ]
  for (const [url, method, body] of bodies) {
    it(`${method} ${url}`, async () => {
      const res = await member.api(method, url, body)
      expect(res.status).toBe(400)
      expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0)
    })
  }

  it('an unknown field or a body that is not JSON is refused too', async () => {
    expect((await member.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: 'x', admin: true })).status).toBe(
      400,
    )
    const raw = await fetch(`${base}/api/message/send`, {
      method: 'POST',
      body: '{"client_id":',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.access_token}` },
    })
    expect(raw.status).toBe(400)
  })
})
