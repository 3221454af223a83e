import { createRequire } from 'node:module'
import { expect, test, type Page } from './support/test'
import { apiAs, apiPerson, type Person } from './support/people'
import { signUpAndLogIn } from './support/sign-up'

/**
 * The app shell at a phone's 360x740 and a desktop's 1280x800, in English and Vietnamese: every
 * header control lies inside the screen with a tap target of 24 px or more, one of each entry shows,
 * the do-not-disturb and chat bell menus open inside the screen and close with Escape (focus back on
 * their button), a chat can be muted from its bell at 360, and Settings is one step away.
 */
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
// axe goes in as an inline script, which the app's Content-Security-Policy refuses to run.
test.use({ bypassCSP: true })

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 800 }

async function signedUp(page: Page, language: 'en' | 'vi'): Promise<Person> {
  const user = await signUpAndLogIn(page, { name: 'Trần Thị Bảo Ngọc', skipTutorial: true })
  const me: Person = { page, user }
  if (language === 'vi') {
    await apiAs(me).put('workid/update-language', { language: 'vi' })
    await page.reload()
  }
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  return me
}

/** Every visible control of the header lies inside the viewport and is at least 24 px each way. */
async function expectHeaderFits(page: Page, width: number) {
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: /Trần Thị Bảo Ngọc, (account|tài khoản)/ })).toBeVisible()
  const controls = header.locator('a:visible, button:visible, input:visible')
  const count = await controls.count()
  expect(count).toBeGreaterThan(4)
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i)
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText())
    const box = (await control.boundingBox())!
    expect(box.x, name).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, name).toBeLessThanOrEqual(width)
    expect(box.width, name).toBeGreaterThanOrEqual(24)
    expect(box.height, name).toBeGreaterThanOrEqual(24)
  }
  // Nothing spills out of the header (no control hidden under an overflow).
  expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  // axe on the header: names contain the visible text, contrast, tap target sizes.
  await page.addScriptTag({ path: axeSource })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string }[] }> } })
      .axe
    const rules = ['label-content-name-mismatch', 'color-contrast', 'target-size', 'button-name', 'link-name']
    const result = await axe.run({ include: [['header']] }, { runOnly: { type: 'rule', values: rules } })
    return result.violations.map((v) => v.id)
  })
  expect(violations).toEqual([])
}

/** The box of an open menu lies inside the viewport. */
async function expectInside(page: Page, menuName: string, width: number) {
  const box = (await page.getByRole('menu', { name: menuName }).boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(width)
}

test('the header fits 360px and 1280px in Vietnamese', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage()
  await signedUp(page, 'vi')
  await expectHeaderFits(page, PHONE.width)
  await page.setViewportSize(DESKTOP)
  await expectHeaderFits(page, DESKTOP.width)
  await page.context().close()
})

test('in English at 360px and 1280px: one of each header entry, the DND menu by keyboard, Settings one step away', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage()
  await signedUp(page, 'en')
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await page.goto('/home')
    await expectHeaderFits(page, viewport.width)

    // One search, one bell, one Chats link on screen (the header's below 768px, the sidebar's from there).
    await expect(page.getByRole('button', { name: 'Search everything' })).toHaveCount(1)
    await expect(page.getByRole('combobox')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true })).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Chats', exact: true }).filter({ visible: true })).toHaveCount(1)

    // Do not disturb: the arrow keys move through the choices; Escape closes and focus goes back.
    const dnd = page.getByRole('button', { name: 'Do not disturb: Notifications on' })
    await dnd.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: 'Do not disturb' })
    await expect(menu).toBeVisible()
    await expectInside(page, 'Do not disturb', viewport.width)
    await page.keyboard.press('ArrowDown')
    const second = page.getByRole('menuitem', { name: 'Pause for 1 hour' })
    await expect(menu).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
    await expect(dnd).toBeFocused()
    // A click elsewhere closes it too.
    await dnd.click()
    await expect(menu).toBeVisible()
    await page.mouse.click(viewport.width / 2, viewport.height - 20)
    await expect(page.getByRole('menu')).toHaveCount(0)

    // Settings from the mobile menu (below 768px) or the sidebar: the settings page.
    if (viewport.width < 768) await page.getByRole('button', { name: 'Menu', exact: true }).click()
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click()
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/\/setting$/)

    // And from the account drawer.
    await page.goto('/home')
    await page.getByRole('button', { name: 'Trần Thị Bảo Ngọc, account' }).click()
    await page.getByRole('dialog', { name: 'Your account' }).getByRole('link', { name: 'Settings' }).click()
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  }
  await page.context().close()
})

test('at 360px the chat bell menu opens inside the screen, closes with Escape, and mutes the chat', async ({ browser, request }) => {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage()
  const me = await signedUp(page, 'en')
  const friend = await apiPerson(request, 'Lê Văn Minh')
  const dm: string = (await apiAs(friend).get(`topic/chat-friend?customer_id=${me.user.userId}`))._id
  await page.goto(`/chat/${dm}`)

  const bell = page.getByRole('button', { name: 'Chat notifications: All messages' })
  await bell.click()
  await expect(page.getByRole('menu', { name: 'Chat notifications' })).toBeVisible()
  await expectInside(page, 'Chat notifications', PHONE.width)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(bell).toBeFocused()

  await bell.click()
  await page.getByRole('menuitem', { name: 'Mute until I turn it back on' }).click()
  const muted = page.getByRole('button', { name: 'Chat notifications: Muted' })
  await expect(muted).toBeVisible()
  await expect(muted).toBeFocused()
  await muted.click()
  await expect(page.getByRole('menuitem', { name: 'Unmute' })).toBeVisible()
  await page.context().close()
})
