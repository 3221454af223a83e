import { createServer, type Server } from 'node:http'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, nextEvent, startTestServer, type TestServer } from './harness'
import { channelWith, type Person, person, socketOf } from './chat-fixtures'

let server: TestServer
let base: string
beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterAll(() => server.stop())

describe('channels', () => {
  it('creates a channel: the creator is owner, it becomes their current channel, with a General group and a sanitised description', async () => {
    const owner = await person(base, 'Owner')
    const res = await owner.api('POST', 'channel/create', {
      name: 'Acme',
      description: '<p onclick="x()">Hi<script>alert(1)</script> <b>there</b></p>',
      is_public: true,
      use_for: 'sme',
      banner: 'sme',
    })
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({ name: 'Acme', role: 40, is_public: true, use_for: 'sme', banner: 'sme', members_count: 1 })
    expect(res.body.result.description).toBe('<p>Hi <b>there</b></p>')
    const me = await owner.api('GET', 'customer/user-info')
    expect(me.body.result.account.channel).toBe(res.body.result._id)
    const mine = await owner.api('GET', 'channel/my-channel')
    expect(mine.body.result.map((c: { name: string }) => c.name)).toEqual(['Acme'])
    const topics = await owner.api('GET', `topic-in-channel?channel_id=${res.body.result._id}`)
    expect(topics.body.result.map((t: { name: string; role: number }) => [t.name, t.role])).toEqual([['General', 40]])
  })

  it('refuses a second channel on the free plan with the exact upgrade message', async () => {
    const owner = await person(base)
    expect((await owner.api('POST', 'channel/create', { name: 'One', is_public: true })).status).toBe(200)
    const second = await owner.api('POST', 'channel/create', { name: 'Two', is_public: true })
    expect(second.status).toBe(400)
    expect(second.body.message).toBe('You have reached the number of channels (1), to increase the number please upgrade your account.')
    expect((await owner.api('GET', 'channel/my-channel')).body.result).toHaveLength(1)
  })

  it('counts and inserts atomically: eight parallel creates on the free plan (quota 1) make exactly one channel', async () => {
    const owner = await person(base)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => owner.api('POST', 'channel/create', { name: `Race ${i}`, is_public: true })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400])
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.message).toBe('You have reached the number of channels (1), to increase the number please upgrade your account.')
    }
    expect((await owner.api('GET', 'channel/my-channel')).body.result).toHaveLength(1)
  })

  it('checks the create payload: name required and at most 75, private needs a 6+ password', async () => {
    const owner = await person(base)
    const empty = await owner.api('POST', 'channel/create', { name: '', is_public: true })
    expect(empty.status).toBe(400)
    expect(empty.body.errors.name).toBeDefined()
    const long = await owner.api('POST', 'channel/create', { name: 'x'.repeat(76), is_public: true })
    expect(long.body.errors.name).toEqual(['Must be at most 75 characters'])
    const weak = await owner.api('POST', 'channel/create', { name: 'Secret', is_public: false, password: '123' })
    expect(weak.status).toBe(400)
    expect(weak.body.errors.password).toEqual(['Must be at least 6 characters'])
    expect((await owner.api('GET', 'channel/my-channel')).body.result).toHaveLength(0)
  })

  it('lets anyone see a channel card, and a signed-in user join a private one only with its password', async () => {
    const owner = await person(base)
    const guest = await person(base)
    const made = await owner.api('POST', 'channel/create', { name: 'Private club', is_public: false, password: 'sesame-123' })
    const id = made.body.result._id
    const anonymous = await call(base, 'GET', `/api/channel/info?channel_id=${id}`)
    expect(anonymous.status).toBe(200)
    expect(anonymous.body.result).toMatchObject({ name: 'Private club', is_public: false, role: 10, roles: {} })
    const wrong = await guest.api('POST', 'channel/join', { channel_id: id, password: 'nope-nope' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('The channel password is incorrect')
    expect((await guest.api('GET', `channel/page?channel_id=${id}`)).status).toBe(403)
    const right = await guest.api('POST', 'channel/join', { channel_id: id, password: 'sesame-123' })
    expect(right.body.result).toMatchObject({ role: 20, members_count: 2 })
    const page = await guest.api('GET', `channel/page?channel_id=${id}`)
    expect(page.body.result.customers.map((c: { role: number }) => c.role)).toEqual([40, 20])
    const topics = await guest.api('GET', 'topic')
    expect(topics.body.result.map((t: { name: string }) => t.name)).toEqual(['General'])
  })

  it('joins in one transaction: when adding the member to the first group fails, the channel membership is rolled back too', async () => {
    const owner = await person(base)
    const guest = await person(base)
    const made = await owner.api('POST', 'channel/create', { name: 'Half joined', is_public: true })
    const name = `fail_join_${guest.user._id.replace(/\W/g, '')}`
    // A fault between the two writes: the topic_members insert of this guest fails.
    await server.ctx.db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`),
    )
    await server.ctx.db.execute(
      sql.raw(
        `create trigger ${name} before insert on topic_members for each row when (new.user_id = '${guest.user._id}') execute function ${name}()`,
      ),
    )
    try {
      expect((await guest.api('POST', 'channel/join', { channel_id: made.body.result._id })).status).toBe(500)
    } finally {
      await server.ctx.db.execute(sql.raw(`drop trigger ${name} on topic_members`))
      await server.ctx.db.execute(sql.raw(`drop function ${name}()`))
    }
    expect((await guest.api('GET', 'channel/my-channel')).body.result).toEqual([])
    expect((await owner.api('GET', `channel/page?channel_id=${made.body.result._id}`)).body.result.customers).toHaveLength(1)
  })

  it('finds public channels by name but not private ones', async () => {
    const owner = await person(base)
    const other = await person(base)
    await owner.api('POST', 'channel/create', { name: 'Findable Gardeners', is_public: true })
    const other2 = await person(base)
    await other2.api('POST', 'channel/create', { name: 'Hidden Gardeners', is_public: false, password: 'secret-1' })
    const found = await other.api('GET', 'channel?keyword=gardeners')
    const names = found.body.result.map((c: { name: string }) => c.name)
    expect(names).toContain('Findable Gardeners')
    expect(names).not.toContain('Hidden Gardeners')
  })

  describe('roles and labels (stranger / member / admin / owner)', () => {
    let owner: Person, admin: Person, member: Person, stranger: Person, channelId: string
    beforeAll(async () => {
      ;[owner, admin, member, stranger] = await Promise.all([person(base, 'O'), person(base, 'A'), person(base, 'M'), person(base, 'S')])
      ;({ channelId } = await channelWith(owner, [admin, member]))
      const promoted = await owner.api('PUT', 'channel/role', { channel_id: channelId, customer_id: admin.user._id, role: 30 })
      expect(promoted.status).toBe(200)
    })

    it('only owner and admins change roles, never the owner’s or their own', async () => {
      const id = (p: Person) => p.user._id
      expect((await stranger.api('PUT', 'channel/role', { channel_id: channelId, customer_id: id(member), role: 30 })).status).toBe(403)
      expect((await member.api('PUT', 'channel/role', { channel_id: channelId, customer_id: id(member), role: 30 })).status).toBe(403)
      expect((await admin.api('PUT', 'channel/role', { channel_id: channelId, customer_id: id(owner), role: 20 })).status).toBe(403)
      expect((await admin.api('PUT', 'channel/role', { channel_id: channelId, customer_id: id(admin), role: 20 })).status).toBe(403)
      const byAdmin = await admin.api('PUT', 'channel/role', { channel_id: channelId, customer_id: id(member), role: 30 })
      expect(byAdmin.body.result.role).toBe(30)
      expect((await owner.api('PUT', 'channel/role', { channel_id: channelId, customer_id: id(member), role: 20 })).body.result.role).toBe(
        20,
      )
      const bad = await owner.api('PUT', 'channel/role', { channel_id: channelId, customer_id: id(member), role: 40 })
      expect(bad.status).toBe(400)
      expect(bad.body.errors.role).toBeDefined()
    })

    it('labels: members read, admins write, strangers get 403', async () => {
      expect((await member.api('POST', 'channel/label', { channel_id: channelId, name: 'Sales' })).status).toBe(403)
      const made = await admin.api('POST', 'channel/label', { channel_id: channelId, name: 'Sales', color: '#ff0000' })
      expect(made.body.result).toMatchObject({ name: 'Sales', color: '#ff0000' })
      expect((await member.api('GET', `channel/label?channel_id=${channelId}`)).body.result).toHaveLength(1)
      expect((await stranger.api('GET', `channel/label?channel_id=${channelId}`)).status).toBe(403)
      expect((await member.api('DELETE', 'channel/label', { label_id: made.body.result._id })).status).toBe(403)
      expect((await owner.api('DELETE', 'channel/label', { label_id: made.body.result._id })).status).toBe(200)
      expect((await member.api('GET', `channel/label?channel_id=${channelId}`)).body.result).toHaveLength(0)
    })
  })
})

describe('channel/suggest-description', () => {
  it('writes a fuller description offline, in the caller’s language', async () => {
    const user = await person(base)
    const en = await call(base, 'POST', '/api/channel/suggest-description', {
      token: user.access_token,
      body: { description: 'gardening tips' },
    })
    const text: string = en.body.result.choices[0].message.content
    expect(text).toContain('gardening tips')
    expect(text.length).toBeGreaterThan(100)
    const vi = await call(base, 'POST', '/api/channel/suggest-description', {
      token: user.access_token,
      body: { description: 'mẹo làm vườn' },
      headers: { 'accept-language': 'vi' },
    })
    expect(vi.body.result.choices[0].message.content).toMatch(/^Chào mừng bạn! Kênh này dành cho mẹo làm vườn/)
    const empty = await call(base, 'POST', '/api/channel/suggest-description', { token: user.access_token, body: { description: '  ' } })
    expect(empty.status).toBe(400)
  })

  it('calls an OpenAI-compatible endpoint when AI_BASE_URL is set', async () => {
    let seen: { model?: string; messages?: { content: string }[] } = {}
    const ai: Server = createServer((req, res) => {
      let raw = ''
      req.on('data', (c) => (raw += c))
      req.on('end', () => {
        seen = JSON.parse(raw)
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `A channel for ${seen.messages?.[1]?.content}.` } }] }))
      })
    })
    await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r))
    const port = (ai.address() as { port: number }).port
    const withAi = await startTestServer({ ai: { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'test-model' } })
    try {
      const user = await person(withAi.url)
      const res = await user.api('POST', 'channel/suggest-description', { description: 'chess club' })
      expect(res.body.result.choices[0].message.content).toBe('A channel for chess club.')
      expect(seen.model).toBe('test-model')
    } finally {
      await withAi.stop()
      ai.close()
    }
  })
})

describe('the topic list live', () => {
  it('a new group reaches an added member live; removal sends OUT_TOPIC and the topic leaves their list', async () => {
    const owner = await person(base, 'Olga')
    const bob = await person(base, 'Bob')
    const { channelId } = await channelWith(owner, [bob])
    const bobSocket = await socketOf(base, bob)
    try {
      const added = nextEvent<{ change: string; topic: { name: string; _id: string } }>(bobSocket, 'TOPIC_CHANGED')
      const made = await owner.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Launch', customer_ids: [bob.user._id] })
      expect(made.status).toBe(200)
      expect((await added).topic).toMatchObject({ name: 'Launch', role: 20 })
      const topicId = made.body.result._id
      const typing = nextEvent<{ topic_id: string }>(bobSocket, 'TYPING')
      const ownerSocket = await socketOf(base, owner)
      ownerSocket.emit('TYPING', { topic_id: topicId })
      expect((await typing).topic_id).toBe(topicId)
      ownerSocket.close()
      const out = nextEvent<{ topic_id: string }>(bobSocket, 'OUT_TOPIC')
      expect((await bob.api('DELETE', 'topic/member', { topic_id: topicId, customer_id: owner.user._id })).status).toBe(403)
      expect((await owner.api('DELETE', 'topic/member', { topic_id: topicId, customer_id: bob.user._id })).status).toBe(200)
      expect((await out).topic_id).toBe(topicId)
      const list = await bob.api('GET', 'topic')
      expect(list.body.result.map((t: { name: string }) => t.name)).not.toContain('Launch')
      expect((await bob.api('GET', `topic/info?topic_id=${topicId}`)).status).toBe(403)
    } finally {
      bobSocket.close()
    }
  })

  it('groups only take channel members, and a group needs at least a name', async () => {
    const owner = await person(base)
    const outsider = await person(base)
    const { channelId } = await channelWith(owner, [])
    const res = await owner.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'X', customer_ids: [outsider.user._id] })
    expect(res.status).toBe(400)
    expect(res.body.errors.customer_ids).toEqual(['These people are not members of the channel'])
    expect((await owner.api('POST', 'channel/add-topic', { channel_id: channelId, name: '' })).body.errors.name).toBeDefined()
    expect((await outsider.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Mine' })).status).toBe(403)
  })

  it('group settings restricted to admins: rename, add members, permissions', async () => {
    const owner = await person(base)
    const m1 = await person(base)
    const m2 = await person(base)
    const { channelId } = await channelWith(owner, [m1, m2])
    const made = await owner.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Ops', customer_ids: [m1.user._id] })
    const topicId = made.body.result._id
    expect((await m1.api('PUT', 'topic/rename', { topic_id: topicId, name: 'Ops 2' })).body.result.name).toBe('Ops 2')
    expect((await m1.api('PUT', 'topic/permission', { topic_id: topicId, permission: { edit_name: 1 } })).status).toBe(403)
    const restricted = await owner.api('PUT', 'topic/permission', { topic_id: topicId, permission: { edit_name: 1, add_member: 1 } })
    expect(restricted.body.result.permission).toMatchObject({ edit_name: 1, add_member: 1, remove_member: 1 })
    expect((await m1.api('PUT', 'topic/rename', { topic_id: topicId, name: 'Nope' })).status).toBe(403)
    expect((await m1.api('POST', 'topic/member', { topic_id: topicId, customer_ids: [m2.user._id] })).status).toBe(403)
    const info = await owner.api('POST', 'topic/member', { topic_id: topicId, customer_ids: [m2.user._id] })
    expect(info.body.result.customers.map((c: { role: number }) => c.role)).toEqual([40, 20, 20])
    expect((await m2.api('DELETE', 'topic/member', { topic_id: topicId, customer_id: m2.user._id })).status).toBe(200)
  })

  it('pins, hides (listed among the hidden, and back), marks seen and opens 1:1 chats by workid', async () => {
    const a = await person(base, 'Ann')
    const b = await person(base, 'Ben')
    const dm = await a.api('GET', `topic/chat-friend?workid=${b.user.workid}`)
    expect(dm.body.result).toMatchObject({ name: 'Ben', is_group: false, partner_id: b.user._id })
    const again = await b.api('GET', `topic/chat-friend?customer_id=${a.user._id}`)
    expect(again.body.result).toMatchObject({ _id: dm.body.result._id, name: 'Ann' })
    const id = dm.body.result._id
    expect((await a.api('PUT', 'channel/topic/pin', { topic_id: id })).body.result.is_pin).toBe(true)
    expect((await a.api('GET', 'channel/pin')).body.result).toHaveLength(1)
    expect((await a.api('PUT', 'channel/seen', { topic_id: id, is_seen: 0 })).body.result.is_seen).toBe(false)
    const seen = await a.api('GET', 'channel/seen')
    expect(seen.body.result).toContainEqual({ channel_id: null, is_seen: false, unseen: 1 })
    await a.api('PUT', 'topic/hide', { topic_id: id })
    expect((await a.api('GET', 'topic')).body.result).toHaveLength(0)
    // Hidden: listed among the hidden ones (for Ann only), until unhidden.
    expect((await a.api('GET', 'topic/hidden?page=1')).body.result.map((t: { _id: string }) => t._id)).toEqual([id])
    expect((await b.api('GET', 'topic/hidden?page=1')).body.result).toEqual([])
    expect((await a.api('PUT', 'topic/unhide', { topic_id: id })).body.result._id).toBe(id)
    expect((await a.api('GET', 'topic/hidden?page=1')).body.result).toEqual([])
    expect((await a.api('GET', 'topic')).body.result.map((t: { _id: string }) => t._id)).toEqual([id])
    await a.api('PUT', 'topic/hide', { topic_id: id })
    const stranger = await person(base)
    expect((await stranger.api('PUT', 'channel/topic/pin', { topic_id: id })).status).toBe(403)
    expect((await stranger.api('PUT', 'topic/unhide', { topic_id: id })).status).toBe(403)
    expect((await a.api('GET', 'topic/chat-friend?workid=nobody-here')).status).toBe(404)
  })
})
