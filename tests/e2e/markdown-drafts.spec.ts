import { expect, test, type Browser, type Page } from './support/test'
import { axeProblems } from './support/axe'
import { apiAs, messagesOf, person, type Person } from './support/people'

test.use({ bypassCSP: true })

/**
 * Markdown, drafts and the message feed, between two people in a group: Ann writes bold text, a
 * list and a code block with the formatting toolbar and by hand; Bao, on a 360 px phone, sees them
 * formatted (the js block highlighted), and script payloads stay inert text. A draft Ann leaves in
 * the chat survives a reload and opens on her second browser; the keyboard moves between messages
 * in the feed; the toolbar fits 360 px and axe finds nothing serious.
 */
const boxOf = (page: Page) => page.getByRole('textbox', { name: 'Message' })
const toolbarOf = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' })
const articleWith = (page: Page, text: string) => messagesOf(page).getByRole('article').filter({ hasText: text })
const select = (page: Page, start: number, end: number) =>
  boxOf(page).evaluate((box: HTMLTextAreaElement, [from, to]) => box.setSelectionRange(from!, to!), [start, end])
const draftSaved = (page: Page, text: string) =>
  page.waitForResponse(async (res) => res.url().endsWith('/api/draft/save') && res.ok() && (await res.json()).result.text === text)

/** The same person signed in again in a browser of their own (another device). */
async function secondBrowserOf(browser: Browser, who: Person, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const login = await page.request.post('/api/auth/login', { data: { email: who.user.email, password: who.user.password } })
  expect(login.status()).toBe(200)
  await page.addInitScript((userId) => localStorage.setItem('workroom.login', userId), who.user.userId)
  await page.goto(path)
  return page
}

test('markdown with the toolbar and by hand, inert scripts, a draft across a reload and a second browser, the feed by keyboard, at 360 px', async ({
  browser,
}) => {
  const ann = await person(browser, 'Ann Markdown')
  const bao = await person(browser, 'Bao Phone', { width: 360, height: 740 })
  const channel = await apiAs(ann).post('channel/create', { name: 'Formatting Club', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const [general] = await apiAs(ann).get(`topic-in-channel?channel_id=${channel._id}`)
  const chatPath = `/chat/${general._id}`
  let dialogs = 0
  for (const { page } of [ann, bao]) {
    page.on('dialog', (dialog) => {
      dialogs++
      void dialog.dismiss()
    })
    await page.goto(chatPath)
    await expect(page.getByRole('heading', { name: 'General' })).toBeVisible()
  }

  // With the toolbar: Bold over a selected word, a bulleted list over two lines, a code block.
  const box = boxOf(ann.page)
  await box.fill('Ship it')
  await select(ann.page, 0, 4)
  await toolbarOf(ann.page).getByRole('button', { name: 'Bold' }).click()
  await expect(box).toHaveValue('**Ship** it')
  await box.press('End')
  await box.press('Shift+Enter')
  await box.pressSequentially('milk')
  await box.press('Shift+Enter')
  await box.pressSequentially('eggs')
  await select(ann.page, 12, 21)
  await toolbarOf(ann.page).getByRole('button', { name: 'Bulleted list' }).click()
  await expect(box).toHaveValue('**Ship** it\n- milk\n- eggs')
  await box.press('Enter')
  await expect(box).toHaveValue('')
  // Ctrl+B over a selection, then a whole message by hand: a numbered list and a js block.
  await box.fill('loud words')
  await select(ann.page, 0, 4)
  await box.press('Control+b')
  await expect(box).toHaveValue('**loud** words')
  await box.fill('Steps:\n1. build\n2. ship\n\n```js\nconst answer = 42\n```')
  await box.press('Enter')

  // Bao sees them formatted: bold, list items, and the js block highlighted (its chunk loaded on demand).
  const first = articleWith(bao.page, 'milk')
  await expect(first.locator('strong')).toHaveText('Ship')
  await expect(first.getByRole('listitem')).toHaveText(['milk', 'eggs'])
  const second = articleWith(bao.page, 'Steps:')
  await expect(second.locator('ol').getByRole('listitem')).toHaveText(['build', 'ship'])
  await expect(second.locator('pre code.hljs .hljs-keyword')).toHaveText('const')
  await expect(second.locator('pre code .hljs-number')).toHaveText('42')
  await expect(second.locator('pre code')).not.toContainText('```')

  // Script payloads are text: no image, no handler attribute, no javascript: link, no dialog.
  await box.fill('<img src=x onerror=alert(1)> and [x](javascript:alert(1))')
  await box.press('Enter')
  const payload = articleWith(bao.page, 'onerror')
  await expect(payload).toContainText('<img src=x onerror=alert(1)> and [x](javascript:alert(1))')
  await expect(articleWith(ann.page, 'onerror')).toBeVisible()
  for (const { page } of [ann, bao]) {
    await expect(page.locator('[onerror], [onload], a[href^="javascript" i]')).toHaveCount(0)
    await expect(messagesOf(page).locator('img')).toHaveCount(0)
  }
  expect(dialogs).toBe(0)

  // The feed by keyboard: Page Up from the newest message focuses the one before, Page Down comes back.
  const articles = messagesOf(bao.page).getByRole('article')
  await expect(articles).toHaveCount(3)
  await articles.last().focus()
  await bao.page.keyboard.press('PageUp')
  await expect(articles.nth(1)).toBeFocused()
  await expect(articles.nth(1)).toHaveAttribute('aria-label', /^Ann Markdown, /)
  await bao.page.keyboard.press('PageDown')
  await expect(articles.last()).toBeFocused()

  // At 360 px the toolbar fits: every button in view, none narrower than 36 px.
  const bar = toolbarOf(bao.page)
  await expect(bar.getByRole('button')).toHaveCount(9)
  expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  for (const button of await bar.getByRole('button').all()) {
    const bounds = (await button.boundingBox())!
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(360)
    expect(Math.min(bounds.width, bounds.height)).toBeGreaterThanOrEqual(36)
  }
  expect(await axeProblems(bao.page)).toEqual([])

  // A draft: saved a second after the last key, back after a reload, and on Ann's second browser.
  const saved = draftSaved(ann.page, 'Half a thought')
  await box.fill('Half a thought')
  await saved
  // Away from the chat, its row in the chat list shows the draft in place of the last message.
  await ann.page.goto('/chat')
  const generalRow = ann.page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' })
  await expect(generalRow.getByText('Draft: Half a thought')).toBeVisible()
  await ann.page.goto(chatPath)
  await expect(boxOf(ann.page)).toHaveValue('Half a thought')
  const laptop = await secondBrowserOf(browser, ann, chatPath)
  await expect(boxOf(laptop)).toHaveValue('Half a thought')
  // Finished on the second browser: the first, where nothing is being typed, follows.
  await boxOf(laptop).fill('Half a thought, finished')
  await expect(boxOf(ann.page)).toHaveValue('Half a thought, finished')
  // Sent from there: the draft is gone on both.
  await boxOf(laptop).press('Enter')
  await expect(articleWith(bao.page, 'Half a thought, finished')).toBeVisible()
  await expect(boxOf(ann.page)).toHaveValue('')
  // The laptop's chat list, away from the chat, shows the message sent, no draft.
  await laptop.goto('/chat')
  await expect(
    laptop.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' }).getByText('Half a thought, finished'),
  ).toBeVisible()
  await expect(laptop.getByText(/^Draft:/)).toHaveCount(0)
  await laptop.goto(chatPath)
  await expect(articleWith(laptop, 'Half a thought, finished')).toBeVisible()
  await expect(boxOf(laptop)).toHaveValue('')
})
