/**
 * Chat render: a topic with 10,000 messages opened in Chromium. Measured: how many message rows
 * (the rows directly inside the feed "Messages") are in the page once /chat/<topicId>
 * has rendered (budget: at most 80, the list is virtualised), and again after scrolling up through
 * older pages, beside how many messages were loaded by then. Messages are inserted through
 * POST /api/message/send, 32 at a time. Skips with a note when /usr/bin/chromium is missing.
 */
import { execSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { type Browser, chromium, type Locator, type Page } from 'playwright'
import { type RunningServer, startServerProcess } from '../support/server-process'
import { api, type BenchUser, signUp } from './accounts'
import { BENCH_SERVER_ENV, channelTopic, inPool, sendMessage } from './chat-fanout'
import { round } from './stats'
import { CHROMIUM_PATH } from '../support/chromium'

const PORT = 3320
const MESSAGES = Number(process.env.BENCH_RENDER_MESSAGES ?? 10_000)
const SEND_CONCURRENCY = 32
const ROW_BUDGET = 80
const SCROLL_UPS = 25

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Inserts `count` messages into the topic; returns messages/s. */
async function fillTopic(base: string, token: string, topicId: string, count: number): Promise<number> {
  const t0 = performance.now()
  await inPool(count, SEND_CONCURRENCY, async (i) => {
    const status = await sendMessage(
      base,
      token,
      topicId,
      randomUUID(),
      `Message ${i + 1} of ${count}: some words to give the row a realistic height.`,
    )
    if (status !== 200) throw new Error(`message/send ${i}: HTTP ${status}`)
  })
  return count / ((performance.now() - t0) / 1000)
}

/** The count once it is non-zero and has not changed for a second. */
async function stableCount(rows: Locator, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs
  let last = -1
  let same = 0
  while (Date.now() < deadline) {
    const n = await rows.count()
    same = n === last && n > 0 ? same + 1 : 0
    last = n
    if (same >= 4) return n
    await sleep(250)
  }
  return last
}

/**
 * Logs in on /login like a person (the refresh token is an HttpOnly cookie the server sets there);
 * the next page load restores the session from it.
 */
export async function logIn(page: Page, base: string, user: BenchUser) {
  await page.goto(`${base}/login`)
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('button', { name: 'Account' }).waitFor({ state: 'visible', timeout: 30_000 })
}

/** Scrolls to the top `times` times (each loads an older page); returns rendered rows there and messages loaded. */
async function scrollThroughHistory(page: Page, rows: Locator) {
  const scroller = page.getByTestId('message-scroller')
  // From the bottom, so that the first scroll to the top is a scroll (and asks for older messages).
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await sleep(300)
  for (let i = 0; i < SCROLL_UPS; i++) {
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }))
    await sleep(300)
    await page.getByText('Loading older messages…').waitFor({ state: 'hidden', timeout: 10_000 })
  }
  const renderedAtTop = await stableCount(rows)
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await stableCount(rows)
  const indexes = await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-index'))))
  return { renderedAtTop, loaded: Math.max(...indexes) + 1 }
}

async function measureInBrowser(browser: Browser, base: string, user: BenchUser, topicId: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await logIn(page, base, user)
  const t0 = performance.now()
  await page.goto(`${base}/chat/${topicId}`)
  const list = page.getByRole('feed', { name: 'Messages' })
  await list.waitFor({ state: 'visible', timeout: 30_000 })
  const rows = list.locator(':scope > [data-index]')
  const rendered = await stableCount(rows)
  const openMs = performance.now() - t0
  const history = await scrollThroughHistory(page, rows)
  return { rendered, openMs, ...history }
}

export async function chatRender(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`\nchat render: skipped, ${CHROMIUM_PATH} is missing`)
    return
  }
  if (!existsSync('dist/index.html')) execSync('npx vite build', { stdio: 'inherit' })
  let browser: Browser | undefined
  let server: RunningServer | undefined
  try {
    server = await startServerProcess(PORT, BENCH_SERVER_ENV)
    const owner = await signUp(server, 'render')
    await api(server.url, 'customer/skip-tutorial', { token: owner.accessToken, method: 'PUT' })
    const { topicId } = await channelTopic(server.url, owner, 'Render bench')
    const perSecond = await fillTopic(server.url, owner.accessToken, topicId, MESSAGES)
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH })
    const r = await measureInBrowser(browser, server.url, owner, topicId)
    console.log(
      `\nchat render, Chromium, topic with ${MESSAGES} messages (inserted via message/send, ${SEND_CONCURRENCY} concurrent: ${round(perSecond, 0)} msg/s):`,
    )
    console.log(
      `  /chat/<topic> opened: ${r.rendered} message rows in the page after ${round(r.openMs, 0)} ms (budget <= ${ROW_BUDGET}: ${r.rendered <= ROW_BUDGET ? 'within' : 'OVER'})`,
    )
    console.log(
      `  after scrolling up ${SCROLL_UPS} times: ${r.renderedAtTop} rows in the page with ${r.loaded} rows loaded (budget <= ${ROW_BUDGET}: ${r.renderedAtTop <= ROW_BUDGET ? 'within' : 'OVER'})`,
    )
  } catch (err) {
    console.log(`\nchat render: FAILED: ${err instanceof Error ? err.message : String(err)}`)
  } finally {
    await browser?.close()
    await server?.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await chatRender()
