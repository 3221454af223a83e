import { expect, test, type Page } from './support/test'
import { createNotifyService } from '../../server/modules/notify/service'
import { lastEmail, startTestServer, type TestServer } from '../server/harness'
import { apiAs, type ApiPerson, apiPerson, person } from './support/people'
import { signUpAndLogIn } from './support/sign-up'

/**
 * Notifications end to end: a real server, the built app in Chromium, the socket `data` event.
 *
 * Nothing in the product sends a notification yet (friend requests, reminders, bookings and
 * payments come with their own issues), so this test plays the producing domain: it starts the
 * server in-process (the run's global server is another process) and calls the notify service's
 * `notify(userId, input)` exactly as those domains will.
 */
let server: TestServer

test.beforeAll(async () => {
  server = await startTestServer()
})
test.afterAll(async () => {
  await server?.stop()
})

/** The browser's Notification API, recording what is shown; permission starts as 'default'. */
const recordBrowserNotifications = (page: Page) =>
  page.addInitScript(() => {
    const shown: { title: string; body?: string }[] = []
    let permission: NotificationPermission = 'default'
    class RecordingNotification {
      static get permission() {
        return permission
      }
      static async requestPermission() {
        permission = 'granted'
        return permission
      }
      onclick: (() => void) | null = null
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body })
      }
      close() {}
    }
    Object.assign(window, { Notification: RecordingNotification, shownNotifications: shown })
  })

const shownNotifications = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications: { title: string; body?: string }[] }).shownNotifications)
const windowEvent = (page: Page, type: 'focus' | 'blur') => page.evaluate((t) => window.dispatchEvent(new Event(t)), type)
const titleIcon = (page: Page) => page.locator('head link[rel~="icon"]')

test('a notification made for the user arrives live: red dot, unread count, title icon while away, browser notification, drawer', async ({
  page,
}) => {
  await recordBrowserNotifications(page)
  // The person whose action it is about (the friends domain will send friend requests).
  const registered = await page.request.post(`${server.url}/api/auth/register`, {
    data: { name: 'Minh Trần', email: `friend-${Date.now()}@example.com`, password: 'correct horse 42' },
  })
  const friend = { userId: ((await registered.json()) as { result: { user: { _id: string } } }).result.user._id }
  const me = await signUpAndLogIn(page, {
    baseURL: server.url,
    readCode: async (email) => (await lastEmail(server, email)).code,
    skipTutorial: true,
  })
  const notify = createNotifyService(server.ctx)
  const header = page.getByRole('banner')
  const bell = header.getByRole('button', { name: /^Notifications/ })
  await windowEvent(page, 'focus')

  await expect(bell).toHaveAccessibleName('Notifications')
  await expect(bell.locator('[data-dot]')).toHaveCount(0)

  // While the tab is in front: the dot and the count, no browser notification, no title number.
  const first = await notify.notify(me.userId, {
    type: 'friend',
    actorId: friend.userId,
    notifiableId: friend.userId,
    friendStatus: 1,
    message: 'Minh Trần sent you a friend request',
  })
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread, new')
  await expect(bell.locator('[data-dot]')).toBeVisible()
  await expect(titleIcon(page)).toHaveAttribute('data-count', '0')
  expect(await shownNotifications(page)).toEqual([])

  // Away from the tab: numbered title icons (5 and more: the 5 icon) and a browser notification,
  // once allowed from the drawer's button (never asked on load).
  await bell.click()
  const drawer = page.getByRole('dialog', { name: 'Notifications' })
  await drawer.getByRole('button', { name: 'Turn on desktop notifications' }).click()
  await expect(drawer.getByRole('button', { name: 'Turn on desktop notifications' })).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Close' }).click()
  await expect(drawer).toHaveCount(0)

  // Away for real (Playwright emulates focus for every page: off here, so another page in front
  // blurs this one; the service worker then agrees that no window of the app has the focus).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false })
  const away = await page.context().newPage()
  await away.bringToFront()
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false)
  await windowEvent(page, 'blur')
  for (let i = 1; i <= 6; i++) {
    await notify.notify(me.userId, { type: 'todo', message: `Task ${i} is due today` })
    await expect(titleIcon(page)).toHaveAttribute('data-count', String(Math.min(i, 5)))
  }
  expect(decodeURIComponent((await titleIcon(page).getAttribute('href')) ?? '')).toContain('>5+</text>')
  await expect.poll(() => shownNotifications(page)).toHaveLength(6)
  expect((await shownNotifications(page))[0]).toEqual({ title: 'Workroom', body: 'Task 1 is due today' })
  await away.close()
  await page.bringToFront()
  await windowEvent(page, 'focus')
  await expect(titleIcon(page)).toHaveAttribute('data-count', '0')
  await expect(titleIcon(page)).toHaveAttribute('href', '/favicon.svg')
  await expect(bell).toHaveAccessibleName('Notifications, 7 unread, new')

  // Opening the drawer clears the dot; the list is newest first, with how long ago.
  await bell.click()
  await expect(bell.locator('[data-dot]')).toHaveCount(0)
  const items = drawer.getByRole('list', { name: 'Notifications' }).getByRole('listitem')
  await expect(items).toHaveCount(7)
  await expect(items.first()).toHaveAccessibleName('Task 6 is due today')
  await expect(items.last()).toHaveAccessibleName(first.notify_message)
  await expect(items.last()).toContainText('just now')

  // 'Mark as read' marks one read (on the server too); then all of them.
  await items.last().getByRole('button', { name: 'Mark as read' }).click()
  await expect(items.last().getByRole('button', { name: 'Mark as read' })).toHaveCount(0)
  await expect(drawer.getByText('6 unread')).toBeVisible()
  await expect.poll(async () => notify.unreadCount(me.userId)).toBe(6)
  await drawer.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(drawer.getByText('All caught up')).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Mark as read' })).toHaveCount(0)
  await expect.poll(async () => notify.unreadCount(me.userId)).toBe(0)
  await drawer.getByRole('button', { name: 'Close' }).click()
  await expect(bell).toHaveAccessibleName('Notifications')

  // After a reload the list comes from GET notify, read state included.
  await page.reload()
  await bell.click()
  await expect(items).toHaveCount(7)
  await expect(drawer.getByText('All caught up')).toBeVisible()
})

