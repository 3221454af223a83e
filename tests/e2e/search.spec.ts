import { expect, test } from './support/test'
import { apiAs, messagesOf, person } from './support/people'

/**
 * Search: the header's one search finds the person "Nguyễn Văn An" by "nguyen" (accents and case
 * ignored, in the database); the global search's "Search messages for …" finds a message, and opening the
 * result shows it in its chat with the history around it loaded.
 */
test('the header search finds the person “Nguyễn Văn An” by typing “nguyen”; Enter opens the person', async ({ browser }) => {
  const an = await person(browser, 'Nguyễn Văn An')
  const searcher = await person(browser, 'Searcher Binh')
  const anWorkid = ((await apiAs(an).get('customer/user-info')) as { workid: string }).workid
  const { page } = searcher
  await page.goto('/home')

  await page.getByRole('button', { name: 'Search everything' }).click()
  const box = page.getByRole('combobox', { name: 'Search people, groups and channels' })
  await box.fill('nguyen')
  const people = page.getByRole('group', { name: 'People' })
  const option = people.getByRole('option', { name: /Nguyễn Văn An/ })
  await expect(option).toBeVisible()
  await expect(option).toContainText(anWorkid)
  // The searcher never finds themself.
  await box.fill('searcher binh')
  await expect(page.getByText('No results for “searcher binh”')).toBeVisible()

  await box.fill('NGUYEN van')
  await expect(option).toBeVisible()
  await box.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', (await people.getByRole('option').first().getAttribute('id'))!)
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/people/${anWorkid}$`))
  // The route changed: the search closed.
  await expect(people).toHaveCount(0)
  await expect(box).toHaveCount(0)
})

test('a message search finds a message and opening it shows it in its chat, with the history around it', async ({ browser }) => {
  const host = await person(browser, 'Host Search')
  const reader = await person(browser, 'Reader Search')
  const channel = await apiAs(host).post('channel/create', { name: 'Trip Planning', is_public: true })
  await apiAs(reader).post('channel/join', { channel_id: channel._id })
  const topics = (await apiAs(host).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[]
  const generalId = topics[0]!._id
  const send = (message: string) => apiAs(host).post('message/send', { client_id: crypto.randomUUID(), topic_id: generalId, message })
  for (let i = 1; i <= 5; i++) await send(`Earlier note ${i}`)
  const target = (await send('Hẹn gặp ở Đà Nẵng lúc 9 giờ sáng')) as { _id: string; seq: number }
  // More than a page after it: the chat's first page of newest messages would not hold it.
  for (let i = 1; i <= 30; i++) await send(`Later note ${i}`)

  const { page } = reader
  await page.goto('/home')
  await page.getByRole('button', { name: 'Search everything' }).click()
  const box = page.getByRole('combobox', { name: 'Search people, groups and channels' })
  await box.fill('da nang')
  await page.getByRole('option', { name: 'Search messages for “da nang”' }).click()
  await expect(page).toHaveURL(/\/search\?q=da(\+|%20)nang$/)

  const found = page.getByRole('list', { name: 'Messages found' })
  const result = found.getByRole('link', { name: /Hẹn gặp ở Đà Nẵng lúc 9 giờ sáng/ })
  await expect(result).toBeVisible()
  await expect(found.getByRole('link')).toHaveCount(1)
  await expect(page.getByText('1 result', { exact: true })).toBeVisible()
  await expect(result.locator('mark')).toHaveText('Đà Nẵng')
  await expect(result).toContainText('General')
  await expect(result).toContainText('Host Search')

  // Only this chat: the address keeps it, a chip names it, and "Search all chats" goes back.
  await found.getByRole('button', { name: 'Only this chat: General' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]in=${generalId}`))
  await expect(page.getByText('Only in General')).toBeVisible()
  await expect(result).toBeVisible()
  await page.getByRole('button', { name: 'Search all chats' }).click()
  await expect(page).toHaveURL(/\/search\?q=da(\+|%20)nang$/)

  // Nothing found: a heading that says so, and what to try.
  await page.getByRole('searchbox', { name: 'Words to find in messages' }).fill('da nangx')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'No messages contain “da nangx”' })).toBeVisible()
  await expect(page.getByText('Check the spelling.')).toBeVisible()
  await page.goBack()

  await result.click()
  await expect(page).toHaveURL(new RegExp(`/chat/${generalId}\\?seq=${target.seq}$`))
  const focused = messagesOf(page).locator('[aria-current="true"]')
  await expect(focused).toContainText('Hẹn gặp ở Đà Nẵng lúc 9 giờ sáng')
  await expect(focused).toBeInViewport()
  // History around it: the messages before it, and (the catch-up) every one after it, up to the newest.
  await expect(messagesOf(page).getByText('Earlier note 5')).toBeAttached()
  await page.getByTestId('message-scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await page.getByTestId('message-scroller').dispatchEvent('wheel')
  await expect(messagesOf(page).getByText('Later note 30', { exact: true })).toBeVisible()
})

test('at 360px the header search is a button; it finds people too', async ({ browser }) => {
  await person(browser, 'Nguyễn Thị Mai')
  const { page } = await person(browser, 'Phone Searcher', { width: 360, height: 740 })
  await page.goto('/home')
  await page.getByRole('button', { name: 'Search everything' }).click()
  const box = page.getByRole('combobox', { name: 'Search people, groups and channels' })
  await expect(box).toBeFocused()
  await box.fill('nguyen thi')
  const option = page.getByRole('group', { name: 'People' }).getByRole('option', { name: /Nguyễn Thị Mai/ })
  await expect(option).toBeInViewport({ ratio: 1 })
  await box.press('Escape')
  await expect(box).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Search everything' })).toBeFocused()
})
