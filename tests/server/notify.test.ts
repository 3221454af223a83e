import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import { FIELD_MESSAGES, notification, SERVER_MESSAGES, type Notification } from '../../contract'
import type { NotifyService } from '../../server/modules/notify'
import {
  type Account,
  call,
  connected,
  DATABASE_URL,
  nextEvent,
  REDIS_URL,
  register,
  silence,
  socketFor,
  startTestServer,
  type TestServer,
} from './harness'

let server: TestServer
let base: string
let notify: NotifyService
const sockets: Socket[] = []
const open = (token: string) => {
  const s = socketFor(base, { token })
  sockets.push(s)
  return s
}

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
  notify = server.services.notify
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(async () => {
  await server?.stop()
})

const get = (url: string, token?: string) => call(base, 'GET', url, { token })
const put = (url: string, body: unknown, token?: string) => call(base, 'PUT', url, { body, token })

/** A friend request from `from` to `to`, as the friends domain will send it. */
const friendRequest = (to: Account, from: Account, message = `${from.name} sent you a friend request`) =>
  notify.notify(to.user._id, { type: 'friend', actorId: from.user._id, notifiableId: from.user._id, message, friendStatus: 1 })

describe('notify(userId, input): stores the notification and sends it live as `data`', () => {
  it("reaches every socket of the user, on no one else's", async () => {
    const me = await register(base, { name: 'Lan Nguyễn' })
    const friend = await register(base, { name: 'Minh Trần' })
    const phone = open(me.access_token)
    const laptop = open(me.access_token)
    const stranger = open(friend.access_token)
    await Promise.all([connected(phone), connected(laptop), connected(stranger)])

    const onPhone = nextEvent<Notification>(phone, 'data')
    const onLaptop = nextEvent<Notification>(laptop, 'data')
    const quiet = silence(stranger, 'data')
    const stored = await friendRequest(me, friend)

    const live = await onPhone
    expect(notification.parse(live)).toEqual(live)
    expect(live).toEqual(stored)
    expect(await onLaptop).toEqual(stored)
    expect(await quiet).toBe(true)
    expect(live).toMatchObject({
      is_seen: false,
      notifiable_type: 'friend',
      notifiable_id: friend.user._id,
      object_id: null,
      value: null,
      customer: { _id: friend.user._id, name: 'Minh Trần', photo_url: null, workid: friend.user.workid },
      notify_message: 'Minh Trần sent you a friend request',
      notify_message_json: null,
      friend_status: 1,
    })
    expect(live.time).toBe(live.created_at)
    expect(new Date(live.created_at).toISOString()).toBe(live.created_at)
  })

  it('keeps value, message key and the time it is about; a system notice has no customer', async () => {
    const me = await register(base)
    const deadline = '2030-01-02T03:04:05.000Z'
    const item = await notify.notify(me.user._id, {
      type: 'calendar',
      message: 'Reminder: design review',
      objectId: 'cal-1',
      value: { key: 'remind', deadline, topic_id: 'topic-9' },
      messageJson: { key: 'calendar_remind', value: { title: 'design review' } },
      time: new Date(deadline),
    })
    expect(item).toMatchObject({
      customer: null,
      object_id: 'cal-1',
      value: { key: 'remind', deadline, topic_id: 'topic-9' },
      notify_message_json: { key: 'calendar_remind', value: { title: 'design review' } },
      time: deadline,
      friend_status: null,
    })
    const listed = (await get('/api/notify?page=1', me.access_token)).body.result
    expect(listed).toEqual([item])
  })
})

describe('GET notify', () => {
  it('pages by 20, newest first, only the caller’s', async () => {
    const me = await register(base)
    const other = await register(base)
    for (let i = 1; i <= 23; i++) await notify.notify(me.user._id, { type: 'todo', message: `task ${i}` })
    await notify.notify(other.user._id, { type: 'todo', message: 'not yours' })

    const first = await get('/api/notify?page=1', me.access_token)
    expect(first.status).toBe(200)
    expect(first.body.result).toHaveLength(20)
    expect(first.body.result.map((n: Notification) => n.notify_message)).toEqual(Array.from({ length: 20 }, (_, i) => `task ${23 - i}`))
    for (const item of first.body.result) expect(notification.parse(item)).toEqual(item)

    const second = await get('/api/notify?page=2', me.access_token)
    expect(second.body.result.map((n: Notification) => n.notify_message)).toEqual(['task 3', 'task 2', 'task 1'])
    expect((await get('/api/notify?page=3', me.access_token)).body.result).toEqual([])
    // No page: the first.
    expect((await get('/api/notify', me.access_token)).body.result).toEqual(first.body.result)
  })

  it('a new user has none', async () => {
    const me = await register(base)
    expect((await get('/api/notify?page=1', me.access_token)).body).toEqual({ result: [] })
    expect((await get('/api/notify/all-number', me.access_token)).body).toEqual({ result: { notification: 0 } })
  })
})