test('the drawer is 40 % wide from 768px and full width below', async ({ page }) => {
  const readCode = async (email: string) => (await lastEmail(server, email)).code
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUpAndLogIn(page, { baseURL: server.url, readCode, skipTutorial: true })
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
  const heading = page.getByRole('heading', { name: 'Notifications' })
  await bell.click()
  await expect(heading).toBeVisible()
  const panel = page.locator('[id^="headlessui-dialog-panel"]')
  const box = async () => {
    const b = await panel.boundingBox()
    return b ? { width: Math.round(b.width), right: Math.round(b.x + b.width) } : null
  }
  // From the right (once it has slid in), 40 % of 1280.
  await expect.poll(box).toEqual({ width: 512, right: 1280 })
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(heading).toHaveCount(0)

  await page.setViewportSize({ width: 600, height: 800 })
  await bell.click()
  await expect(heading).toBeVisible()
  await expect.poll(box).toEqual({ width: 600, right: 600 })
})

test('the drawer loads more on scroll, 20 at a time, and a click opens what the item is about', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const me = await signUpAndLogIn(page, {
    baseURL: server.url,
    readCode: async (email) => (await lastEmail(server, email)).code,
    skipTutorial: true,
  })
  const notify = createNotifyService(server.ctx)
  for (let i = 1; i <= 24; i++)
    await notify.notify(me.userId, { kind: 'todo', actorId: null, todoId: `t${i}`, title: `Task ${i}`, deadline: null })
  await notify.notify(me.userId, { kind: 'payment_failed', paymentId: 'p1', amount: '$9.00' })
  // A fresh page: the list comes from GET notify, not from the live events.
  await page.reload()

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click()
  const drawer = page.getByRole('dialog', { name: 'Notifications' })
  const items = drawer.getByRole('list', { name: 'Notifications' }).getByRole('listitem')
  // Page 1: the newest 20 (each row says how many the list holds); scrolling to the end brings
  // page 2 (the last 5), then nothing more.
  await expect(items.first()).toHaveAccessibleName('Your payment of $9.00 failed')
  await expect(items.first()).toHaveAttribute('aria-setsize', '20')
  await expect(drawer.getByRole('button', { name: 'Load more' })).toBeAttached()
  await drawer.getByTestId('notification-scroller').hover()
  await page.mouse.wheel(0, 10_000)
  await expect(items.first()).toHaveAttribute('aria-setsize', '25')
  await expect(items.last()).toHaveAccessibleName('New task: Task 1')
  await expect(items.last()).toHaveAttribute('aria-posinset', '25')
  await expect(drawer.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  await page.mouse.wheel(0, -10_000)

  // A click opens its target (billing for a failed payment), closes the drawer and marks it read.
  await items.first().getByRole('button', { name: 'Your payment of $9.00 failed' }).click()
  await expect(page).toHaveURL(/\/account\/manage-payment$/)
  await expect(drawer).toHaveCount(0)
  await expect.poll(() => notify.unreadCount(me.userId)).toBe(24)
})

