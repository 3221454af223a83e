import { expect, test, type Page } from './support/test'
import { apiAs, apiPerson, messagesOf, person, type ApiPerson, type Person } from './support/people'

/**
 * The chat list (/chat): a new account starts a 1:1 chat from New message without typing an
 * address; a row's menu hides a chat (Undo brings it back; Hidden chats unhides it); on a phone the
 * row menu stays on the screen and a fresh account is offered Create a channel.
 */

/** A 1:1 chat that `from` starts with `to` through the API, with a first message, so it is in `to`'s list. */
async function chatFrom(from: ApiPerson, to: Person, message: string) {
  const topic = await apiAs(from).get(`topic/chat-friend?customer_id=${to.user.userId}`)
  await apiAs(from).post('message/send', { client_id: crypto.randomUUID(), topic_id: topic._id, message })
}

const chatsOf = (page: Page) => page.getByRole('list', { name: 'Chats' })

test('a new account starts a 1:1 chat with a friend from New message and sends a message', async ({ browser, request }) => {
  const lan = await person(browser, 'Lan Picker')
  const minh = await apiPerson(request, 'Minh Picked')
  await apiAs(minh).post('relates/add-friend', { customer_id: lan.user.userId })
  await apiAs(lan).post('relates/accept-friend', { customer_id: minh.user.userId })
  const { page } = lan

  await page.goto('/chat')
  await expect(page.getByText('No chats yet')).toBeVisible()
  await page.getByRole('button', { name: 'New message' }).first().click()
  const picker = page.getByRole('dialog', { name: 'New message' })
  // Friends come first, without a search.
  await picker.getByRole('checkbox', { name: /Minh Picked/ }).check()
  await picker.getByRole('button', { name: 'Open chat' }).click()

  await expect(page).toHaveURL(/\/chat\/(?!default$)[^/]+$/)
  await expect(page.getByRole('heading', { name: 'Minh Picked' })).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('Hi Minh, found you in New message')
  await box.press('Enter')
  await expect(messagesOf(page).getByText('Hi Minh, found you in New message')).toBeVisible()
  await expect(chatsOf(page).getByRole('listitem', { name: 'Minh Picked' })).toBeVisible()
})

test('Hide from a row’s menu: Undo brings the chat back; hidden again, Hidden chats unhides it', async ({ browser, request }) => {
  const an = await person(browser, 'An Hider')
  const binh = await apiPerson(request, 'Binh Hidden')
  await chatFrom(binh, an, 'Hello An')
  const { page } = an

  await page.goto('/chat')
  const row = chatsOf(page).getByRole('listitem', { name: 'Binh Hidden' })
  await expect(row).toBeVisible()

  await page.getByRole('button', { name: 'Actions for Binh Hidden' }).click()
  await page.getByRole('menuitem', { name: 'Hide' }).click()
  await expect(row).toHaveCount(0)
  const toast = page.getByRole('status').filter({ hasText: 'Chat hidden' })
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(row).toBeVisible()

  const hidden = page.waitForResponse((r) => r.url().includes('/api/topic/hide') && r.ok())
  await page.getByRole('button', { name: 'Actions for Binh Hidden' }).click()
  await page.getByRole('menuitem', { name: 'Hide' }).click()
  await expect(row).toHaveCount(0)
  await hidden
  await page.getByRole('button', { name: 'Hidden chats' }).click()
  const hiddenList = page.getByRole('list', { name: 'Hidden chats' })
  await hiddenList.getByRole('button', { name: 'Unhide Binh Hidden' }).click()
  await expect(hiddenList.getByRole('listitem', { name: 'Binh Hidden' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Back to chats' }).click()
  await expect(row).toBeVisible()
})

test('at 360x740: Create a channel for a fresh account opens the dialog; a row’s menu opens inside the screen', async ({
  browser,
  request,
}) => {
  const viewport = { width: 360, height: 740 }
  const chau = await person(browser, 'Chau Phone', viewport)
  const dung = await apiPerson(request, 'Dung Menu')
  const { page } = chau

  await page.goto('/chat')
  await expect(page.getByText('No chats yet')).toBeVisible()
  // Offered in the header and in the empty list.
  await page.getByRole('button', { name: 'Create a channel' }).last().click()
  const dialog = page.getByRole('dialog', { name: 'Create channel' })
  await expect(dialog.getByRole('textbox', { name: 'Channel name' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)

  // A chat arrives live; its menu opens within the 360px screen.
  await chatFrom(dung, chau, 'Hello Chau')
  await page.getByRole('button', { name: 'Actions for Dung Menu' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Hide' })).toBeVisible()
  const box = await menu.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width)
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height)
  // Still no channel: the header keeps Create a channel.
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Create a channel' })).toHaveCount(1)
})
