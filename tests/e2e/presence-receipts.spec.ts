import { axeProblems } from './support/axe'
import { expect, type Page, test } from './support/test'
import { apiAs, messagesOf, person } from './support/people'

// axe-core goes in as an inline script, which the app's Content-Security-Policy refuses.
test.use({ bypassCSP: true })
/** axe's serious and critical findings on the page. */
const seriousProblems = (page: Page) => axeProblems(page, { names: false })

/**
 * Presence, read receipts and a custom status between two people in their own browsers (Bao's a
 * 360 px phone): Ann sees Bao online in their chat's header; Ann writes, Bao reads, Ann sees "Seen";
 * Bao turns read receipts off and Ann's open chat drops his at once; Ann sets "🌴 On holiday" and Bao sees it
 * beside her name at once. axe finds nothing serious on either screen.
 */
test('presence in the 1:1 header, "Seen" until receipts are turned off, a custom status seen live', async ({ browser }) => {
  const ann = await person(browser, 'Ann Presence')
  const bao = await person(browser, 'Bao Presence', { width: 360, height: 740 })
  const dm: string = (await apiAs(ann).get(`topic/chat-friend?customer_id=${bao.user.userId}`))._id
  const annHeading = ann.page.getByRole('heading', { name: 'Bao Presence' })
  const baoHeading = bao.page.getByRole('heading', { name: 'Ann Presence' })

  // Both open the chat: each sees the other online (the dot named "online", "Active now").
  await ann.page.goto(`/chat/${dm}`)
  await bao.page.goto(`/chat/${dm}`)
  await expect(annHeading).toBeVisible()
  await expect(baoHeading).toBeVisible()
  await expect(ann.page.getByText('Active now')).toBeVisible()
  // Bao's dot twice on Ann's screen: in the chat's header and on his row of her chat list.
  await expect(ann.page.getByRole('img', { name: 'online' })).toHaveCount(2)
  await expect(
    ann.page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'Bao Presence' }).getByRole('img', { name: 'online' }),
  ).toBeVisible()
  await expect(bao.page.getByText('Active now')).toBeVisible()

  // Ann writes; Bao has the chat open, so he reads it; Ann sees "Seen" under it.
  await ann.page.getByRole('textbox', { name: 'Message' }).fill('Lunch at noon?')
  await ann.page.getByRole('button', { name: 'Send' }).click()
  await expect(messagesOf(bao.page).getByText('Lunch at noon?')).toBeVisible()
  await expect(messagesOf(ann.page).getByText('Seen', { exact: true })).toBeVisible()
  expect(await seriousProblems(ann.page)).toEqual([])
  expect(await seriousProblems(bao.page)).toEqual([])

  // Bao turns read receipts off: Ann, opening the chat again, sees no receipt of his.
  await bao.page.goto('/account/privacy')
  const receipts = bao.page.getByRole('switch', { name: 'Send and see read receipts' })
  await expect(receipts).toHaveAttribute('aria-checked', 'true')
  await receipts.click()
  await expect(receipts).toHaveAttribute('aria-checked', 'false')
  await expect(receipts).not.toHaveAttribute('aria-busy', 'true')
  // Live: Ann's open chat drops his "Seen" without a reload.
  await expect(messagesOf(ann.page).getByText('Seen', { exact: true })).toHaveCount(0)
  await ann.page.reload()
  await expect(messagesOf(ann.page).getByText('Lunch at noon?')).toBeVisible()
  await expect(messagesOf(ann.page).getByText('Seen', { exact: true })).toHaveCount(0)
  // Nor when he reads her next message.
  await ann.page.getByRole('textbox', { name: 'Message' }).fill('Or at one?')
  await ann.page.getByRole('button', { name: 'Send' }).click()
  await bao.page.goto(`/chat/${dm}`)
  await expect(messagesOf(bao.page).getByText('Or at one?')).toBeVisible()
  await ann.page.reload()
  await expect(messagesOf(ann.page).getByText('Or at one?')).toBeVisible()
  await expect(messagesOf(ann.page).getByText('Seen', { exact: true })).toHaveCount(0)

  // Ann sets a custom status from her account menu; Bao sees it beside her name at once.
  await ann.page.getByRole('button', { name: 'Ann Presence, account' }).click()
  await ann.page.getByRole('button', { name: 'Set a status' }).click()
  const form = ann.page.getByRole('dialog', { name: 'Set a status' })
  await form.getByRole('button', { name: '🌴 On holiday' }).click()
  await form.getByRole('combobox', { name: 'Clear after' }).selectOption('This week')
  await form.getByRole('button', { name: 'Save status' }).click()
  await expect(form).toHaveCount(0)
  await expect(ann.page.getByRole('region', { name: 'Status' }).getByText('On holiday')).toBeVisible()
  await expect(bao.page.getByTestId('custom-status')).toHaveText('Status:🌴On holiday')
  expect(await bao.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect(await seriousProblems(ann.page)).toEqual([])
  expect(await seriousProblems(bao.page)).toEqual([])
})
