import { expect, test, type Page } from './support/test'
import sharp from 'sharp'
import { chatOption, messageAction } from './support/chat'
import { apiAs, messagesOf as messages, person } from './support/people'
import { signUpAndLogIn } from './support/sign-up'

/**
 * Two people chatting live in one topic, over the real server and sockets: messages arrive
 * without a reload, messages written offline wait in the outbox and arrive once each, in order,
 * and attachments are checked by their content.
 */
test('two people chat live; offline messages arrive once and in order; attachments are checked by content', async ({ browser }) => {
  const ann = await person(browser, 'Ann Tran')
  const bao = await person(browser, 'Bao Le')
  const annApi = apiAs(ann)
  const channel = await annApi.post('channel/create', { name: 'Studio', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const [general] = await annApi.get(`topic-in-channel?channel_id=${channel._id}`)

  await ann.page.goto('/chat')
  await ann.page.getByRole('listitem', { name: 'General' }).getByRole('link').click()
  await expect(ann.page).toHaveURL(new RegExp(`/chat/${general._id}$`))
  await bao.page.goto(`/chat/${general._id}`)
  await expect(bao.page.getByRole('heading', { name: 'General' })).toBeVisible()

  // Live: Bao sees Ann's message without a reload.
  const annBox = ann.page.getByRole('textbox', { name: 'Message' })
  await annBox.fill('Hello Bao, see https://example.com/plan')
  await annBox.press('Enter')
  await expect(messages(bao.page).getByText('Hello Bao, see')).toBeVisible()
  await expect(messages(bao.page).getByRole('link', { name: 'https://example.com/plan' })).toHaveAttribute('rel', /noopener/)
  await expect(messages(ann.page).getByText('Hello Bao, see')).toHaveCount(1)

  // Offline: two messages wait in the outbox, then arrive once each, in order.
  await ann.page.context().setOffline(true)
  await annBox.fill('first while offline')
  await annBox.press('Enter')
  await annBox.fill('second while offline')
  await annBox.press('Enter')
  await expect(ann.page.getByText('Waiting for connection').first()).toBeVisible()
  await bao.page.waitForTimeout(500)
  await expect(messages(bao.page).getByText('first while offline')).toHaveCount(0)
  await ann.page.context().setOffline(false)
  await expect(messages(bao.page).getByText('second while offline')).toBeVisible()
  await expect(messages(bao.page).getByText('first while offline')).toHaveCount(1)
  await expect(messages(bao.page).getByText('second while offline')).toHaveCount(1)
  const order = await messages(bao.page).getByRole('article').allInnerTexts()
  const first = order.findIndex((text) => text.includes('first while offline'))
  const second = order.findIndex((text) => text.includes('second while offline'))
  expect(first).toBeGreaterThan(-1)
  expect(second).toBeGreaterThan(first)
  await expect(ann.page.getByText('Waiting for connection')).toHaveCount(0)
  await expect(messages(ann.page).getByText('second while offline')).toHaveCount(1)

  // A png gets a thumbnail, for the other person too.
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#22aa66' } })
    .png()
    .toBuffer()
  await ann.page.getByLabel('Choose files').setInputFiles({ name: 'team-photo.png', mimeType: 'image/png', buffer: png })
  await expect(ann.page.getByRole('button', { name: 'Remove team-photo.png' })).toBeVisible()
  // Bao's page asks the server for nothing but the picture's bytes: the push carries the file's key,
  // his session's media token makes its link (no GET topic/messages), and his unread count comes from his list.
  const asked: string[] = []
  bao.page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/api/') && path !== '/api/media/access') asked.push(`${request.method()} ${path}`)
  })
  await ann.page.getByRole('button', { name: 'Send' }).click()
  const thumb = messages(bao.page).getByRole('img', { name: 'team-photo.png' })
  await expect(thumb).toBeVisible()
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  expect(new URL((await thumb.getAttribute('src'))!, 'http://x').searchParams.get('token')?.startsWith(`${bao.user.userId}.`)).toBe(true)
  // (Bao has the chat open: it is marked seen, the one call a pushed message in the open chat makes.)
  expect(asked.filter((call) => call !== 'PUT /api/channel/seen')).toEqual([])
  // Pushed messages carry no file links: the sender's own copy shows the thumbnail through links signed for her.
  const own = messages(ann.page).getByRole('img', { name: 'team-photo.png' })
  await expect.poll(() => own.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  // A Windows program renamed .png is refused, with the server's message.
  const exe = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b8000000', 'hex'), Buffer.alloc(512, 7)])
  await ann.page.getByLabel('Choose files').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: exe })
  await expect(ann.page.getByRole('alert').filter({ hasText: 'This file type is not allowed' })).toBeVisible()
  await expect(messages(bao.page).getByRole('img', { name: 'holiday.png' })).toHaveCount(0)

  // The chat's files: Ann moves the photo to the trash, restores it, then deletes it for good.
  await chatOption(ann.page, 'Chat info')
  await ann.page.getByRole('link', { name: 'Files in this chat' }).click()
  await expect(ann.page.getByRole('heading', { name: 'Files in General' })).toBeVisible()
  const files = ann.page.getByRole('list', { name: 'Files' })
  await expect(files.getByRole('listitem', { name: 'team-photo.png' })).toBeVisible()
  await expect(ann.page.getByText(/ of 1\.0 GB used/)).toBeVisible()
  await files.getByRole('button', { name: 'Move team-photo.png to trash' }).click()
  await expect(ann.page.getByText('No files yet.')).toBeVisible()
  await ann.page.getByRole('link', { name: 'Trash' }).click()
  await ann.page.getByRole('button', { name: 'Restore team-photo.png' }).click()
  await expect(ann.page.getByText('The trash is empty.')).toBeVisible()
  await ann.page.getByRole('link', { name: 'Files', exact: true }).click()
  await files.getByRole('button', { name: 'Move team-photo.png to trash' }).click()
  await ann.page.getByRole('link', { name: 'Trash' }).click()
  await ann.page.getByRole('button', { name: 'Delete team-photo.png forever' }).click()
  await ann.page
    .getByRole('group', { name: 'Confirm deleting team-photo.png forever' })
    .getByRole('button', { name: 'Yes, delete forever' })
    .click()
  await expect(ann.page.getByText('The trash is empty.')).toBeVisible()
  // Bao, a member, opens the channel's files page too.
  await bao.page.goto(`/chat/channel/${channel._id}/storage`)
  await expect(bao.page.getByRole('heading', { name: 'Channel files' })).toBeVisible()
})

