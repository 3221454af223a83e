import { expect, test, type Locator, type Page } from './support/test'
import { apiAs, apiPerson, messagesOf, person } from './support/people'

/**
 * The open chat on a phone and a desktop (issue 23): the header always shows whose chat it is, with
 * its buttons on screen, in English and Vietnamese; a message's actions open from a long press
 * (phone sheet) or its "more" button (desktop menu); the other person's do not disturb shows and
 * goes while the chat is open.
 */

const PHONE = { width: 360, height: 740 }
const DESKTOP = { width: 1280, height: 800 }
const LONG_NAME = 'Nguyễn Thị Phương Thảo Trường'

/** The open chat's bar: the header holding the chat's heading. */
const chatHeader = (page: Page, name: string) => page.locator('header').filter({ has: page.getByRole('heading', { name }) })

async function expectInside(page: Page, control: Locator, what: string) {
  const box = await control.boundingBox()
  const { width, height } = page.viewportSize()!
  expect(box, what).not.toBeNull()
  expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0)
  expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(width)
  expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(height)
}

test('the chat header names the person and keeps its buttons on screen at 360 and 1280, in English and Vietnamese', async ({
  browser,
  request,
}) => {
  // Signed in at phone size: the native-app offer is answered once, at login.
  const ann = await person(browser, 'Ann Layout', PHONE)
  const thao = await apiPerson(request, LONG_NAME)
  const dm: string = (await apiAs(ann).get(`topic/chat-friend?customer_id=${thao.user.userId}`))._id
  for (const language of ['en', 'vi'] as const) {
    await apiAs(ann).put('workid/update-language', { language })
    for (const viewport of [PHONE, DESKTOP]) {
      await ann.page.setViewportSize(viewport)
      await ann.page.goto(`/chat/${dm}`)
      const heading = ann.page.getByRole('heading', { name: LONG_NAME })
      await expect(heading).toBeVisible()
      const where = `${language} ${viewport.width}`
      await expectInside(ann.page, heading, `${where} name`)
      // The name gets the room: well over a few letters wide, even on a phone.
      expect((await heading.boundingBox())!.width, `${where} name width`).toBeGreaterThan(150)
      const header = chatHeader(ann.page, LONG_NAME)
      await expect(header.getByRole('button', { name: language === 'en' ? 'Chat options' : 'Tùy chọn trò chuyện' })).toBeVisible()
      // Back (phones), the name's profile link, the bell, Chat options.
      const controls = header.locator('a:visible, button:visible, [role="button"]:visible')
      expect(await controls.count(), where).toBeGreaterThanOrEqual(viewport === PHONE ? 4 : 3)
      for (const control of await controls.all()) {
        const name = (await control.getAttribute('aria-label')) ?? (await control.innerText())
        expect(name.trim(), `${where}: every control has a name`).not.toBe('')
        await expectInside(ann.page, control, `${where} ${name}`)
      }
    }
  }
  // The 1:1 header says nothing of members and leads to the person's profile.
  await apiAs(ann).put('workid/update-language', { language: 'en' })
  await ann.page.goto(`/chat/${dm}`)
  const header = chatHeader(ann.page, LONG_NAME)
  await expect(header.getByText(/members?$/)).toHaveCount(0)
  await header.getByRole('link', { name: new RegExp(LONG_NAME) }).click()
  await expect(ann.page).toHaveURL(/\/people\//)
  await ann.page.context().close()
})

test('a long press opens a message’s actions as a sheet at 360; the more button opens them as a menu at 1280', async ({
  browser,
  request,
}) => {
  const ann = await person(browser, 'Ann Presser', PHONE)
  const bao = await apiPerson(request, 'Bao Sender')
  const dm: string = (await apiAs(bao).get(`topic/chat-friend?customer_id=${ann.user.userId}`))._id
  await apiAs(bao).post('message/send', { client_id: crypto.randomUUID(), topic_id: dm, message: 'Hold this message' })
  await ann.page.goto(`/chat/${dm}`)
  const bubble = messagesOf(ann.page).getByText('Hold this message')
  await expect(bubble).toBeVisible()

  // A finger rests on the message: no click, the sheet comes after the hold.
  const box = (await bubble.boundingBox())!
  const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + 10, clientY: box.y + 5, bubbles: true }
  const finger = (await bubble.elementHandle())!
  await finger.dispatchEvent('pointerdown', at)
  const sheet = ann.page.getByRole('dialog', { name: 'Message from Bao Sender' })
  await expect(sheet.getByRole('button', { name: 'Cancel' })).toBeVisible()
  // The finger lifts: the sheet stays.
  await finger.dispatchEvent('pointerup', at)
  for (const action of ['Reply', 'Reply in thread', 'Pin', 'Forward'])
    await expect(sheet.getByRole('button', { name: action, exact: true })).toBeVisible()
  // Not Ann's message: she may not edit or delete it.
  await expect(sheet.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await expect(sheet.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await expectInside(ann.page, sheet.getByRole('button', { name: 'Cancel' }), 'sheet Cancel')
  await sheet.getByRole('button', { name: 'Reply', exact: true }).click()
  await expect(sheet).toHaveCount(0)
  await expect(ann.page.getByText('Replying to Bao Sender: Hold this message')).toBeVisible()

  // On a desktop the message's more button opens a menu of the same actions.
  await ann.page.setViewportSize(DESKTOP)
  const row = messagesOf(ann.page).getByRole('article').filter({ hasText: 'Hold this message' })
  await row.hover()
  await row.getByRole('button', { name: 'Actions for message from Bao Sender' }).click()
  const menu = ann.page.getByRole('menu')
  for (const action of ['Reply', 'Reply in thread', 'Pin', 'Forward'])
    await expect(menu.getByRole('menuitem', { name: action, exact: true })).toBeVisible()
  await menu.getByRole('menuitem', { name: 'Pin' }).click()
  await expect(row.getByText('Pinned')).toBeVisible()
  await ann.page.context().close()
})

test('the other person’s do not disturb shows and goes in an open chat as they turn it on and off', async ({ browser, request }) => {
  const ann = await person(browser, 'Ann Watcher')
  const busy = await apiPerson(request, 'Busy Live')
  const dm: string = (await apiAs(ann).get(`topic/chat-friend?customer_id=${busy.user.userId}`))._id
  await ann.page.goto(`/chat/${dm}`)
  await expect(ann.page.getByRole('heading', { name: 'Busy Live' })).toBeVisible()
  const notice = ann.page.getByRole('region', { name: 'Do not disturb' })
  await expect(notice).toHaveCount(0)
  // Well within the minute after which the chat would have asked again by itself.
  await apiAs(busy).put('attention/dnd', { for: '30m' })
  await expect(notice).toContainText(/Busy Live has paused notifications until \d\d:\d\d\./, { timeout: 10_000 })
  await apiAs(busy).put('attention/dnd', { for: 'off' })
  await expect(notice).toHaveCount(0, { timeout: 10_000 })
  await ann.page.context().close()
})
