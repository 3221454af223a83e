import { createRequire } from 'node:module'
import { expect, test, type Page } from './support/test'
import { apiAs, apiPerson, person } from './support/people'

/**
 * axe-core over every signed-in page of a lived-in account, at 360 and 1280 px, in English and
 * Vietnamese: no serious or critical violation (colour contrast, names, links in text, …). The
 * account has a friend with a 1:1 chat holding a mention, a pending friend request, a channel with
 * its group, and the drawers (notifications, account) are audited open.
 */

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface Violation {
  id: string
  impact: string | null
  nodes: string[]
}

/** The serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Array<Record<string, unknown>> }> } }).axe
    const { violations } = await axe.run(document)
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id as string,
        impact: v.impact as string,
        nodes: (v.nodes as { target: string[] }[]).map((n) => n.target.join(' ')),
      }))
  })
}

// axe goes in as an inline script, which the app's Content-Security-Policy refuses to run.
test.use({ bypassCSP: true })
// The four sweeps are independent (each signs up its own people) and long: either worker takes one.
test.describe.configure({ mode: 'parallel' })

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]

for (const language of ['en', 'vi'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`every signed-in page at ${viewport.width} px in ${language}: no serious accessibility violation`, async ({
      browser,
      request,
    }) => {
      // Fifteen full axe sweeps (13 pages and 2 drawers) take about a minute here, more beside a call's media.
      test.setTimeout(180_000)
      const me = await person(browser, 'Lan Nguyễn', viewport)
      const friend = await apiPerson(request, 'Bình Lê')
      const asker = await apiPerson(request, 'Chi Phạm')
      const asMe = apiAs(me)
      const asFriend = apiAs(friend)
      await asMe.post('relates/add-friend', { customer_id: friend.user.userId })
      await asFriend.post('relates/accept-friend', { customer_id: me.user.userId })
      await apiAs(asker).post('relates/add-friend', { customer_id: me.user.userId })
      const dm: string = (await asFriend.get(`topic/chat-friend?customer_id=${me.user.userId}`))._id
      await asFriend.post('message/send', {
        client_id: crypto.randomUUID(),
        topic_id: dm,
        message: `@${me.user.name} the plan for dự án mùa thu: https://example.com/a/very/long/link/that/does/not/break/anywhere/at/all`,
        mentions: [me.user.userId],
      })
      const channel = await asMe.post('channel/create', { name: 'Dự án Mùa Thu', is_public: true })
      const friendWorkid: string = (await asFriend.get('customer/user-info')).workid
      await asMe.put('workid/update-language', { language })

      const { page } = me
      const pages = [
        '/chat',
        `/chat/${dm}`,
        `/chat/info/${dm}`,
        `/chat/channel/${channel._id}`,
        '/contact',
        `/people/${friendWorkid}`,
        '/setting',
        '/account/privacy',
        '/log',
        '/search?q=du%20an',
        '/account/storage',
        '/account/trash',
        '/home',
      ]
      const found: Record<string, Violation[]> = {}
      for (const path of pages) {
        await page.goto(path)
        await expect(page.locator('html')).toHaveAttribute('lang', language)
        await expect(page.getByRole('main')).toBeVisible()
        // Loaded: nothing says it is still loading.
        await expect(page.getByText(/^(Loading|Đang tải)/)).toHaveCount(0)
        const violations = await seriousViolations(page)
        if (violations.length) found[path] = violations
      }
      // The drawers, open over the chat list.
      await page.goto('/chat')
      await page
        .getByRole('banner')
        .getByRole('button', { name: language === 'en' ? /^Notifications/ : /^Thông báo/ })
        .click()
      await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible()
      const drawer = await seriousViolations(page)
      if (drawer.length) found['notification drawer'] = drawer
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await page
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(`${me.user.name}|^(Account|Tài khoản)$`) })
        .click()
      await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible()
      const account = await seriousViolations(page)
      if (account.length) found['account drawer'] = account
      expect(found).toEqual({})
    })
  }
}