test('/<workid> opens the 1:1 chat with that person, and it appears live in their list', async ({ browser }) => {
  const ann = await person(browser, 'Ann Pham')
  const bao = await person(browser, 'Bao Vo')
  const baoInfo = await apiAs(bao).get('customer/user-info')
  await bao.page.goto('/chat')
  await ann.page.goto(`/${baoInfo.workid}`)
  await expect(ann.page.getByRole('heading', { name: 'Bao Vo' })).toBeVisible()
  const box = ann.page.getByRole('textbox', { name: 'Message' })
  await box.fill('Hi from a direct chat')
  await box.press('Enter')
  const row = bao.page.getByRole('listitem', { name: 'Ann Pham' })
  await expect(row).toBeVisible()
  await expect(row.getByText('Hi from a direct chat')).toBeVisible()
  // The sidebar's Chats link (the header's icon below 768px) counts the unread chat until Bao opens it.
  const chatIcon = (name: string) => bao.page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true })
  await expect(chatIcon('Chats, 1 unread')).toBeVisible()
  await row.getByRole('link').click()
  await expect(messages(bao.page).getByText('Hi from a direct chat')).toBeVisible()
  await expect(chatIcon('Chats')).toBeVisible()
})

test('a message written while the server cannot be reached survives closing the tab, and is sent once later', async ({ browser }) => {
  const ann = await person(browser, 'Ann Outbox')
  const bao = await person(browser, 'Bao Outbox')
  const baoInfo = await apiAs(bao).get('customer/user-info')
  const dm = await apiAs(ann).get(`topic/chat-friend?customer_id=${baoInfo._id}`)
  await bao.page.goto(`/chat/${dm._id}`)

  // The browser says it is online, but every send fails: the message waits in the outbox.
  await ann.page.route('**/api/message/send', (route) => route.abort('internetdisconnected'))
  await ann.page.goto(`/chat/${dm._id}`)
  const box = ann.page.getByRole('textbox', { name: 'Message' })
  await box.fill('kept across a closed tab')
  await box.press('Enter')
  await expect(messages(ann.page).getByText('Waiting for connection')).toBeVisible()
  await ann.page.close()
  await expect(messages(bao.page).getByText('kept across a closed tab')).toHaveCount(0)

  // A new tab of the same browser finds it in the outbox and sends it, once.
  const again = await ann.page.context().newPage()
  await again.goto('/chat')
  await expect(messages(bao.page).getByText('kept across a closed tab')).toHaveCount(1)
  await again.goto(`/chat/${dm._id}`)
  await expect(messages(again).getByText('kept across a closed tab')).toHaveCount(1)
  await expect(messages(again).getByText('Waiting for connection')).toHaveCount(0)
})

