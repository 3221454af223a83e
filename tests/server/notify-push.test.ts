import { createECDH, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
// http_ece is what web-push encrypts with; here it decrypts as a browser would.
// @ts-expect-error no types shipped
import ece from 'http_ece'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Notification, type NotifyEvent, type NotifySeenPayload, notification } from '../../contract'
import { pushSubscriptions } from '../../server/db/schema'
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

/**
 * Every kind of notification produced once with its words in en and vi, and browser push: sent
 * (encrypted, aes128gcm) to a LOCAL push endpoint for a user with no focused window, not sent while
 * one of the user's windows has the focus, the subscription forgotten on logout and on 404/410.
 */

let server: TestServer
let base: string
let notify: NotifyService
const sockets: Socket[] = []
const open = async (token: string) => {
  const s = socketFor(base, { token })
  sockets.push(s)
  await connected(s)
  return s
}

/** A push service stub on this machine: records every request; answers `status`. */
interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}
let pushService: Server
let pushBase: string
const received: Received[] = []
const waiting: ((r: Received) => void)[] = []
let answer = 201
const nextPush = (timeoutMs = 5_000) =>
  new Promise<Received>((resolve, reject) => {
    const take = (r: Received) => {
      clearTimeout(timer)
      resolve(r)
    }
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(take), 1)
      reject(new Error('no push arrived'))
    }, timeoutMs)
    waiting.push(take)
  })

beforeAll(async () => {
  // The push service stub listens on this machine: only the test option lets a push go there.
  server = await startTestServer({ testOnly: { loopbackPush: true } })
  base = server.url
  notify = server.services.notify
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) }
      received.push(r)
      res.statusCode = answer
      res.end()
      waiting.shift()?.(r)
    })
  })
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve))
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
  answer = 201
})
afterAll(async () => {
  await server?.stop()
  await new Promise((r) => pushService?.close(r))
})

const get = (url: string, token: string) => call(base, 'GET', url, { token })
const put = (url: string, body: unknown, token: string) => call(base, 'PUT', url, { body, token })

