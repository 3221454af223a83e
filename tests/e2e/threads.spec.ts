import { expect, test, type Page } from './support/test'
import { apiAs, messagesOf, person } from './support/people'
import { axeProblems } from './support/axe'

// axe-core goes in as an inline script, which the app's CSP refuses (support/axe.ts).
test.use({ bypassCSP: true })

/**
 * Threads between two people in their own browsers (Bao's a 360 px phone, where a thread is a page
 * of its own): Ann replies in a thread to Bao's message from its menu (the thread opens beside the
 * chat; axe finds nothing serious); Bao sees the reply count under his message live, opens the
 * thread and replies with "Also send to the chat"; Ann sees his reply in the thread and in the
 * chat. Ann replies again while Bao is back in the chat: his Threads view lists the thread with one
 * unread reply; opening it reads it.
 */
const rowOf = (page: Page, text: string) => messagesOf(page).getByRole('article').filter({ hasText: text })
const threadOf = (page: Page) => page.getByRole('region', { name: 'Thread' })
/** axe-core's serious and critical problems and mismatched names inside one part of the page (the thread panel). */
async function axeProblemsIn(page: Page, selector: string): Promise<string[]> {
  await axeProblems(page, { names: false }) // (loads axe-core into the page)
  return page.evaluate(async (scope) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }
    const axe = (window as unknown as { axe: { run: (context: unknown, options?: unknown) => Promise<Result> } }).axe
    const all = await axe.run({ include: [scope] })
    const names = await axe.run({ include: [scope] }, { runOnly: { type: 'rule', values: ['label-content-name-mismatch'] } })
    return [...all.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), ...names.violations].map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
  }, selector)
}
const repliesOf = (page: Page) => threadOf(page).getByRole('list', { name: 'Replies' }).getByRole('listitem')

