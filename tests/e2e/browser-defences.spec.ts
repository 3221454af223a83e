import { type BrowserContext, expect, test } from './support/test'
import sharp from 'sharp'
import { apiAs, messagesOf } from './support/people'
import { signUpAndLogIn } from './support/sign-up'

/**
 * Issue 14, finding 11 (review M7), in Chromium against the built app: the Content-Security-Policy
 * stops a script injected into the app's own page, and the app itself (visitor pages, login, chat
 * over the socket, uploads, a channel page, the statechart visualiser) runs without one violation.
 */

interface Violation {
  directive: string
  blocked: string
  page: string
}

declare global {
  interface Window {
    reportViolation?: (violation: Violation) => void
    injectedScriptRan?: boolean
    injectedHandlerRan?: boolean
    injectedLinkRan?: boolean
  }
}

/** Every CSP violation in any page of the context, from the page's own securitypolicyviolation events and Chromium's console. */
async function collectViolations(context: BrowserContext): Promise<{ events: Violation[]; console: string[] }> {
  const found = { events: [] as Violation[], console: [] as string[] }
  await context.exposeFunction('reportViolation', (violation: Violation) => found.events.push(violation))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void window.reportViolation?.({ directive: event.effectiveDirective, blocked: event.blockedURI, page: location.pathname })
    })
  })
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.console.push(message.text())
  })
  return found
}

test.beforeEach(async ({ page }) => {
  // Narrow windows are offered the native app once per session; this visitor has dismissed it.
  await page.addInitScript(() => sessionStorage.setItem('workroom.app-offered', '1'))
})

test("an inline script, an inline handler and a javascript: link injected into the app's page do not run", async ({ page, context }) => {
  const violations = await collectViolations(context)
  const response = await page.goto('/login')
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible()

  // What an XSS would do with a foothold in the document: add a script, a handler, a link.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script')
    script.textContent = 'window.injectedScriptRan = true'
    document.body.append(script) // an allowed inline script would have run by now
    const image = document.createElement('div')
    image.innerHTML = '<img src="/no-such-image.png" onerror="window.injectedHandlerRan = true">'
    const failed = new Promise((resolve) => image.firstElementChild!.addEventListener('error', resolve))
    document.body.append(image)
    await failed // the inline onerror runs (when allowed) before listeners added later
    const link = document.createElement('a')
    link.href = 'javascript:window.injectedLinkRan = true'
    document.body.append(link)
    link.click()
    return { script: window.injectedScriptRan === true, handler: window.injectedHandlerRan === true }
  })
  expect(ran).toEqual({ script: false, handler: false })
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")

  // Chromium reports each one as blocked: the element's inline script, the attribute, the link.
  await expect
    .poll(() => violations.events.map((v) => v.directive).sort())
    .toEqual(['script-src-attr', 'script-src-elem', 'script-src-elem'])
  expect(await page.evaluate(() => window.injectedLinkRan === true)).toBe(false)
})

test('the app cannot be framed by another page', async ({ page, baseURL }) => {
  const refused = page.waitForEvent('console', { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 10_000 })
  await page.setContent(`<iframe src="${baseURL}/login" title="framed"></iframe>`)
  expect((await refused).text()).toContain("frame-ancestors 'none'")
  expect(page.frames().some((frame) => frame !== page.mainFrame() && frame.url().startsWith(baseURL!))).toBe(false)
})

test("the app's scripts and styles arrive compressed", async ({ page }) => {
  const files: Promise<{ url: string; bytes: number; encoding: string | undefined; vary: string | undefined }>[] = []
  page.on('response', (response) => {
    if (['script', 'stylesheet'].includes(response.request().resourceType())) {
      const headers = response.headers()
      files.push(
        response
          .body()
          .then((body) => ({ url: response.url(), bytes: body.length, encoding: headers['content-encoding'], vary: headers['vary'] })),
      )
    }
  })
  await page.goto('/login', { waitUntil: 'networkidle' })
  // A file of a few bytes (a chunk that only re-exports) gains nothing from compression and has no compressed copy.
  const worthIt = (await Promise.all(files)).filter((file) => file.bytes > 1024)
  expect(worthIt.length).toBeGreaterThan(3)
  for (const file of worthIt) {
    expect(file.encoding, file.url).toMatch(/^(br|gzip)$/)
    expect(file.vary, file.url).toMatch(/accept-encoding/i)
  }
})

test('visitor pages, login, chat, an upload, a channel page and the statecharts run without a CSP violation', async ({ page, context }) => {
  const violations = await collectViolations(context)

  for (const path of ['/', '/pricing', '/sign-up']) {
    const response = await page.goto(path)
    expect(response?.headers()['content-security-policy'], path).toContain("default-src 'self'")
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
  }

  const user = await signUpAndLogIn(page, { name: 'Chi Pham', skipTutorial: true })
  const me = apiAs({ page, user })
  const channel = await me.post('channel/create', {
    name: 'Policy Lab',
    is_public: true,
    description: '<p>We <strong>test</strong> <a href="https://example.com/">policies</a>.</p>',
  })

  await page.goto(`/channel/${channel._id}`)
  await expect(page.getByRole('heading', { name: 'Policy Lab' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'policies' })).toHaveAttribute('rel', /noopener/)

  // Chat over the socket, and an image with its preview and thumbnail.
  const [general] = await me.get(`topic-in-channel?channel_id=${channel._id}`)
  await page.goto(`/chat/${general._id}`)
  await expect(page.getByRole('heading', { name: 'General' })).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('Hello from a strict policy')
  await box.press('Enter')
  await expect(messagesOf(page).getByText('Hello from a strict policy')).toBeVisible()
  const png = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer()
  await page.getByLabel('Choose files').setInputFiles({ name: 'policy.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByRole('button', { name: 'Remove policy.png' })).toBeVisible()
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(messagesOf(page).getByRole('img', { name: 'policy.png' })).toBeVisible()
  await expect
    .poll(() =>
      messagesOf(page)
        .getByRole('img', { name: 'policy.png' })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true)

  // The statechart visualiser lays its charts out with elkjs.
  await page.goto('/statecharts/outgoingCall')
  await expect(page.getByRole('group', { name: 'Statechart of outgoingCall' }).locator('[data-state-path="ringing"]')).toHaveCount(1)

  expect(violations.events).toEqual([])
  expect(violations.console).toEqual([])
})