test('reply, edit, delete, pin, forward, @mention, emoji and typing between two people', async ({ browser }) => {
  const ann = await person(browser, 'Ann Actions')
  const bao = await person(browser, 'Bao Actions')
  const annApi = apiAs(ann)
  const channel = await annApi.post('channel/create', { name: 'Actions', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const [general] = await annApi.get(`topic-in-channel?channel_id=${channel._id}`)
  const other = await annApi.post('channel/add-topic', { channel_id: channel._id, name: 'Side room', customer_ids: [bao.user.userId] })
  await ann.page.goto(`/chat/${general._id}`)
  await bao.page.goto(`/chat/${general._id}`)
  const annBox = ann.page.getByRole('textbox', { name: 'Message' })
  const baoBox = bao.page.getByRole('textbox', { name: 'Message' })
  const row = (page: Page, text: string) => messages(page).getByRole('article').filter({ hasText: text })
  // Both are connected: a message from Bao reaches Ann live.
  await baoBox.fill('Morning')
  await baoBox.press('Enter')
  await expect(row(ann.page, 'Morning')).toBeVisible()

  // Typing shows on the other side; a mention is picked from the suggestions and notifies.
  await annBox.fill('Hi @Ba')
  await expect(bao.page.getByText('Ann Actions is typing…')).toBeVisible()
  await ann.page.getByRole('option', { name: 'Bao Actions' }).click()
  await annBox.press('End')
  await annBox.pressSequentially('please review')
  await ann.page.getByRole('button', { name: 'Emoji' }).click()
  await ann.page.getByRole('group', { name: 'Emoji' }).getByRole('button', { name: '👍' }).click()
  await annBox.press('Enter')
  await expect(row(bao.page, 'Hi @Bao Actions please review👍')).toBeVisible()
  await expect(bao.page.getByRole('banner').getByRole('button', { name: /^Notifications, 1 unread/ })).toBeVisible()

  // Bao replies to it; both see the quote.
  await messageAction(row(bao.page, 'please review'), 'Reply')
  await baoBox.fill('On it')
  await baoBox.press('Enter')
  await expect(row(ann.page, 'On it').getByText('Bao Actions').first()).toBeVisible()
  await expect(row(ann.page, 'On it').locator('blockquote')).toContainText('please review')

  // Ann edits her message: Bao sees the new text, marked edited.
  await messageAction(row(ann.page, 'please review').first(), 'Edit')
  await expect(annBox).toHaveValue(/please review/)
  await annBox.fill('Hi Bao, please review the plan')
  await annBox.press('Enter')
  await expect(row(bao.page, 'please review the plan').getByText('(edited)')).toBeVisible()

  // Pinned: the pinned list shows it.
  await messageAction(row(ann.page, 'please review the plan').first(), 'Pin')
  await expect(row(ann.page, 'please review the plan').first().getByText('Pinned')).toBeVisible()
  await chatOption(bao.page, 'Show pinned messages')
  await expect(bao.page.getByRole('region', { name: 'Pinned messages' })).toContainText('please review the plan')

  // Forwarded to the side room.
  await messageAction(row(ann.page, 'please review the plan').first(), 'Forward')
  await ann.page.getByRole('region', { name: 'Forward to' }).getByRole('button', { name: 'Side room' }).click()
  await bao.page.goto(`/chat/${other._id}`)
  await expect(row(bao.page, 'please review the plan').getByText('Forwarded from Ann Actions')).toBeVisible()

  // Deleted for everyone.
  await ann.page.goto(`/chat/${general._id}`)
  ann.page.once('dialog', (dialog) => void dialog.accept())
  await messageAction(row(ann.page, 'please review the plan').first(), 'Delete')
  await expect(messages(ann.page).getByText('This message was deleted', { exact: true })).toHaveCount(1)
  await bao.page.goto(`/chat/${general._id}`)
  await expect(messages(bao.page).getByText('please review the plan')).toHaveCount(0)
  await expect(messages(bao.page).getByText('This message was deleted', { exact: true })).toHaveCount(1)
  // The reply's quote says so too.
  await expect(row(bao.page, 'On it').locator('blockquote')).toContainText('This message was deleted')
})

// FIXME: since the browser-defences merge (bisected: passes at ad001b6, fails at bb77773) the unread
// divider is missing after scrolling to the top when this file runs in sequence (it passes alone;
// last_seen_seq is still 1 when the chat opens). Open in the issue 14 note; to be found, not hidden.
test('a long history: unread divider, older pages while scrolling up, at most a window of rows in the page', async ({ browser }) => {
  const ann = await person(browser, 'Ann History')
  const annApi = apiAs(ann)
  const bao = await person(browser, 'Bao History')
  const baoApi = apiAs(bao)
  const channel = await annApi.post('channel/create', { name: 'History', is_public: true })
  await baoApi.post('channel/join', { channel_id: channel._id })
  const [general] = await annApi.get(`topic-in-channel?channel_id=${channel._id}`)
  await annApi.post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: 'Ann was here' })
  for (let i = 1; i <= 65; i++)
    await baoApi.post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: `History ${i}` })

  await ann.page.goto(`/chat/${general._id}`)
  const list = messages(ann.page)
  // Opens at the newest message; the unread divider is above the first of Bao's messages loaded.
  await expect(list.getByText('History 65', { exact: true })).toBeVisible()
  expect(await list.getByRole('article').count()).toBeLessThanOrEqual(40)
  await expect(ann.page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0)
  // Scrolling up loads older pages of 20 until the first message.
  const scroller = ann.page.getByTestId('message-scroller')
  // Each try scrolls down a little first, so that reaching the top is a scroll (a list already at
  // the top fires no scroll event when told to go there again).
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollBy({ top: 400 }))
    await scroller.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }))
    await expect(list.getByText('Ann was here')).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await expect(list.getByText('New messages')).toBeVisible()
  expect(await list.getByRole('article').count()).toBeLessThanOrEqual(40)
  await expect(ann.page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
  await ann.page.getByRole('button', { name: 'Jump to latest' }).click()
  await expect(list.getByText('History 65', { exact: true })).toBeVisible()
})

