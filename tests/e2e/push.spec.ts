import { createECDH, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type BrowserContext, type CDPSession, type Page } from './support/test'
// http_ece is what web-push encrypts with; here it decrypts as the browser's push service client would.
// @ts-expect-error no types shipped
import ece from 'http_ece'
import type { PushPayload } from '../../contract'
import { lastEmail, startTestServer, type TestServer } from '../server/harness'
import { signUpAndLogIn, type SignedUpUser } from './support/sign-up'

/**
 * Browser push end to end: the built app in Chromium against a real server started in-process
 * (the test plays the domains that produce notifications, through the notify service).
 *
 * Headless Chromium has no push service: `pushManager.subscribe` fails there ("permission denied"
 * without a push service to register with). What is provable offline: the server sends the
 * encrypted push (aes128gcm, VAPID) to the device's stored endpoint (a LOCAL push service stub
 * here, whose keys the test holds, so it decrypts what arrived), and the service worker's push
 * handler shows exactly that payload when it is delivered to it (CDP
 * ServiceWorker.deliverPushMessage), only while no window of the app has the focus.
 *
 * Focus: Playwright emulates focus for every page; the tests turn that off (CDP
 * Emulation.setFocusEmulationEnabled) so bringing another page to the front really blurs one.
 */
let server: TestServer

/** The push service stub: records each request. */
interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}
let stub: Server
let stubBase: string
const received: Received[] = []

test.beforeAll(async () => {
  // The push service stub listens on this machine: only the test option lets a push go there.
  server = await startTestServer({ testOnly: { loopbackPush: true } })
  stub = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.statusCode = 201
      res.end()
    })
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubBase = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
})
test.afterAll(async () => {
  await server?.stop()
  await new Promise((r) => stub?.close(r))
})

const signUp = (page: Page, name?: string) =>
  signUpAndLogIn(page, { baseURL: server.url, name, readCode: async (email) => (await lastEmail(server, email)).code, skipTutorial: true })

