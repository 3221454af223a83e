/**
 * Initial JavaScript of a page: the scripts Chromium asks for, on a cold cache, before the first
 * frame that shows the page (the entry, its modulepreloaded chunks, the chunks of the matched routes
 * and whatever else the first render waits for; by the page's resource timing), each gzipped at
 * level 9. Scripts asked for after it (lazy parts, the socket) are counted apart. Measured for /login (a visitor) and for
 * /chat signed in (an account that has verified its email and skipped the tutorial), against the
 * goals: 120 KB and 200 KB gzip.
 *
 * `node --import tsx tests/bench/bundle-size.ts` runs it alone (after `npm run build`); it lists
 * each page's scripts with their sizes.
 */
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium } from '@playwright/test'
import { REFRESH_COOKIE } from '../../server/http/refresh-cookie'
import { LOGIN_MARKER_KEY } from '../../src/services/token-store'
import { type RunningServer, startServerProcess } from '../support/server-process'
import { api, BENCH_PASSWORD, signUp } from './accounts'
import { round } from './stats'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium'

const PORT = Number(process.env.BENCH_BUNDLE_PORT ?? 3340)
export const INITIAL_JS_GOALS = { '/login': 120 * 1024, '/chat': 200 * 1024 } as const

export interface Script {
  /** The file name, e.g. assets/framework-abc123.js. */
  name: string
  gzipBytes: number
}

export interface BundleFigure {
  path: string
  scripts: number
  rawBytes: number
  gzipBytes: number
  /** The initial scripts, largest first. */
  initial: Script[]
  /** Scripts fetched after the page had rendered, until the network was idle. */
  later: Script[]
}

interface PageVisit {
  path: string
  /** What shows that the page has rendered: an element matching `selector`, or `text` in the page. */
  rendered: { selector: string } | { text: string }
  /** A signed-in account: the page restores its session from the refresh-token cookie (and the login marker). */
  signedIn?: { userId: string; refreshCookie: { value: string; path: string } }
}

const gzipped = (body: Buffer) => gzipSync(body, { level: 9 }).length

/** Loads `visit.path` in a new browser context (a cold cache) and sorts the scripts it fetched by when they were asked for. */
export async function measurePageJs(browser: Browser, baseUrl: string, visit: PageVisit): Promise<BundleFigure> {
  const { hostname, origin } = new URL(baseUrl)
  const signedIn = visit.signedIn
  const context = await browser.newContext({
    serviceWorkers: 'block',
    storageState: signedIn && {
      cookies: [
        {
          name: REFRESH_COOKIE,
          ...signedIn.refreshCookie,
          domain: hostname,
          httpOnly: true,
          secure: false,
          sameSite: 'Strict',
          expires: -1,
        },
      ],
      origins: [{ origin, localStorage: [{ name: LOGIN_MARKER_KEY, value: signedIn.userId }] }],
    },
  })
  try {
    const page = await context.newPage()
    const scripts: { url: string; body: Promise<Buffer> }[] = []
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? ''
      if (res.request().resourceType() === 'script' || type.includes('javascript')) scripts.push({ url: res.url(), body: res.body() })
    })
    await page.goto(baseUrl + visit.path)
    // The page's clock at the first frame that shows it, and when each script was asked for (resource timing).
    const renderedAt = await (
      await page.waitForFunction(
        (shown) =>
          ('selector' in shown ? document.querySelector(shown.selector) !== null : document.body.innerText.includes(shown.text)) &&
          performance.now(),
        visit.rendered,
        { polling: 'raf', timeout: 30_000 },
      )
    ).jsonValue()
    await page.waitForLoadState('networkidle')
    const askedAt = new Map(
      await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime] as [string, number])),
    )
    const measured = await Promise.all(
      scripts.map(async (s) => ({
        name: new URL(s.url).pathname.slice(1),
        initial: (askedAt.get(s.url) ?? 0) < (renderedAt as number),
        bytes: await s.body,
      })),
    )
    const initial = measured.filter((s) => s.initial)
    const bySize = (list: typeof measured) =>
      list.map((s) => ({ name: s.name, gzipBytes: gzipped(s.bytes) })).sort((a, b) => b.gzipBytes - a.gzipBytes)
    const initialScripts = bySize(initial)
    return {
      path: visit.path,
      scripts: initial.length,
      rawBytes: initial.reduce((n, s) => n + s.bytes.length, 0),
      gzipBytes: initialScripts.reduce((n, s) => n + s.gzipBytes, 0),
      initial: initialScripts,
      later: bySize(measured.filter((s) => !s.initial)),
    }
  } finally {
    await context.close()
  }
}

/** Logs in through the API and returns the refresh-token cookie the server set. */
async function refreshCookieOf(baseUrl: string, email: string): Promise<{ value: string; path: string }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  })
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`)
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`))
  if (!cookie) throw new Error('login set no refresh cookie')
  const [pair, ...attributes] = cookie.split(';').map((part) => part.trim())
  const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/'
  return { value: pair!.slice(REFRESH_COOKIE.length + 1), path }
}

const kb = (bytes: number) => round(bytes / 1024)

function report(figure: BundleFigure, goal: number, detail: boolean) {
  console.log(
    `${figure.path} initial JS: ${figure.scripts} scripts, ${kb(figure.rawBytes)} KB raw, ${kb(figure.gzipBytes)} KB gzip ` +
      `(goal ${kb(goal)} KB: ${figure.gzipBytes <= goal ? 'within' : 'OVER'}); after render: ${figure.later.length} scripts, ` +
      `${kb(figure.later.reduce((n, s) => n + s.gzipBytes, 0))} KB gzip`,
  )
  if (!detail) return
  for (const s of figure.initial) console.log(`    ${String(kb(s.gzipBytes)).padStart(6)} KB  ${s.name}`)
  for (const s of figure.later) console.log(`    ${String(kb(s.gzipBytes)).padStart(6)} KB  ${s.name} (after render)`)
}

/** Both pages' initial JS on a server of their own, printed against the goals; `detail` lists every script. */
export async function bundleSize({ detail = false } = {}): Promise<BundleFigure[] | undefined> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`\ninitial JS: skipped, ${CHROMIUM_PATH} is missing`)
    return undefined
  }
  if (!existsSync('dist/index.html')) throw new Error('the SPA is not built: run `npm run build` first')
  let server: RunningServer | undefined
  let browser: Browser | undefined
  try {
    // Info-level logs carry the emailed code that signUp reads.
    server = await startServerProcess(PORT, { LOG_LEVEL: 'info' })
    const user = await signUp(server, 'bundle')
    await api(server.url, 'customer/skip-tutorial', { token: user.accessToken, method: 'PUT' })
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    })
    const login = await measurePageJs(browser, server.url, {
      path: '/login',
      rendered: { selector: 'input[type="email"]' },
    })
    const chat = await measurePageJs(browser, server.url, {
      path: '/chat',
      signedIn: { userId: user.userId, refreshCookie: await refreshCookieOf(server.url, user.email) },
      rendered: { text: 'Choose a chat' },
    })
    console.log('')
    report(login, INITIAL_JS_GOALS['/login'], detail)
    report(chat, INITIAL_JS_GOALS['/chat'], detail)
    return [login, chat]
  } finally {
    await browser?.close()
    await server?.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleSize({ detail: true })
