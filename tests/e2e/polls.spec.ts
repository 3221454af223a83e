import { expect, test, type Page } from './support/test'
import { apiAs, messagesOf, person } from './support/people'

/**
 * A poll in a group chat, between two people in their own browsers: one creates it from the
 * composer; the other sees it arrive, votes and adds an option, and each sees the other's change
 * live; the creator locks it, the other's card stops taking votes at once, and the server refuses
 * a vote sent anyway with its message.
 */
const pollOf = (page: Page) => messagesOf(page).getByRole('region', { name: 'Poll: Lunch on Friday?' })
const votesFor = (page: Page, option: string) =>
  pollOf(page)
    .getByRole('button', { name: `Vote for ${option}` })
    .getByTestId('option-votes')

test('a poll in a group: created from the composer, votes and a new option seen live by both, locked by its creator', async ({
  browser,
}) => {
  const ann = await person(browser, 'Ann Poll')
  const bao = await person(browser, 'Bao Poll')
  const channel = await apiAs(ann).post('channel/create', { name: 'Lunch Club', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  for (const { page } of [ann, bao]) {
    await page.goto('/chat')
    await page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' }).click()
    await expect(page.getByRole('heading', { name: 'General' })).toBeVisible()
  }

  // Ann asks, with three options, and lets members add their own.
  await ann.page.getByRole('button', { name: 'Create a poll' }).click()
  const dialog = ann.page.getByRole('dialog', { name: 'Create a poll' })
  await dialog.getByRole('textbox', { name: 'Question' }).fill('Lunch on Friday?')
  await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Pizza')
  await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Pho')
  await dialog.getByRole('button', { name: 'Add an option' }).click()
  await dialog.getByRole('textbox', { name: 'Option 3' }).fill('Banh mi')
  await dialog.getByRole('checkbox', { name: 'Members can add options' }).check()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(pollOf(ann.page)).toBeVisible()

  // Bao sees it arrive, and votes: Ann sees the count and his name at once.
  await expect(pollOf(bao.page).getByRole('button', { name: /^Vote for / })).toHaveCount(3)
  await pollOf(bao.page).getByRole('button', { name: 'Vote for Pho' }).click()
  await expect(pollOf(bao.page).getByRole('button', { name: 'Vote for Pho' })).toHaveAttribute('aria-pressed', 'true')
  await expect(votesFor(ann.page, 'Pho')).toHaveText('1')
  await expect(pollOf(ann.page).getByText('Voted: Bao Poll')).toBeVisible()

  // Bao adds an option; Ann chooses it, and Bao sees her vote there.
  await pollOf(bao.page).getByRole('textbox', { name: 'New option' }).fill('Bun cha')
  await pollOf(bao.page).getByRole('button', { name: 'Add option' }).click()
  await pollOf(ann.page).getByRole('button', { name: 'Vote for Bun cha' }).click()
  await expect(votesFor(bao.page, 'Bun cha')).toHaveText('1')
  await expect(votesFor(bao.page, 'Pho')).toHaveText('1')
  await expect(pollOf(bao.page).getByTestId('poll-voters')).toHaveText('2 votes')

  // Only its creator (or an admin) may lock it: Bao has no Lock button. Ann locks it.
  await expect(pollOf(bao.page).getByRole('button', { name: 'Lock poll' })).toHaveCount(0)
  await pollOf(ann.page).getByRole('button', { name: 'Lock poll' }).click()
  await expect(pollOf(bao.page).getByRole('status')).toHaveText('This poll is locked: it takes no more votes.')
  await expect(pollOf(bao.page).getByRole('button', { name: 'Vote for Pizza' })).toBeDisabled()

  // A vote sent anyway is refused, with the server's message, and changes nothing.
  const general = ((await apiAs(bao).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  const sent = (await apiAs(bao).get(`topic/messages?topic_id=${general._id}`)) as { _id: string; type: string }[]
  const poll = await apiAs(bao).get(`vote/info?poll_id=${sent.find((m) => m.type === 'vote')!._id}`)
  const pizza = (poll.options as { _id: string; text: string }[]).find((o) => o.text === 'Pizza')!
  const refused = await bao.page.request.post('/api/vote/option', {
    headers: { authorization: `Bearer ${bao.user.accessToken}` },
    data: { poll_id: poll._id, option_ids: [pizza._id] },
  })
  expect(refused.status()).toBe(409)
  expect((await refused.json()).message).toBe('This poll is locked: it takes no more votes.')
  await expect(votesFor(ann.page, 'Pizza')).toHaveText('0')

  // The chat list names the poll as the chat's last message.
  await expect(
    bao.page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' }).getByText('Poll: Lunch on Friday?'),
  ).toBeVisible()
})