/** A device subscription whose endpoint is the stub, saved for the user like the app saves its own. */
async function stubSubscription(page: Page, me: SignedUpUser, device: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const authSecret = randomBytes(16).toString('base64url')
  const json = {
    endpoint: `${stubBase}/push/${device}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret },
  }
  const saved = await page.request.put(`${server.url}/api/customer/update-fcm-token`, {
    data: { fcm_token: JSON.stringify(json) },
    headers: { authorization: `Bearer ${me.accessToken}` },
  })
  expect(saved.status()).toBe(200)
  return {
    path: `/push/${device}`,
    decrypt: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8')) as PushPayload,
  }
}

/** Real focus: no focus emulation on these pages; `front` is brought to the front. */
async function realFocus(context: BrowserContext, pages: Page[]): Promise<Map<Page, CDPSession>> {
  const sessions = new Map<Page, CDPSession>()
  for (const p of pages) {
    const cdp = await context.newCDPSession(p)
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false })
    sessions.set(p, cdp)
  }
  return sessions
}

/** The service worker's registration id, for CDP. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
      const live = e.registrations.find((r) => !r.isDeleted)
      if (live) resolve(live.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  return found
}

const shownPushes = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
  )
const closeAllPushes = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()))

test('the service worker is registered, the app is installable and opens offline', async ({ page, context }) => {
  await signUp(page)
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return { script: registration.active?.scriptURL ?? null, scope: registration.scope }
  })
  expect(worker).toEqual({ script: `${server.url}/sw.js`, scope: `${server.url}/` })
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

  // Installable: a manifest with a name, standalone display, a start URL and 192/512 icons that load.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = await (await page.request.get(`${server.url}${href}`)).json()
  expect(manifest).toMatchObject({ name: 'Workroom', display: 'standalone', start_url: '/home', theme_color: '#4f46e5' })
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512'])
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await page.request.get(`${server.url}${icon.src}`)
    expect(res.headers()['content-type']).toBe('image/png')
  }

  // Offline, a navigation still opens the app's shell (the worker kept it).
  await context.setOffline(true)
  try {
    await page.goto(`${server.url}/contact`)
    await expect(page).toHaveTitle('Workroom')
    await expect(page.locator('#root')).not.toBeEmpty()
  } finally {
    await context.setOffline(false)
  }
})

test('a push reaches a blurred page: sent encrypted to the device, shown by the worker, cleared when read elsewhere', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: server.url })
  const notify = server.services.notify // the producer: a friend request from another person
  const other = await page.request.post(`${server.url}/api/auth/register`, {
    data: { name: 'Minh Trần', email: `minh-${Date.now()}@example.com`, password: 'correct horse 42' },
  })
  const minh = ((await other.json()) as { result: { user: { _id: string } } }).result.user._id
  const me = await signUp(page)
  await page.evaluate(() => navigator.serviceWorker.ready)

  // A real push subscription, if this browser has a push service; headless Chromium has none.
  const real = await page.evaluate(async () => {
    try {
      const key = (await (await fetch('/api/notify/push-key')).json()).result.public_key as string
      const raw = atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4))
      const sub = await (
        await navigator.serviceWorker.ready
      ).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: Uint8Array.from(raw, (c) => c.charCodeAt(0)) })
      return JSON.stringify(sub)
    } catch (err) {
      return `failed: ${String(err)}`
    }
  })
  if (!real.startsWith('failed')) {
    // A push service exists: the app saves its subscription for the user.
    await expect
      .poll(async () => (await server.services.notify.push.subscriptionsOf(me.userId)).map((s) => s.endpoint))
      .toContain(JSON.parse(real).endpoint)
  }
  const device = await stubSubscription(page, me, 'laptop')

  // Blur the page for real: another page comes to the front.
  const sessions = await realFocus(context, [page])
  const regId = await registrationId(sessions.get(page)!)
  const elsewhere = await context.newPage()
  await realFocus(context, [elsewhere])
  await elsewhere.bringToFront()
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false)
  await expect.poll(() => server.ctx.realtime.hasFocusedWindow(me.userId)).toBe(false)

  // The server pushes to the device: encrypted, and what it carries is the notification.
  const before = received.length
  const made = await notify.notify(me.userId, { kind: 'friend_request', actorId: minh })
  await expect.poll(() => received.length).toBe(before + 1)
  const arrived = received.at(-1)!
  expect(arrived.path).toBe(device.path)
  expect(arrived.headers['content-encoding']).toBe('aes128gcm')
  expect(arrived.headers.authorization).toMatch(/^vapid t=/)
  const payload = device.decrypt(arrived.body)
  expect(payload).toEqual({ id: made._id, title: 'Minh Trần', body: 'Minh Trần sent you a friend request', url: '/contact' })

  // This browser has no push service of its own, so the blurred tab asked its worker to show it.
  await expect.poll(() => shownPushes(page)).toEqual([{ title: 'Minh Trần', body: 'Minh Trần sent you a friend request', tag: made._id }])
  await closeAllPushes(page)
  await expect.poll(() => shownPushes(page)).toEqual([])

  // The push as the push service hands it to the worker: the worker shows it (the page is blurred).
  await sessions
    .get(page)!
    .send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: regId, data: JSON.stringify(payload) })
  await expect.poll(() => shownPushes(page)).toEqual([{ title: 'Minh Trần', body: 'Minh Trần sent you a friend request', tag: made._id }])

  // Read on another device: the shown push closes here too.
  const seen = await page.request.put(`${server.url}/api/notify/seen`, {
    data: { notify_id: made._id },
    headers: { authorization: `Bearer ${me.accessToken}` },
  })
  expect(seen.status()).toBe(200)
  await expect.poll(() => shownPushes(page)).toEqual([])

  // Clicking a push opens its target in the app's window (and it is read): Minh accepted, so his chat.
  const accepted = await notify.notify(me.userId, { kind: 'friend_accepted', actorId: minh })
  await expect
    .poll(() => shownPushes(page))
    .toEqual([{ title: 'Minh Trần', body: 'Minh Trần accepted your friend request', tag: accepted._id }])
  const worker = context.serviceWorkers().find((w) => w.url() === `${server.url}/sw.js`)!
  await worker.evaluate(async () => {
    // The worker's scope (the page's lib has no ServiceWorkerGlobalScope / NotificationEvent types).
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration
      dispatchEvent(e: Event): boolean
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
    }
    const [shown] = await sw.registration.getNotifications()
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: shown! }))
  })
  await expect(page).toHaveURL(new RegExp(`/${accepted.customer!.workid}$`))
  await expect.poll(() => shownPushes(page)).toEqual([])
  await expect.poll(() => notify.unreadCount(me.userId)).toBe(0)
  await elsewhere.close()
})

test('with two tabs open, a new notification shows in the focused tab only: no push, the other tab stays quiet', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: server.url })
  const me = await signUp(page)
  await page.evaluate(() => navigator.serviceWorker.ready)
  const device = await stubSubscription(page, me, 'two-tabs')
  const second = await context.newPage()
  await second.goto(`${server.url}/home`)
  await expect(second.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible()
  await realFocus(context, [page, second])
  await page.bringToFront()
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(true)
  await expect.poll(() => second.evaluate(() => document.hasFocus())).toBe(false)
  await expect.poll(() => server.ctx.realtime.hasFocusedWindow(me.userId)).toBe(true)

  const before = received.filter((r) => r.path === device.path).length
  await server.services.notify.notify(me.userId, { kind: 'payment_failed', paymentId: 'pay-1', amount: '$12.00' })
  await server.services.notify.pushesSettled()

  // The focused tab shows it in the app; both badges count it.
  await expect(page.getByRole('status').filter({ hasText: 'Your payment of $12.00 failed' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications, 1 unread/ })).toBeVisible()
  await expect(second.getByRole('banner').getByRole('button', { name: /^Notifications, 1 unread/ })).toBeVisible()
  // The other tab shows nothing, no browser notification appears, and no push went out.
  await expect(second.getByRole('status').filter({ hasText: 'Your payment of $12.00 failed' })).toHaveCount(0)
  expect(await shownPushes(page)).toEqual([])
  expect(received.filter((r) => r.path === device.path).length).toBe(before)

  // Read in the focused tab: the other tab's badge clears too.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click()
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Mark all as read' }).click()
  await expect(second.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  await second.close()
})