test('an upload shows its progress and can be cancelled; a finished one removed before sending leaves nothing stored', async ({
  browser,
}) => {
  const ann = await person(browser, 'Ann Uploads')
  const annApi = apiAs(ann)
  const channel = await annApi.post('channel/create', { name: 'Uploads', is_public: true })
  const [general] = await annApi.get(`topic-in-channel?channel_id=${channel._id}`)
  await ann.page.goto(`/chat/${general._id}`)
  const used = async () => (await annApi.get(`media/storage?channel_id=${channel._id}`)).used as number

  // A slow link: 2 MB at 256 KB/s takes seconds, long enough to see the bar and cancel.
  const cdp = await ann.page.context().newCDPSession(ann.page)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 })
  const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 32)])
  await ann.page.getByLabel('Choose files').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: big })
  const bar = ann.page.getByRole('progressbar', { name: 'Uploading report.pdf' })
  await expect(bar).toBeVisible()
  await expect(ann.page.getByRole('button', { name: 'Send' })).toBeDisabled()
  await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0)
  await ann.page.getByRole('button', { name: 'Remove report.pdf' }).click()
  await expect(bar).toHaveCount(0)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })

  // Finished, then removed: the server drops it. (The cancelled one above may have reached the
  // server whole before the abort, under Chromium's emulated upload speed; the baseline is taken here.)
  const before = await used()
  await ann.page
    .getByLabel('Choose files')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nnotes\n') })
  await expect(ann.page.getByRole('button', { name: 'Send' })).toBeEnabled()
  await expect(ann.page.getByRole('progressbar', { name: 'notes.pdf uploaded' })).toBeVisible()
  expect(await used()).toBeGreaterThan(before)
  await ann.page.getByRole('button', { name: 'Remove notes.pdf' }).click()
  await expect.poll(used).toBe(before)
})

test('at 360 px the chat list and an open chat take the whole width in turn', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  const user = await signUpAndLogIn(page, { name: 'Mai Mobile', skipTutorial: true })
  const mine = apiAs({ page, user })
  await mine.post('channel/create', { name: 'Pocket', is_public: true })
  await page.goto('/chat')
  const list = page.getByRole('list', { name: 'Chats' })
  await list.getByRole('listitem', { name: 'General' }).getByRole('link').click()
  await expect(page.getByRole('heading', { name: 'General' })).toBeVisible()
  await expect(list).toBeHidden()
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('From my phone')
  await box.press('Enter')
  await expect(messages(page).getByText('From my phone')).toBeVisible()
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.getByRole('link', { name: 'Back to chats' }).click()
  await expect(list).toBeVisible()
  await expect(list.getByRole('listitem', { name: 'General' }).getByText('From my phone')).toBeVisible()
})