test('the drawer’s Mentions tab shows only the mention, Requests only the friend request', async ({ browser, request }) => {
  const [me, ann, bao] = await Promise.all([
    person(browser, 'Lan Filter'),
    apiPerson(request, 'Ann Requester'),
    apiPerson(request, 'Bao Tagger'),
  ])
  await apiAs(ann).post('relates/add-friend', { customer_id: me.user.userId })
  const dm: string = (await apiAs(bao).get(`topic/chat-friend?customer_id=${me.user.userId}`))._id
  await apiAs(bao).post('message/send', {
    client_id: crypto.randomUUID(),
    topic_id: dm,
    message: '@Lan look at this',
    mentions: [me.user.userId],
  })

  const { page } = me
  await page.goto('/home')
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications, 2 unread/ })
    .click()
  const drawer = page.getByRole('dialog', { name: 'Notifications' })
  const items = drawer.getByRole('list', { name: 'Notifications' }).getByRole('listitem')
  const tabs = drawer.getByRole('tablist', { name: 'Filter notifications' })
  await expect(tabs.getByRole('tab', { name: 'All', selected: true })).toBeVisible()
  await expect(items).toHaveCount(2)

  await tabs.getByRole('tab', { name: 'Mentions' }).click()
  await expect(items).toHaveCount(1)
  await expect(items.first()).toHaveAccessibleName(/^Bao Tagger mentioned you/)
  await tabs.getByRole('tab', { name: 'Requests' }).click()
  await expect(items).toHaveCount(1)
  await expect(items.first()).toHaveAccessibleName('Ann Requester sent you a friend request')
})

test('120 notifications: the drawer holds only the rows in view, pages 20 at a time to the oldest, answers friend requests in place and puts a live one first', async ({
  browser,
  request,
}) => {
  // On the run's server: two people who notify me through the API (a friend request, then mentions).
  const [me, ann, bao] = await Promise.all([
    person(browser, 'Lan Reader'),
    apiPerson(request, 'Ann Asker'),
    apiPerson(request, 'Bao Mentioner'),
  ])
  // Away while the notifications are made: they come from GET notify, not as 120 live events.
  await me.page.goto('about:blank')
  // The oldest: Ann's friend request. Then 119 mentions in 1:1 chats, sent all at once (Ann 60, Bao
  // 59: each under the send limit of 120 a minute).
  await apiAs(ann).post('relates/add-friend', { customer_id: me.user.userId })
  const mentions = async (who: ApiPerson, count: number) => {
    const dm: string = (await apiAs(who).get(`topic/chat-friend?customer_id=${me.user.userId}`))._id
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        apiAs(who).post('message/send', {
          client_id: crypto.randomUUID(),
          topic_id: dm,
          message: `@Lan question ${i + 1}`,
          mentions: [me.user.userId],
        }),
      ),
    )
  }
  await Promise.all([mentions(ann, 60), mentions(bao, 59)])
  expect((await apiAs(me).get('notify/all-number')).notification).toBe(120)

  await me.page.goto('/home')
  const page = me.page
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications, 120 unread/ })
    .click()
  const drawer = page.getByRole('dialog', { name: 'Notifications' })
  const items = drawer.getByRole('list', { name: 'Notifications' }).getByRole('listitem')
  const scroller = drawer.getByTestId('notification-scroller')
  const wheel = async (dy: number) => {
    await scroller.hover()
    await page.mouse.wheel(0, dy)
  }

  // Page 1 holds 20; fewer are in the page (those in view and a few around them).
  await expect(items.first()).toHaveAttribute('aria-setsize', '20')
  await expect(items.first()).toHaveAccessibleName(/^(Ann Asker|Bao Mentioner) mentioned you in /)
  expect(await items.count()).toBeLessThan(20)

  // Each scroll to the end brings the next 20, until a page comes back empty.
  for (const loaded of [40, 60, 80, 100, 120]) {
    await wheel(100_000)
    await expect(items.first()).toHaveAttribute('aria-setsize', String(loaded))
  }
  await wheel(100_000)
  await expect(drawer.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  await expect(drawer.getByRole('status')).toHaveCount(0)
  const oldest = drawer.getByRole('listitem', { name: 'Ann Asker sent you a friend request' })
  await expect(oldest).toBeVisible()
  await expect(oldest).toHaveAttribute('aria-posinset', '120')
  // All 120 are loaded, far fewer are in the page.
  expect(await items.count()).toBeLessThan(40)

  // The oldest, a friend request, is accepted in place: it stays, saying so.
  await oldest.getByRole('button', { name: 'Accept' }).click()
  await expect(oldest.getByText('You are now friends')).toBeVisible()
  await expect(oldest.getByRole('button', { name: 'Accept' })).toHaveCount(0)
  await expect(items.first()).toHaveAttribute('aria-setsize', '120')

  // Back at the top, a friend request arrives live: it is put first, and rejected in place.
  await wheel(-100_000)
  await expect(items.first()).toHaveAttribute('aria-posinset', '1')
  await apiAs(bao).post('relates/add-friend', { customer_id: me.user.userId })
  const live = drawer.getByRole('listitem', { name: 'Bao Mentioner sent you a friend request' })
  await expect(items.first()).toHaveAccessibleName('Bao Mentioner sent you a friend request')
  await expect(live).toHaveAttribute('aria-setsize', '121')
  await live.getByRole('button', { name: 'Reject' }).click()
  await expect(live).toHaveCount(0)
  await expect(items.first()).toHaveAccessibleName(/ mentioned you in /)
  await me.page.context().close()
})
