import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { axeProblems } from './support/axe'
import { messageAction } from './support/chat'
import { apiAs, messagesOf, type OtherServer, type Person } from './support/people'
import { signUpAndLogIn } from './support/sign-up'
import { expect, test, type Browser, type Page } from './support/test'
import { lastEmail, startTestServer, type TestServer } from '../server/harness'

/**
 * Link previews, edit history and permalinks between two people, Ann at a desktop and Bao on a
 * 360 px phone. The "web page" Ann links to is a site this test starts on 127.0.0.2: the server
 * here is started in-process with the test-only `testOnly.allowAddresses` (which no environment
 * variable sets and which production refuses) letting that one address through its SSRF-safe
 * fetcher; every other private or loopback address stays refused. Its job queue looks for due jobs
 * every 200 ms instead of every second.
 */
let server: TestServer
let other: OtherServer
let site: Server
let siteUrl = ''
let cover: Buffer

test.use({ bypassCSP: true })

test.beforeAll(async () => {
  cover = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#1e5aa8' } })
    .png()
    .toBuffer()
  site = createServer((req, res) => {
    if (req.url === '/launch') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><html><head><title>launch</title>
        <meta property="og:title" content="Lantern launch notes">
        <meta property="og:description" content="What shipped this week, and what comes next.">
        <meta property="og:site_name" content="Lantern News">
        <meta property="og:image" content="/cover.png"></head><body>Notes</body></html>`)
    } else if (req.url === '/cover.png') {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end(cover)
    } else {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve))
  siteUrl = `http://127.0.0.2:${(site.address() as AddressInfo).port}`
  server = await startTestServer({ testOnly: { allowAddresses: ['127.0.0.2'] }, jobQueue: { pollMs: 200 } })
  other = { baseURL: server.url, readCode: async (email) => (await lastEmail(server, email)).code }
})
test.afterAll(async () => {
  await server?.stop()
  await new Promise((resolve) => site?.close(resolve))
})

/** A signed-up person in a context of their own on this test's server (no CSP, so axe can run; clipboard allowed). */
async function personHere(browser: Browser, name: string, viewport: { width: number; height: number }): Promise<Person> {
  const context = await browser.newContext({
    viewport,
    baseURL: server.url,
    bypassCSP: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  })
  const page = await context.newPage()
  const user = await signUpAndLogIn(page, { name, skipTutorial: true, ...other })
  return { page, user }
}

/** axe's serious and critical findings on the page. */
const seriousProblems = (page: Page) => axeProblems(page, { names: false })

/** The open chat's messages (a feed of articles, or a list of items), and a message's row by its text. */
const messageList = (page: Page) => page.getByRole('feed', { name: 'Messages' }).or(messagesOf(page))
const row = (page: Page, text: string) => messageList(page).locator('[role="article"], [role="listitem"]').filter({ hasText: text })

test('a link preview seen live and removed, an edit history opened, a permalink copied and opened far back, at 360 px', async ({
  browser,
}) => {
  const ann = await personHere(browser, 'Ann Link', { width: 1280, height: 800 })
  const bao = await personHere(browser, 'Bao Link', { width: 360, height: 740 })
  const channel = await apiAs(ann).post('channel/create', { name: 'Launch Room', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const [general] = await apiAs(ann).get(`topic-in-channel?channel_id=${channel._id}`)
  await ann.page.goto(`/chat/${general._id}`)
  await bao.page.goto(`/chat/${general._id}`)
  const annBox = ann.page.getByRole('textbox', { name: 'Message' })
  await expect(annBox).toBeVisible()
  await expect(bao.page.getByRole('textbox', { name: 'Message' })).toBeVisible()

  // Ann links the launch notes: Bao's card comes by itself, its picture read through the server.
  await annBox.fill(`Notes are up: ${siteUrl}/launch`)
  await annBox.press('Enter')
  const baoCard = row(bao.page, 'Notes are up').getByRole('region', { name: 'Link preview: Lantern launch notes' })
  await expect(baoCard).toBeVisible()
  await expect(baoCard.getByRole('link', { name: 'Lantern launch notes' })).toHaveAttribute('href', `${siteUrl}/launch`)
  await expect(baoCard).toContainText('Lantern News')
  await expect(baoCard).toContainText('What shipped this week, and what comes next.')
  const picture = baoCard.locator('img')
  await expect(picture).toHaveAttribute('src', /^\/api\/media\/access\?/)
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  // Only the sender may take it away.
  await expect(baoCard.getByRole('button', { name: 'Remove preview' })).toHaveCount(0)
  expect(await seriousProblems(bao.page)).toEqual([])

  // Ann removes it: it goes on Bao's screen too.
  const annCard = row(ann.page, 'Notes are up').getByRole('region', { name: 'Link preview: Lantern launch notes' })
  await annCard.getByRole('button', { name: 'Remove preview' }).click()
  await expect(annCard).toHaveCount(0)
  await expect(baoCard).toHaveCount(0)

  // Ann edits a message; Bao opens its history from "(edited)".
  await annBox.fill('Standup at 10')
  await annBox.press('Enter')
  await expect(row(bao.page, 'Standup at 10')).toBeVisible()
  await messageAction(row(ann.page, 'Standup at 10'), 'Edit')
  await expect(annBox).toHaveValue('Standup at 10')
  await annBox.fill('Standup at 10:30 in room B')
  await annBox.press('Enter')
  const edited = row(bao.page, 'Standup at 10:30 in room B')
  await edited.getByRole('button', { name: '(edited) Show the edit history' }).click()
  const history = bao.page.getByRole('dialog', { name: 'Edit history of Ann Link’s message' })
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem')
  await expect(versions).toHaveCount(2)
  await expect(versions.nth(0)).toContainText('Original')
  await expect(versions.nth(0)).toContainText('Standup at 10')
  await expect(versions.nth(1)).toContainText('Current')
  await expect(versions.nth(1)).toContainText('Standup at 10:30 in room B')
  expect(await seriousProblems(bao.page)).toEqual([])
  await history.getByRole('button', { name: 'Close' }).click()
  await expect(history).toHaveCount(0)

  // Bao copies the edited message's link from its actions sheet (the phone's).
  await edited.getByRole('button', { name: 'Actions for message from Ann Link' }).click()
  await bao.page.getByRole('dialog', { name: 'Message from Ann Link' }).getByRole('button', { name: 'Copy link' }).click()
  await expect(bao.page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  const link = await bao.page.evaluate(() => navigator.clipboard.readText())
  const seq = ((await apiAs(bao).get(`topic/messages?topic_id=${general._id}`)) as { message: string; seq: number }[]).find(
    (m) => m.message === 'Standup at 10:30 in room B',
  )!.seq
  expect(link).toBe(`${server.url}/chat/${general._id}?seq=${seq}`)

  // 24 messages later it is far back, past the first page; the link still opens the chat on it, marked.
  for (let i = 1; i <= 24; i++)
    await apiAs(ann).post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: `Filler ${i}` })
  const opened = await bao.page.context().newPage()
  await opened.goto(link)
  // A new window on a phone is first offered the native app: on in the browser, to the same link.
  const inBrowser = opened.getByRole('link', { name: 'Continue in browser' })
  await expect(inBrowser.or(opened.getByRole('heading', { name: 'General' }))).toBeVisible()
  if (await inBrowser.isVisible()) await inBrowser.click()
  const target = messageList(opened).locator('[aria-current="true"]')
  await expect(target).toContainText('Standup at 10:30 in room B')
  await expect(target).toBeInViewport()
  await expect(row(opened, 'Filler 24')).not.toBeInViewport()
  expect(await seriousProblems(opened)).toEqual([])

  // Someone outside the chat gets the chat's refusal, not the message.
  const stranger = await personHere(browser, 'Cam Outside', { width: 360, height: 740 })
  await stranger.page.goto(link)
  await expect(stranger.page.getByRole('heading', { name: 'This chat is not available' })).toBeVisible()
  await expect(stranger.page.getByText('Standup at 10:30 in room B')).toHaveCount(0)
})
