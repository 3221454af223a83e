import { expect, test, type Page } from './support/test'
import { apiAs, type Person, person } from './support/people'

/**
 * Attention controls end to end (issue 15): a muted chat stays quiet but keeps its unread count;
 * during do not disturb a message produces no browser notification until the sender uses
 * "notify anyway". The recipient's page records browser notifications (window.Notification is
 * replaced, permission granted) and reports itself as not focused, like a tab in the background.
 */

/** Before any page script: a recording Notification (permission granted) and a window that can be told it has no focus. */
const recordNotificationsInBackground = (page: Page) =>
  page.addInitScript(() => {
    const shown: { title: string; body?: string }[] = []
    class RecordingNotification {
      static permission: NotificationPermission = 'granted'
      static async requestPermission() {
        return 'granted' as NotificationPermission
      }
      onclick: (() => void) | null = null
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body })
      }
      close() {}
    }
    const w = window as unknown as { focused: boolean; shownNotifications: typeof shown }
    w.focused = true
    w.shownNotifications = shown
    Object.assign(window, { Notification: RecordingNotification })
    document.hasFocus = () => w.focused
    // No service worker: its notifications would bypass the recording Notification (and its own
    // focus check cannot see this page's made-up blur), so the page shows them itself.
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker
  })

const shown = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownNotifications: { title: string; body?: string }[] }).shownNotifications)
/** The tab goes to the background (or comes back): document.hasFocus() and the window's blur/focus events. */
const setFocused = (page: Page, focused: boolean) =>
  page.evaluate((f) => {
    ;(window as unknown as { focused: boolean }).focused = f
    window.dispatchEvent(new Event(f ? 'focus' : 'blur'))
  }, focused)
/** The sidebar's Chats link (the header's shows below 768px only): its name carries the unread count. */
const chatsLink = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: /^Chats/ })

async function pair(browser: Parameters<typeof person>[0], recipientName: string) {
  const sender = await person(browser, 'Sender Phạm')
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await recordNotificationsInBackground(page)
  const { signUpAndLogIn } = await import('./support/sign-up')
  const user = await signUpAndLogIn(page, { name: recipientName, skipTutorial: true })
  const recipient: Person = { page, user }
  const dm: string = (await apiAs(sender).get(`topic/chat-friend?customer_id=${user.userId}`))._id
  return { sender, recipient, dm }
}

const sendAs = (who: Person, topicId: string, message: string) =>
  apiAs(who).post('message/send', { client_id: crypto.randomUUID(), topic_id: topicId, message })

test('a muted chat stays quiet (no browser notification) but keeps its unread count', async ({ browser }) => {
  const { sender, recipient, dm } = await pair(browser, 'Muted Lê')
  const { page } = recipient
  // A second chat, not muted, shows that notifications do reach this page.
  const other = await person(browser, 'Control Đỗ')
  const otherDm: string = (await apiAs(other).get(`topic/chat-friend?customer_id=${recipient.user.userId}`))._id

  // Mute the first chat from its bell for an hour, then leave it (in-app navigation: same page).
  await page.goto(`/chat/${dm}`)
  await page.getByRole('button', { name: 'Chat notifications: All messages' }).click()
  await page.getByRole('menuitem', { name: 'Mute for 1 hour' }).click()
  await expect(page.getByRole('button', { name: /^Chat notifications: Muted until / })).toBeVisible()
  await page.getByRole('link', { name: 'Workroom home' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(chatsLink(page)).toHaveAccessibleName('Chats')

  // Muted: the message arrives and counts as unread, and nothing is shown.
  await setFocused(page, false)
  await sendAs(sender, dm, 'after the mute')
  await expect(chatsLink(page)).toHaveAccessibleName('Chats, 1 unread')
  expect(await shown(page)).toEqual([])

  // Not muted: the other chat's message notifies the same background tab.
  await sendAs(other, otherDm, 'not muted')
  await expect(chatsLink(page)).toHaveAccessibleName('Chats, 2 unread')
  await expect.poll(() => shown(page)).toEqual([{ title: 'Control Đỗ', body: 'not muted' }])
  await sender.page.context().close()
  await other.page.context().close()
})

test('during do not disturb a message does not notify until the sender uses "notify anyway"', async ({ browser }) => {
  const { sender, recipient, dm } = await pair(browser, 'Busy Võ')
  const { page } = recipient
  await page.goto('/home')

  // The recipient pauses notifications for 30 minutes from the header.
  await page.getByRole('button', { name: 'Do not disturb: Notifications on' }).click()
  await page.getByRole('menuitem', { name: 'Pause for 30 minutes' }).click()
  await expect(page.getByRole('button', { name: /^Do not disturb: Do not disturb until \d\d:\d\d$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Account' }).getByTitle('Do not disturb')).toBeVisible()

  // The sender sees it in the 1:1 chat.
  await sender.page.goto(`/chat/${dm}`)
  const hint = sender.page.getByRole('region', { name: 'Do not disturb' })
  await expect(hint).toContainText(/Busy Võ has paused notifications until \d\d:\d\d\./)

  // A message while the recipient is away: it arrives (unread) but does not notify.
  await setFocused(page, false)
  await sendAs(sender, dm, 'quick question')
  await expect(chatsLink(page)).toHaveAccessibleName('Chats, 1 unread')
  expect(await shown(page)).toEqual([])

  // Notify anyway: it breaks through, once.
  await hint.getByRole('button', { name: 'Notify anyway' }).click()
  await expect(hint.getByRole('status')).toHaveText('Notified anyway.')
  await expect.poll(() => shown(page)).toEqual([{ title: 'Sender Phạm', body: 'Sender Phạm asked to notify you' }])
  await sender.page.context().close()
})
