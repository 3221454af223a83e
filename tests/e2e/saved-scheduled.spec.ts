import { axeProblems } from './support/axe'
import { expect, test, type Page } from './support/test'
import { apiAs, person } from './support/people'

/**
 * Saved messages, scheduled send and "Remind me about this message", on a phone (360 px) beside a
 * desktop: Ann saves Bao's message, finds it under Saved and opens it in its chat; she schedules a
 * message for a time she picks, edits it, and sends it now: Bao, with the chat open, gets it live
 * (firing at its time is proven by the server's tests on a fake clock); "In 20 minutes" makes a
 * personal reminder about Bao's message that shows in her calendar and links back to the message.
 * axe finds nothing serious on the pages and dialogs, and nothing is wider than the phone.
 */
test.use({ bypassCSP: true })

const two = (n: number) => String(n).padStart(2, '0')
/** A local date as a date field takes it (the browser and the test run on one machine, in one time zone). */
const dateField = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`
/** axe's serious and critical findings on the page. */
const chatAxeProblems = (page: Page) => axeProblems(page, { names: false })
const noWiderThanThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

/** The open chat's messages (a list of them, or a feed of articles). */
const messagesOf = (page: Page) => page.getByRole('feed', { name: 'Messages' }).or(page.getByRole('list', { name: 'Messages' }))
/** The message that reads `text`. */
const rowOf = (page: Page, text: string) =>
  messagesOf(page).getByRole('article').or(messagesOf(page).getByRole('listitem')).filter({ hasText: text }).first()

/** On a phone: a message's action from its sheet ("more" button). */
async function sheetAction(page: Page, text: string, action: string) {
  const row = rowOf(page, text)
  await row.getByRole('button', { name: /^Actions for message from / }).click()
  await page
    .getByRole('dialog', { name: /^Message from / })
    .getByRole('button', { name: action })
    .click()
}

test('saved, scheduled and remind-me on a phone: save and open in context, schedule, edit and send now (received live), remind in 20 minutes', async ({
  browser,
}) => {
  test.slow()
  const ann = await person(browser, 'Ann Later', { width: 360, height: 740 })
  const bao = await person(browser, 'Bao Later')
  const channel = await apiAs(ann).post('channel/create', { name: 'Launch', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const general = ((await apiAs(ann).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  const plan = await apiAs(bao).post('message/send', {
    client_id: crypto.randomUUID(),
    topic_id: general._id,
    message: 'Plan for the launch',
  })
  for (let i = 0; i < 3; i++)
    await apiAs(bao).post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: `Chatter ${i}` })

  await bao.page.goto(`/chat/${general._id}`)
  await expect(messagesOf(bao.page).getByText('Chatter 2')).toBeVisible()
  await ann.page.goto(`/chat/${general._id}`)
  await expect(messagesOf(ann.page).getByText('Plan for the launch')).toBeVisible()

  // Save: the sheet says Save, then Remove from saved; the note leads to Saved.
  await sheetAction(ann.page, 'Plan for the launch', 'Save')
  await expect(ann.page.getByRole('status').filter({ hasText: 'Message saved.' })).toBeVisible()
  const row = rowOf(ann.page, 'Plan for the launch')
  await row.getByRole('button', { name: /^Actions for message from / }).click()
  const sheet = ann.page.getByRole('dialog', { name: /^Message from / })
  await expect(sheet.getByRole('button', { name: 'Remove from saved' })).toBeVisible()
  await expect(sheet.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0)
  expect(await chatAxeProblems(ann.page)).toEqual([])
  await sheet.getByRole('button', { name: 'Cancel' }).click()
  await ann.page.getByRole('link', { name: 'View saved' }).click()
  await expect(ann.page.getByRole('heading', { name: 'Saved messages', level: 1 })).toBeVisible()
  const saved = ann.page.getByRole('list', { name: 'Saved messages' })
  await expect(saved.getByRole('listitem')).toHaveCount(1)
  await expect(saved.getByRole('listitem', { name: 'Bao Later: Plan for the launch' })).toContainText('General')
  expect(await axeProblems(ann.page)).toEqual([])
  await noWiderThanThePhone(ann.page)

  // Opened in its chat, on the message.
  await saved.getByRole('link', { name: 'Open in chat: Plan for the launch' }).click()
  await expect(ann.page).toHaveURL(new RegExp(`/chat/${general._id}\\?seq=${plan.seq}$`))
  await expect(messagesOf(ann.page).getByText('Plan for the launch')).toBeInViewport()

  // Schedule a message for a time Ann picks: tomorrow at 10:15, her zone.
  const tomorrow = new Date()
  tomorrow.setDate(tomorrow.getDate() + 1)
  await ann.page.getByRole('textbox', { name: 'Message' }).fill('Doors open at noon')
  await ann.page.getByRole('button', { name: 'Schedule message' }).click()
  const menu = ann.page.getByRole('menu', { name: 'Schedule message' })
  await expect(menu.getByRole('menuitem')).toHaveText(['Tomorrow at 9:00', 'Monday at 9:00', 'Custom time…'])
  await menu.getByRole('menuitem', { name: 'Custom time…' }).click()
  const form = ann.page.getByRole('dialog', { name: 'Schedule message' })
  await expect(form.getByLabel('Date')).toHaveValue(dateField(tomorrow))
  await expect(form.getByLabel('Time')).toHaveValue('09:00')
  await form.getByLabel('Time').fill('10:15')
  expect(await chatAxeProblems(ann.page)).toEqual([])
  await form.getByRole('button', { name: 'Schedule' }).click()
  await expect(form).toHaveCount(0)
  const scheduledFor = `10:15 ${two(tomorrow.getDate())}/${two(tomorrow.getMonth() + 1)}`
  await expect(ann.page.getByRole('status').filter({ hasText: `Message scheduled for ${scheduledFor}.` })).toBeVisible()
  await expect(ann.page.getByRole('textbox', { name: 'Message' })).toHaveValue('')
  await expect(messagesOf(bao.page).getByText('Doors open at noon')).toHaveCount(0)

  // In the Scheduled list: edit its text and time.
  await ann.page.getByRole('link', { name: 'View scheduled' }).click()
  const scheduled = ann.page.getByRole('list', { name: 'Scheduled messages' })
  await expect(scheduled.getByRole('listitem', { name: 'Doors open at noon' })).toContainText(`Sends at ${scheduledFor}`)
  await scheduled.getByRole('button', { name: 'Edit: Doors open at noon' }).click()
  const edit = ann.page.getByRole('dialog', { name: 'Edit scheduled message' })
  await edit.getByLabel('Message').fill('Doors open at 12:30')
  await edit.getByLabel('Time').fill('11:45')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toHaveCount(0)
  await expect(scheduled.getByRole('listitem', { name: 'Doors open at 12:30' })).toContainText(
    `Sends at 11:45 ${two(tomorrow.getDate())}/${two(tomorrow.getMonth() + 1)}`,
  )
  expect(await axeProblems(ann.page)).toEqual([])
  await noWiderThanThePhone(ann.page)

  // Send now: Bao, in the chat, gets it live; it leaves Ann's list.
  await scheduled.getByRole('button', { name: 'Send now: Doors open at 12:30' }).click()
  await expect(messagesOf(bao.page).getByText('Doors open at 12:30')).toBeVisible()
  await expect(ann.page.getByText('No scheduled messages. Use the clock beside Send to send one later.')).toBeVisible()
  await expect(messagesOf(bao.page).getByText('Doors open at noon')).toHaveCount(0)

  // Remind me about Bao's message in 20 minutes: a personal reminder about it, in the calendar.
  await ann.page.goto(`/chat/${general._id}`)
  await sheetAction(ann.page, 'Plan for the launch', 'Remind me about this')
  const remind = ann.page.getByRole('dialog', { name: 'Remind me about this message' })
  await expect(remind.getByRole('list', { name: 'When to remind you' }).getByRole('button')).toHaveText([
    'In 20 minutes',
    'In 1 hour',
    'In 2 hours',
    'Tomorrow at 9:00',
    'Pick a date and time…',
    'Cancel',
  ])
  expect(await chatAxeProblems(ann.page)).toEqual([])
  const asked = Date.now()
  await remind.getByRole('button', { name: 'In 20 minutes' }).click()
  await expect(remind.getByRole('status')).toContainText('Reminder set for ')
  await remind.getByRole('link', { name: 'View reminder' }).click()
  await expect(ann.page.getByRole('heading', { name: 'Plan for the launch', level: 1 })).toBeVisible()
  await expect(ann.page.getByText('Personal')).toBeVisible()
  const eventId = ann.page.url().split('/calendar/')[1]!.split(/[?#]/)[0]!
  const event = await apiAs(ann).get(`calendar/info?event_id=${eventId}`)
  // 20 minutes after she asked (the request took under a minute).
  expect(Date.parse(event.start) - asked).toBeGreaterThanOrEqual(20 * 60_000 - 1_000)
  expect(Date.parse(event.start) - asked).toBeLessThan(21 * 60_000)
  expect(event).toMatchObject({ kind: 'reminder', topic_id: null, message_id: plan._id })
  await ann.page.goto('/calendar/schedule')
  await expect(ann.page.getByRole('link', { name: /Plan for the launch/ })).toBeVisible()
  await ann.page.getByRole('link', { name: /Plan for the launch/ }).click()
  await ann.page.getByRole('link', { name: 'Open the message' }).click()
  await expect(ann.page).toHaveURL(new RegExp(`/chat/${general._id}\\?seq=${plan.seq}$`))
  await noWiderThanThePhone(ann.page)
})