test('threads: a reply beside the chat, the count live, a reply also sent to the chat, the Threads view with unread', async ({
  browser,
}) => {
  test.slow()
  const ann = await person(browser, 'Ann Thread')
  const bao = await person(browser, 'Bao Thread', { width: 360, height: 740 })
  const channel = await apiAs(ann).post('channel/create', { name: 'Release', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const general = ((await apiAs(ann).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  await apiAs(bao).post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: 'Who writes the notes?' })
  for (const { page } of [ann, bao]) {
    await page.goto(`/chat/${general._id}`)
    await expect(rowOf(page, 'Who writes the notes?')).toBeVisible()
  }

  // Ann: Reply in thread from the message's menu; the thread opens beside the chat.
  const root = rowOf(ann.page, 'Who writes the notes?')
  await root.hover()
  await root.getByRole('button', { name: 'Actions for message from Bao Thread' }).click()
  await ann.page.getByRole('menu').getByRole('menuitem', { name: 'Reply in thread' }).click()
  await expect(threadOf(ann.page).getByRole('article', { name: 'Thread started by Bao Thread' })).toBeVisible()
  await expect(ann.page.getByRole('heading', { name: 'General' })).toBeVisible()
  await threadOf(ann.page).getByRole('textbox', { name: 'Reply in thread' }).fill('I will, tonight')
  await threadOf(ann.page).getByRole('button', { name: 'Send reply' }).click()
  await expect(repliesOf(ann.page)).toHaveCount(1)
  await expect(repliesOf(ann.page).first()).toContainText('I will, tonight')
  // Ann follows it now (she replied); the reply stays out of the chat.
  await expect(threadOf(ann.page).getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true')
  await expect(rowOf(ann.page, 'I will, tonight')).toHaveCount(0)
  expect(await axeProblemsIn(ann.page, 'section[aria-labelledby="thread-title"]')).toEqual([])

  // Bao (360 px) sees the count under his message live, and opens the thread: a page of its own.
  const summary = rowOf(bao.page, 'Who writes the notes?').getByRole('button', { name: /^1 reply/ })
  await expect(summary).toContainText('Last reply')
  await summary.click()
  await expect(bao.page).toHaveURL(/\/thread\//)
  await expect(repliesOf(bao.page).first()).toContainText('I will, tonight')
  await expect(messagesOf(bao.page)).toBeHidden()
  await threadOf(bao.page).getByRole('textbox', { name: 'Reply in thread' }).fill('Thanks! Ship Friday')
  await threadOf(bao.page).getByRole('checkbox', { name: 'Also send to the chat' }).check()
  await threadOf(bao.page).getByRole('button', { name: 'Send reply' }).click()
  await expect(repliesOf(bao.page)).toHaveCount(2)
  expect(await bao.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // Ann sees it in the thread and in the chat, marked as a thread reply.
  await expect(repliesOf(ann.page).nth(1)).toContainText('Thanks! Ship Friday')
  const inChat = rowOf(ann.page, 'Thanks! Ship Friday')
  await expect(inChat).toBeVisible()
  await expect(inChat.getByRole('button', { name: 'Replied in a thread: view thread' })).toBeVisible()
  await expect(rowOf(ann.page, 'Who writes the notes?').getByRole('button', { name: /^2 replies/ })).toBeVisible()

  // Bao goes back to the chat; Ann replies again. His Threads view lists it with one unread reply.
  await threadOf(bao.page).getByRole('button', { name: 'Close thread' }).click()
  await expect(rowOf(bao.page, 'Thanks! Ship Friday')).toBeVisible()
  await threadOf(ann.page).getByRole('textbox', { name: 'Reply in thread' }).fill('Done, see the doc')
  await threadOf(ann.page).getByRole('textbox', { name: 'Reply in thread' }).press('Enter')
  await expect(repliesOf(ann.page)).toHaveCount(3)
  await expect(rowOf(bao.page, 'Who writes the notes?').getByRole('button', { name: /^3 replies/ })).toBeVisible()
  // Ann closes the thread from the keyboard.
  await threadOf(ann.page).getByRole('button', { name: 'Following' }).focus()
  await ann.page.keyboard.press('Escape')
  await expect(threadOf(ann.page)).toHaveCount(0)
  await bao.page.goto('/chat/threads')
  const listed = bao.page.getByRole('list', { name: 'Followed threads' }).getByRole('link')
  await expect(listed).toHaveCount(1)
  await expect(listed.first()).toContainText('Who writes the notes?')
  await expect(listed.first()).toContainText('1 unread')
  await listed.first().click()
  await expect(repliesOf(bao.page)).toHaveCount(3)
  await bao.page.goBack()
  await expect(listed.first()).toContainText('3 replies')
  await expect(listed.first()).not.toContainText('unread')
})

/**
 * A message search finds a reply shown only in its thread, 22 replies back (past the thread's first
 * page): its result opens the thread on that reply, reading older replies until it shows; the reply
 * is marked as the current one and takes the focus. Ann then replies there with a file.
 */
test('a search result that is a reply in a thread opens the thread on it, older replies read until it shows; a reply with a file', async ({
  browser,
}) => {
  const ann = await person(browser, 'Ann Finder')
  const channel = await apiAs(ann).post('channel/create', { name: 'Archive', is_public: true })
  const general = ((await apiAs(ann).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  const send = (body: Record<string, unknown>) =>
    apiAs(ann).post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, ...body }) as Promise<{ _id: string }>
  const root = await send({ message: 'Release checklist' })
  for (let n = 1; n <= 23; n++) await send({ message: n === 2 ? 'The zephyr build passed' : `Step ${n} done`, thread_root_id: root._id })

  await ann.page.goto('/search?q=zephyr')
  const results = ann.page.getByRole('list', { name: 'Messages found' })
  await expect(results.getByRole('link')).toHaveCount(1)
  await results.getByRole('link').click()
  await expect(ann.page).toHaveURL(new RegExp(`/chat/${general._id}/thread/${root._id}\\?reply=\\d+$`))
  const current = threadOf(ann.page).locator('article[aria-current="true"]')
  await expect(current).toContainText('The zephyr build passed')
  await expect(current).toBeFocused()
  await expect(repliesOf(ann.page)).toHaveCount(23)

  // A reply with a file: it uploads with its progress, then goes with the reply.
  await threadOf(ann.page)
    .getByLabel('Choose files')
    .setInputFiles({ name: 'build-log.txt', mimeType: 'text/plain', buffer: Buffer.from('zephyr: all green\n') })
  await expect(threadOf(ann.page).getByRole('progressbar', { name: 'build-log.txt uploaded' })).toBeVisible()
  await threadOf(ann.page).getByRole('textbox', { name: 'Reply in thread' }).fill('The log')
  await threadOf(ann.page).getByRole('button', { name: 'Send reply' }).click()
  await expect(repliesOf(ann.page)).toHaveCount(24)
  await expect(repliesOf(ann.page).last().getByRole('link', { name: 'build-log.txt' })).toBeVisible()
  await expect(threadOf(ann.page).getByRole('list', { name: 'Attachments' })).toHaveCount(0)
})