/** A browser's subscription: its own P-256 key pair and auth secret, and the stub's address. */
function browserSubscription(device: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const authSecret = randomBytes(16)
  const json = {
    endpoint: `${pushBase}/push/${device}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  }
  return {
    json,
    token: JSON.stringify(json),
    decrypt: (body: Buffer) =>
      JSON.parse(
        ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: authSecret.toString('base64url') }).toString('utf8'),
      ),
  }
}

const subscribe = async (who: Account, token: string) => {
  const res = await put('/api/customer/update-fcm-token', { fcm_token: token }, who.access_token)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}
const subscriptionsOf = (userId: string) => server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))

describe('each kind, produced once, worded in the recipient’s language', () => {
  const at = new Date('2031-03-04T05:06:00.000Z')
  // The words below are the product's, written out here (not read from the code under test).
  const cases: { event: (actor: string) => NotifyEvent; type: string; en: string; vi: string; target: string }[] = [
    {
      event: (a) => ({ kind: 'friend_request', actorId: a }),
      type: 'friend',
      en: 'Minh sent you a friend request',
      vi: 'Minh đã gửi cho bạn lời mời kết bạn',
      target: '/contact',
    },
    {
      event: (a) => ({ kind: 'friend_accepted', actorId: a }),
      type: 'friend',
      en: 'Minh accepted your friend request',
      vi: 'Minh đã chấp nhận lời mời kết bạn của bạn',
      target: '/WORKID',
    },
    {
      event: (a) => ({ kind: 'tag_message', actorId: a, messageId: 'm1', topicId: 't1', topicName: 'Design', excerpt: 'look @you' }),
      type: 'tag_message',
      en: 'Minh mentioned you in Design',
      vi: 'Minh đã nhắc đến bạn trong Design',
      target: '/chat/t1',
    },
    {
      event: (a) => ({ kind: 'todo', actorId: a, todoId: 'td1', title: 'Write report', deadline: at }),
      type: 'todo',
      en: 'New task: Write report',
      vi: 'Công việc mới: Write report',
      target: '/todo',
    },
    {
      event: (a) => ({ kind: 'calendar_approve', actorId: a, calendarId: 'c1', title: 'Review' }),
      type: 'calendar',
      en: 'Minh accepted Review',
      vi: 'Minh đã đồng ý tham gia Review',
      target: '/calendar/c1',
    },
    {
      event: (a) => ({ kind: 'calendar_reject', actorId: a, calendarId: 'c1', title: 'Review' }),
      type: 'calendar',
      en: 'Minh declined Review',
      vi: 'Minh đã từ chối tham gia Review',
      target: '/calendar/c1',
    },
    {
      event: () => ({ kind: 'calendar_notification', calendarId: 'c1', title: 'Review', time: at }),
      type: 'calendar',
      en: 'Reminder: Review at 05:06 04/03',
      vi: 'Nhắc lịch: Review lúc 05:06 04/03',
      target: '/calendar/c1',
    },
    {
      event: (a) => ({ kind: 'booking_request', actorId: a, bookingId: 'b1', calendarName: 'Consulting', time: at }),
      type: 'booking',
      en: 'New booking request for Consulting at 05:06 04/03',
      vi: 'Yêu cầu đặt lịch mới cho Consulting lúc 05:06 04/03',
      target: '/calendar/booked',
    },
    {
      event: (a) => ({ kind: 'booking_approved', actorId: a, bookingId: 'b1', calendarName: 'Consulting', time: at }),
      type: 'booking',
      en: 'Your booking for Consulting at 05:06 04/03 was approved',
      vi: 'Lịch hẹn Consulting của bạn lúc 05:06 04/03 đã được xác nhận',
      target: '/calendar/booked',
    },
    {
      event: (a) => ({ kind: 'booking_rejected', actorId: a, bookingId: 'b1', calendarName: 'Consulting', time: at }),
      type: 'booking',
      en: 'Your booking for Consulting at 05:06 04/03 was declined',
      vi: 'Lịch hẹn Consulting của bạn lúc 05:06 04/03 đã bị từ chối',
      target: '/calendar/booked',
    },
    {
      event: (a) => ({ kind: 'booking_canceled', actorId: a, bookingId: 'b1', calendarName: 'Consulting', time: at }),
      type: 'booking',
      en: 'The booking for Consulting at 05:06 04/03 was canceled',
      vi: 'Lịch hẹn Consulting lúc 05:06 04/03 đã bị hủy',
      target: '/calendar/booked',
    },
    {
      event: () => ({ kind: 'booking_remind', actorId: null, bookingId: 'b1', calendarName: 'Consulting', time: at }),
      type: 'booking',
      en: 'Reminder: booking for Consulting at 05:06 04/03',
      vi: 'Nhắc lịch hẹn: Consulting lúc 05:06 04/03',
      target: '/calendar/booked',
    },
    {
      event: () => ({ kind: 'payment_failed', paymentId: 'p1', amount: '$12.00' }),
      type: 'payment',
      en: 'Your payment of $12.00 failed',
      vi: 'Khoản thanh toán $12.00 của bạn không thành công',
      target: '/account/manage-payment',
    },
    {
      event: () => ({ kind: 'subscription_expire', subscriptionId: 's1', plan: 'Premium', time: at }),
      type: 'payment',
      en: 'Your Premium plan expires on 05:06 04/03',
      vi: 'Gói Premium của bạn sẽ hết hạn lúc 05:06 04/03',
      target: '/account/manage-payment',
    },
    {
      event: () => ({ kind: 'subscription_past_due', subscriptionId: 's1', plan: 'Premium', time: at }),
      type: 'payment',
      en: 'Your Premium plan is past due, please pay to keep it',
      vi: 'Gói Premium của bạn đã quá hạn thanh toán, vui lòng thanh toán để tiếp tục sử dụng',
      target: '/account/manage-payment',
    },
    {
      event: () => ({ kind: 'subscription_payment_failed', subscriptionId: 's1', plan: 'Premium', time: at }),
      type: 'payment',
      en: 'Renewing your Premium plan failed; it is canceled if it still fails within 5 days',
      vi: 'Gia hạn gói Premium không thành công. Gói sẽ bị hủy nếu trong 5 ngày tới vẫn không gia hạn được.',
      target: '/account/manage-payment',
    },
  ]

  it('covers all 16 kinds', () => expect(new Set(cases.map((c) => c.event('x').kind)).size).toBe(16))

  it.each(cases.map((c) => [c.event('x').kind, c] as const))('%s', async (kind, c) => {
    const actor = await register(base, { name: 'Minh' })
    const en = await register(base)
    const vi = await register(base)
    expect((await put('/api/workid/update-language', { language: 'vi' }, vi.access_token)).status).toBe(200)
    const sub = browserSubscription(`kind-${kind}`)
    await subscribe(en, sub.token)
    const live = await open(en.access_token)
    const onData = nextEvent<Notification>(live, 'data')
    const pushed = nextPush()

    const made = await notify.notify(en.user._id, c.event(actor.user._id))
    await notify.notify(vi.user._id, c.event(actor.user._id))
    expect(await onData).toEqual(made)
    expect(notification.parse(made)).toEqual(made)

    for (const [who, text] of [
      [en, c.en],
      [vi, c.vi],
    ] as const) {
      const listed = (await get('/api/notify?page=1', who.access_token)).body.result as Notification[]
      expect(listed).toHaveLength(1)
      expect(listed[0]).toMatchObject({ notifiable_type: c.type, notify_message: text, is_seen: false, notify_message_json: { key: kind } })
    }
    // The window is not focused (no FOCUS said): the push goes to the device, with the target.
    expect(sub.decrypt((await pushed).body)).toEqual({
      id: made._id,
      title: made.customer?.name ?? 'Workroom',
      body: c.en,
      url: c.target.replace('WORKID', actor.user.workid),
    })
  })
})

describe('browser push', () => {
  it('GET notify/push-key: one VAPID public key (65-byte P-256 point), the same every time', async () => {
    const a = await call(base, 'GET', '/api/notify/push-key')
    const b = await call(base, 'GET', '/api/notify/push-key')
    expect(a.status).toBe(200)
    expect(Buffer.from(a.body.result.public_key, 'base64url')).toHaveLength(65)
    expect(b.body.result.public_key).toBe(a.body.result.public_key)
  })

  it('sends an encrypted (aes128gcm, VAPID-signed) push to every device of a user with no focused window', async () => {
    const me = await register(base)
    const friend = await register(base, { name: 'Hà' })
    const phone = browserSubscription('phone')
    const laptop = browserSubscription('laptop')
    await subscribe(me, phone.token)
    await subscribe(me, laptop.token)
    await subscribe(me, laptop.token) // the same device again: still one row
    expect(await subscriptionsOf(me.user._id)).toHaveLength(2)
    const blurred = await open(me.access_token)
    blurred.emit('FOCUS', { focused: false })

    const before = received.length
    const arrivals = [nextPush(), nextPush()]
    const made = await notify.notify(me.user._id, { kind: 'friend_request', actorId: friend.user._id })
    const pushes = await Promise.all(arrivals)
    await notify.pushesSettled()
    expect(received.length - before).toBe(2)
    const key = (await call(base, 'GET', '/api/notify/push-key')).body.result.public_key as string
    for (const p of pushes) {
      expect(p.headers['content-encoding']).toBe('aes128gcm')
      expect(p.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`))
      expect(Number(p.headers.ttl)).toBeGreaterThan(0)
    }
    const byDevice = Object.fromEntries(pushes.map((p) => [p.path, p]))
    const expected = { id: made._id, title: 'Hà', body: 'Hà sent you a friend request', url: '/contact' }
    expect(phone.decrypt(byDevice['/push/phone']!.body)).toEqual(expected)
    expect(laptop.decrypt(byDevice['/push/laptop']!.body)).toEqual(expected)
  })

  it('sends nothing while one of the user’s windows has the focus; again once it is blurred', async () => {
    const me = await register(base)
    await subscribe(me, browserSubscription('focused').token)
    const background = await open(me.access_token)
    const focused = await open(me.access_token)
    background.emit('FOCUS', { focused: false })
    focused.emit('FOCUS', { focused: true })
    await new Promise((r) => setTimeout(r, 100)) // the reports travel on their own sockets

    const before = received.length
    const onData = nextEvent<Notification>(focused, 'data')
    await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$1' })
    await onData
    await notify.pushesSettled()
    expect(received.length).toBe(before)

    focused.emit('FOCUS', { focused: false })
    await new Promise((r) => setTimeout(r, 100))
    const pushed = nextPush()
    await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$2' })
    expect((await pushed).path).toBe('/push/focused')
  })

  it('a closed window does not count as focused', async () => {
    const me = await register(base)
    await subscribe(me, browserSubscription('closed').token)
    const s = await open(me.access_token)
    s.emit('FOCUS', { focused: true })
    await new Promise((r) => setTimeout(r, 100))
    s.disconnect()
    await new Promise((r) => setTimeout(r, 100))
    const pushed = nextPush()
    await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$3' })
    expect((await pushed).path).toBe('/push/closed')
  })

  it('logout with the token forgets that device only', async () => {
    const me = await register(base)
    const kept = browserSubscription('kept')
    const dropped = browserSubscription('dropped')
    await subscribe(me, kept.token)
    const other = await call(base, 'POST', '/api/auth/login', { body: { email: me.email, password: 'correct-horse-1' } })
    const second = other.body.result.access_token as string
    expect((await put('/api/customer/update-fcm-token', { fcm_token: dropped.token }, second)).status).toBe(200)
    expect((await call(base, 'POST', '/api/auth/logout', { token: second, body: { fcm_token: dropped.token } })).status).toBe(200)
    expect((await subscriptionsOf(me.user._id)).map((s) => s.endpoint)).toEqual([kept.json.endpoint])
  })

  it('a 410 or 404 from the push service forgets the subscription; a 500 keeps it', async () => {
    for (const status of [410, 404]) {
      const me = await register(base)
      await subscribe(me, browserSubscription(`gone-${status}`).token)
      answer = status
      await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$1' })
      await notify.pushesSettled()
      expect(await subscriptionsOf(me.user._id)).toEqual([])
    }
    const me = await register(base)
    await subscribe(me, browserSubscription('flaky').token)
    answer = 500
    await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$1' })
    await notify.pushesSettled()
    expect(await subscriptionsOf(me.user._id)).toHaveLength(1)
  })

  it('refuses what is not a subscription, and plain http to another machine', async () => {
    const me = await register(base)
    const bad = [
      'device-token',
      JSON.stringify({ endpoint: 'ftp://x/y', keys: { p256dh: 'a', auth: 'b' } }),
      JSON.stringify({ endpoint: 'https://push.example/x' }),
      JSON.stringify({ endpoint: 'http://10.0.0.8/push', keys: { p256dh: 'a', auth: 'b' } }),
    ]
    for (const token of bad) {
      const res = await put('/api/customer/update-fcm-token', { fcm_token: token }, me.access_token)
      expect(res.status, token).toBe(400)
      expect(res.body.errors.fcm_token).toHaveLength(1)
    }
    expect(await subscriptionsOf(me.user._id)).toEqual([])
  })
})

