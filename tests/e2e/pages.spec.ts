import { expect, type Page, test } from './support/test'
import sharp from 'sharp'
import { apiAs, messagesOf, person } from './support/people'

/**
 * The account pages of issue 15: deep links (after login when needed), the sessions page signing
 * out another browser, the not-found page for a one-segment typo, the storage page's figures and
 * the support chat drawer.
 */

/** Logs in on the login page the app sent us to. */
async function logInHere(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('a deep link to a chat opens it after the login it asks for; a deep link to a person opens the chat with them', async ({
  browser,
}) => {
  const ann = await person(browser, 'Ann Trần')
  const bao = await person(browser, 'Bảo Lê')
  const chat = (await apiAs(ann).get(`topic/chat-friend?customer_id=${bao.user.userId}`)) as { _id: string }
  await apiAs(ann).post('message/send', { client_id: crypto.randomUUID(), topic_id: chat._id, message: 'Deep link hello' })

  // Logged out: the deep link goes to the login page, and the login comes back to it.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(`/deeplink/topic/${chat._id}`)
  await expect(visitor).toHaveURL(/\/login\?redirect=/)
  await logInHere(visitor, bao.user.email, bao.user.password)
  await expect(visitor).toHaveURL(new RegExp(`/chat/${chat._id}$`))
  await expect(messagesOf(visitor).getByText('Deep link hello')).toBeVisible()

  // Logged in: the person's deep link opens the 1:1 chat with them.
  await bao.page.goto(`/deeplink/customer/${ann.user.userId}`)
  await expect(bao.page).toHaveURL(new RegExp(`/chat/${chat._id}$`))
  await expect(messagesOf(bao.page).getByText('Deep link hello')).toBeVisible()
  // A channel's deep link: a member lands in its chats.
  const channel = (await apiAs(ann).post('channel/create', { name: 'Deep Design', is_public: true })) as { _id: string }
  await ann.page.goto(`/deeplink/channel/${channel._id}`)
  await expect(ann.page).toHaveURL(/\/chat(\/default)?$/)
})

test('/log signs out another browser: its calls get 401 at once, its socket is dropped and it is sent to /login', async ({ browser }) => {
  const ann = await person(browser, 'Ann Trần')
  // A second browser of Ann's, logged in through the UI (its access token read off its login answer).
  const other = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await other.goto('/login')
  const loginAnswer = other.waitForResponse((res) => res.url().endsWith('/api/auth/login') && res.status() === 200)
  await logInHere(other, ann.user.email, ann.user.password)
  const otherToken = ((await (await loginAnswer).json()) as { result: { access_token: string } }).result.access_token
  await expect(other.getByRole('button', { name: 'Account' })).toBeVisible()
  await other.goto('/chat')
  expect((await other.request.get('/api/customer/user-info', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(200)

  await ann.page.goto('/log')
  await expect(ann.page.getByRole('heading', { name: 'Sessions and login history' })).toBeVisible()
  const sessions = ann.page.getByRole('list', { name: 'Active sessions' })
  // The sign-up helper's API login, the UI login of each browser.
  await expect(sessions.getByRole('listitem')).toHaveCount(4)
  await expect(sessions.getByRole('listitem', { name: 'This device' })).toHaveCount(1)
  await expect(ann.page.getByRole('list', { name: 'Login history' }).getByRole('listitem')).toHaveCount(4)

  // The other browser's session is the newest of the others (most recently used first after this one).
  const newest = sessions.getByRole('listitem').nth(1)
  await newest.getByRole('button', { name: /^Sign out / }).click()
  await expect(sessions.getByRole('listitem')).toHaveCount(3)
  expect((await other.request.get('/api/customer/user-info', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(401)
  // Its socket was dropped and its session is gone: the app sends it to the login page.
  await expect(other).toHaveURL(/\/login/, { timeout: 20_000 })

  // Sign out all the others: only this browser is left, and it still works.
  await ann.page.getByRole('button', { name: 'Sign out all other sessions' }).click()
  await ann.page
    .getByRole('group', { name: 'Confirm signing out all other sessions' })
    .getByRole('button', { name: 'Yes, sign them out' })
    .click()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  await expect(ann.page.getByRole('status').filter({ hasText: 'Signed out 2 other sessions' })).toBeVisible()
  await ann.page.reload()
  await expect(ann.page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem', { name: 'This device' })).toBeVisible()
})

test('a one-segment typo is a not-found page with a way home; /setting is the settings page', async ({ browser }) => {
  const ann = await person(browser, 'Ann Trần')
  await ann.page.goto('/setings')
  await expect(ann.page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(ann.page.getByText('No one with this workid can be reached.')).toHaveCount(0)
  await ann.page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(ann.page).not.toHaveURL(/setings/)

  await ann.page.goto('/setting')
  await expect(ann.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  for (const section of ['Language', 'Sounds', 'Privacy', 'Sessions'])
    await expect(ann.page.getByRole('region', { name: section })).toBeVisible()
  await ann.page.getByRole('region', { name: 'Sessions' }).getByRole('link', { name: 'Sessions and login history' }).click()
  await expect(ann.page).toHaveURL(/\/log$/)
})

test('/account/storage shows the storage used against the plan, by channel, and the trash restores a file', async ({ browser }) => {
  const ann = await person(browser, 'Ann Trần')
  const api = apiAs(ann)
  const channel = (await api.post('channel/create', { name: 'Design', is_public: true })) as { _id: string }
  const general = ((await api.get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer()
  const uploaded = await ann.page.request.post('/api/media/upload', {
    headers: { authorization: `Bearer ${ann.user.accessToken}` },
    multipart: { topic_id: general._id, file: { name: 'plan.png', mimeType: 'image/png', buffer: png } },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(200)
  const file = (await uploaded.json()).result as { _id: string; size: number }
  await api.post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: '', media_ids: [file._id] })

  await ann.page.goto('/account/storage')
  await expect(ann.page.getByRole('heading', { name: 'Storage', level: 1 })).toBeVisible()
  const kb = Math.max(1, Math.round(file.size / 1024))
  // Figures from the upload and the freemium plan's 1 GB.
  await expect(ann.page.getByText(`${kb} KB of 1.0 GB used`)).toBeVisible()
  await expect(ann.page.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
    'aria-valuetext',
    `${kb} KB of 1.0 GB used (1%)`,
  )
  const design = ann.page.getByRole('list', { name: 'Storage by channel' }).getByRole('listitem', { name: 'Design' })
  await expect(design.getByText('General')).toBeVisible()
  await design.getByRole('link', { name: 'Files of Design' }).click()
  await expect(ann.page).toHaveURL(new RegExp(`/chat/channel/${channel._id}/storage$`))

  // Into the trash from the channel's files, back out from the account's trash.
  await ann.page.getByRole('button', { name: 'Move plan.png to trash' }).click()
  await ann.page.goto('/account/trash')
  const trashed = ann.page.getByRole('list', { name: 'Trashed files' })
  await expect(trashed.getByRole('listitem', { name: 'plan.png' })).toContainText('Design · General')
  await ann.page.getByRole('button', { name: 'Restore plan.png' }).click()
  await expect(ann.page.getByText('The trash is empty.')).toBeVisible()
})

test('the support chat opens in a 356 px drawer and answers live', async ({ browser }) => {
  const ann = await person(browser, 'Ann Trần')
  await ann.page.goto('/home')
  await ann.page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: 'Support chat' }).click()
  const drawer = ann.page.getByRole('dialog', { name: 'Support chat' })
  const title = drawer.getByRole('heading', { name: 'Support chat', level: 2 })
  await expect(title).toBeVisible()
  // The panel holding the title (the dialog element itself is a zero-size wrapper).
  const panel = await title.locator('xpath=../..').boundingBox()
  expect(Math.round(panel!.width)).toBe(356)
  const box = drawer.getByRole('textbox', { name: 'Message' })
  await box.fill('Hello, I need help with my plan')
  await box.press('Enter')
  await expect(messagesOf(ann.page).getByText('Hello, I need help with my plan')).toBeVisible()
  // The desk's acknowledgement arrives over the socket.
  await expect(messagesOf(ann.page).getByText('Thanks, we have your message.', { exact: false })).toBeVisible()
})