describe('unread count, seen and seen-all', () => {
  it('counts unread, marks one read (idempotent), then all', async () => {
    const me = await register(base)
    const friend = await register(base)
    const a = await friendRequest(me, friend)
    await notify.notify(me.user._id, { type: 'payment', message: 'Payment failed' })
    await notify.notify(me.user._id, {
      type: 'booking',
      message: 'New booking request',
      value: { booking: { calendar: { name: 'Consulting' } } },
    })
    expect((await get('/api/notify/all-number', me.access_token)).body).toEqual({ result: { notification: 3 } })

    expect((await put('/api/notify/seen', { notify_id: a._id }, me.access_token)).body).toEqual({ result: { notification: 2 } })
    expect((await put('/api/notify/seen', { notify_id: a._id }, me.access_token)).body).toEqual({ result: { notification: 2 } })
    const listed = (await get('/api/notify?page=1', me.access_token)).body.result as Notification[]
    expect(listed.map((n) => [n.notify_message, n.is_seen])).toEqual([
      ['New booking request', false],
      ['Payment failed', false],
      [`${friend.name} sent you a friend request`, true],
    ])

    expect((await put('/api/notify/seen-all', undefined, me.access_token)).body).toEqual({ result: { notification: 0 } })
    expect((await get('/api/notify/all-number', me.access_token)).body).toEqual({ result: { notification: 0 } })
    expect(((await get('/api/notify?page=1', me.access_token)).body.result as Notification[]).every((n) => n.is_seen)).toBe(true)
    // Nothing left: still fine.
    expect((await put('/api/notify/seen-all', {}, me.access_token)).status).toBe(200)
  })

  it("seen-all leaves other users' notifications unread", async () => {
    const me = await register(base)
    const other = await register(base)
    await notify.notify(me.user._id, { type: 'todo', message: 'mine' })
    await notify.notify(other.user._id, { type: 'todo', message: 'theirs' })
    await put('/api/notify/seen-all', {}, me.access_token)
    expect((await get('/api/notify/all-number', other.access_token)).body.result.notification).toBe(1)
  })
})

describe('errors: 401, 403, 404, 400', () => {
  it('401 without or with a bad token, on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/notify?page=1'],
      ['GET', '/api/notify/all-number'],
      ['PUT', '/api/notify/seen', { notify_id: 'x' }],
      ['PUT', '/api/notify/seen-all', {}],
    ]
    for (const [method, url, body] of calls) {
      for (const token of [undefined, 'garbage']) {
        const res = await call(base, method, url, { body, token })
        expect(res.status, `${method} ${url}`).toBe(401)
        expect(res.body).toEqual({ message: SERVER_MESSAGES.unauthenticated.en })
      }
    }
  })

  it("403 on someone else's notification, and it stays unread", async () => {
    const me = await register(base)
    const other = await register(base)
    const theirs = await notify.notify(other.user._id, { type: 'todo', message: 'theirs' })
    const res = await put('/api/notify/seen', { notify_id: theirs._id }, me.access_token)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: SERVER_MESSAGES.permissionDenied.en })
    expect((await get('/api/notify/all-number', other.access_token)).body.result.notification).toBe(1)
  })

  it('404 on an unknown id', async () => {
    const me = await register(base)
    for (const id of ['does-not-exist', crypto.randomUUID()]) {
      const res = await put('/api/notify/seen', { notify_id: id }, me.access_token)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: SERVER_MESSAGES.notFound.en })
    }
  })

  it('400 with field messages for bad input, never 500', async () => {
    const me = await register(base)
    const bad: [unknown, string, string][] = [
      [{}, 'notify_id', 'Field notify_id is required'],
      [{ notify_id: '' }, 'notify_id', 'Field notify_id is required'],
      [{ notify_id: 42 }, 'notify_id', FIELD_MESSAGES.invalid.en],
      [{ notify_id: 'x'.repeat(65) }, 'notify_id', 'Must be at most 64 characters'],
      [{ notify_id: 'a', extra: 1 }, 'extra', FIELD_MESSAGES.unknownField.en],
    ]
    for (const [body, field, message] of bad) {
      const res = await put('/api/notify/seen', body, me.access_token)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe(SERVER_MESSAGES.invalidInput.en)
      expect(res.body.errors[field]).toContain(message)
    }
    const malformed = await call(base, 'PUT', '/api/notify/seen', { raw: '{"notify_id": ', token: me.access_token })
    expect(malformed.status).toBe(400)
    for (const page of ['0', '-1', 'abc', '1.5', '']) {
      const res = await get(`/api/notify?page=${page}`, me.access_token)
      expect(res.status, `page=${page}`).toBe(400)
      expect(res.body.errors.page).toHaveLength(1)
    }
  })

  it('answers in Vietnamese when asked', async () => {
    const me = await register(base)
    const res = await call(base, 'PUT', '/api/notify/seen', {
      body: { notify_id: 'nope' },
      token: me.access_token,
      headers: { 'accept-language': 'vi' },
    })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe(SERVER_MESSAGES.notFound.vi)
  })
})

describe.runIf(DATABASE_URL && REDIS_URL)('two nodes sharing PostgreSQL and Redis', () => {
  it('a notification made on node A reaches the socket on node B, and node B lists it', async () => {
    const nodeB = await startTestServer()
    try {
      const me = await register(base)
      const onB = socketFor(nodeB.url, { token: me.access_token })
      sockets.push(onB)
      await connected(onB)
      await new Promise((r) => setTimeout(r, 100)) // let the room join propagate
      const live = nextEvent<Notification>(onB, 'data')
      const made = await notify.notify(me.user._id, { type: 'todo', message: 'from node A' })
      expect(await live).toEqual(made)
      expect((await call(nodeB.url, 'GET', '/api/notify?page=1', { token: me.access_token })).body.result).toEqual([made])
    } finally {
      await nodeB.stop()
    }
  })
})