describe('reading anywhere clears everywhere', () => {
  it('seen and seen-all reach every socket of the user as NOTIFY_SEEN', async () => {
    const me = await register(base)
    const [tabA, tabB] = [await open(me.access_token), await open(me.access_token)]
    const a = await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$1' })
    await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$2' })

    const onA = nextEvent<NotifySeenPayload>(tabA, 'NOTIFY_SEEN')
    const onB = nextEvent<NotifySeenPayload>(tabB, 'NOTIFY_SEEN')
    expect((await put('/api/notify/seen', { notify_id: a._id }, me.access_token)).body.result).toEqual({ notification: 1 })
    expect(await onA).toEqual({ ids: [a._id], notification: 1 })
    expect(await onB).toEqual({ ids: [a._id], notification: 1 })
    // Already read: nothing to announce.
    const quiet = silence(tabB, 'NOTIFY_SEEN')
    await put('/api/notify/seen', { notify_id: a._id }, me.access_token)
    expect(await quiet).toBe(true)

    const all = nextEvent<NotifySeenPayload>(tabB, 'NOTIFY_SEEN')
    await put('/api/notify/seen-all', {}, me.access_token)
    expect(await all).toEqual({ ids: null, notification: 0 })
  })
})

describe.runIf(DATABASE_URL && REDIS_URL)('two nodes sharing PostgreSQL and Redis', () => {
  it('a window focused on node B keeps node A from pushing; blurred, node A pushes', async () => {
    const nodeB = await startTestServer()
    try {
      const me = await register(base)
      await subscribe(me, browserSubscription('two-nodes').token)
      const onB = socketFor(nodeB.url, { token: me.access_token })
      sockets.push(onB)
      await connected(onB)
      onB.emit('FOCUS', { focused: true })
      await expect.poll(() => server.ctx.realtime.hasFocusedWindow(me.user._id)).toBe(true)
      const before = received.length
      await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$1' })
      await notify.pushesSettled()
      expect(received.length).toBe(before)

      onB.emit('FOCUS', { focused: false })
      await expect.poll(() => server.ctx.realtime.hasFocusedWindow(me.user._id)).toBe(false)
      const pushed = nextPush()
      await notify.notify(me.user._id, { kind: 'payment_failed', paymentId: 'p', amount: '$2' })
      expect((await pushed).path).toBe('/push/two-nodes')
    } finally {
      await nodeB.stop()
    }
  })
})
