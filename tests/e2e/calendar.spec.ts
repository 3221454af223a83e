import ICAL from 'ical.js'
import { axeProblems } from './support/axe'
import { expect, test, type Page } from './support/test'
import { chatOption, messageAction } from './support/chat'
import { apiAs, messagesOf, person } from './support/people'

/**
 * The calendar end to end, on the real server (its job queue polls every second):
 * - a personal reminder one minute ahead, made on /calendar with "5 minutes before": its reminder is
 *   already due, so the server's next pass notifies at once; then a weekly reminder shows on its
 *   day in the week view, and the week after;
 * - a group reminder made from a chat's "Chat options" posts a reminder card in the chat (a link to
 *   it, never its JSON), the chat list previews it as "Reminder: <title>", its other member is
 *   notified; a message's "Remind me about this" opens a personal reminder with the message's words;
 * - a task assigned from the chat: its assignee accepts and starts it on its page, the assigner sees
 *   the status; where the group keeps reminders to its admins, a member's is refused with the
 *   server's words.
 * - a channel calendar's New reminder (create-calendar): in one of the channel's chats (General
 *   first, Design chosen), shown on the channel calendar, whose events open on the channel's pages
 *   (detail/<id>, with the way back); a member's, on a phone, refused with the server's words where
 *   General keeps reminders to its admins.
 * axe-core on each calendar page (no serious or critical violation).
 */
/** A feed's events read back with a calendar-parsing library: each one's title, its repeat and its local start time. */
const weeklyIn = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    return {
      summary: event.summary,
      freq: (vevent.getFirstPropertyValue('rrule') as ICAL.Recur | null)?.freq ?? null,
      hour: event.startDate.hour,
      minute: event.startDate.minute,
    }
  })

// axe goes in as an inline script, which the app's Content-Security-Policy refuses to run.
test.use({ bypassCSP: true })

const two = (n: number) => String(n).padStart(2, '0')
/** A moment as the form's fields take it and as the app shows it (the browser runs on this machine's clock and zone). */
const fieldsOf = (at: Date) => ({
  date: `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`,
  time: `${two(at.getHours())}:${two(at.getMinutes())}`,
  shown: `${two(at.getHours())}:${two(at.getMinutes())} ${two(at.getDate())}/${two(at.getMonth() + 1)}`,
})
/** A minute from now, to the minute (not in the last seconds of a minute, where it could slip). */
async function aMinuteAhead(): Promise<Date> {
  if (new Date().getSeconds() > 55) await new Promise((resolve) => setTimeout(resolve, 5000))
  const at = new Date(Date.now() + 60_000)
  at.setSeconds(0, 0)
  return at
}

const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ })

test('a reminder a minute ahead notifies; a weekly one shows in the week view, week after week', async ({ browser }) => {
  test.slow()
  const ann = await person(browser, 'Ann Calendar')
  const page = ann.page
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Calendar' }).click()
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  await expect(page.getByRole('grid')).toBeVisible()
  expect(await axeProblems(page)).toEqual([])

  // A personal reminder a minute ahead, reminding 5 minutes before: due at once.
  await page.getByRole('link', { name: 'New reminder' }).click()
  const form = page.getByRole('form', { name: 'New reminder' })
  await expect(form).toBeVisible()
  expect(await axeProblems(page)).toEqual([])
  const soon = fieldsOf(await aMinuteAhead())
  await form.getByLabel('Title').fill('Call the bank')
  await form.getByLabel('Date', { exact: true }).fill(soon.date)
  await form.getByLabel('Time', { exact: true }).fill(soon.time)
  await form.getByLabel('Remind me').selectOption({ label: '5 minutes before' })
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/calendar\/[^/?]+$/)
  await expect(page.getByRole('heading', { name: 'Call the bank', level: 1 })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: soon.shown }).first()).toBeVisible()
  expect(await axeProblems(page)).toEqual([])

  // The server's job queue fires it: a notification with its time as the spec writes it (HH:MM DD/MM).
  await expect(bellOf(page)).toHaveAccessibleName('Notifications, 1 unread, new', { timeout: 20_000 })
  await bellOf(page).click()
  const drawer = page.getByRole('dialog', { name: 'Notifications' })
  await expect(drawer.getByText(`Reminder: Call the bank at ${soon.shown}`)).toBeVisible()
  await page.keyboard.press('Escape')

  // A weekly reminder two days from now at 10:00.
  const later = new Date()
  later.setDate(later.getDate() + 2)
  const day = fieldsOf(later).date
  await page.goto('/calendar/create-reminder')
  await form.getByLabel('Title').fill('Team sync')
  await form.getByLabel('Date', { exact: true }).fill(day)
  await form.getByLabel('Time', { exact: true }).fill('10:00')
  await form.getByLabel('Repeat').selectOption({ label: 'Every week' })
  await expect(form.getByText('Repeats: Every week')).toBeVisible()
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { name: 'Team sync', level: 1 })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'Every week' })).toBeVisible()
  expect(await axeProblems(page)).toEqual([])
  // Its .ics, fetched with the session's token and saved under its title.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .ics' }).click()])
  expect(download.suggestedFilename()).toBe('Team-sync.ics')
  const ics = await (await download.createReadStream()).toArray()
  expect(Buffer.concat(ics).toString()).toContain('SUMMARY:Team sync')

  // The week view of its day holds it, and so does the next week's.
  await page.getByRole('link', { name: 'Back to the calendar' }).click()
  await page.getByLabel('Go to date').fill(day)
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Week' }).click()
  const week = page.getByRole('region', { name: 'Calendar' }).getByRole('list').first()
  await expect(week.getByRole('link', { name: /Team sync/ })).toHaveCount(1)
  await expect(week.getByRole('link', { name: /^10:00/ })).toBeVisible()
  expect(await axeProblems(page)).toEqual([])
  await page.getByRole('button', { name: 'Next', exact: true }).click()
  await expect(week.getByRole('link', { name: /Team sync/ })).toHaveCount(1)

  // The month grid: arrows move the selected day, Enter opens its day.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month' }).click()
  const selected = page.getByRole('gridcell', { selected: true })
  await selected.focus()
  const before = await selected.getAttribute('aria-label')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('gridcell', { selected: true })).not.toHaveAttribute('aria-label', before!)
  await expect(page.getByRole('gridcell', { selected: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true')

  // Subscribe to your calendar: the private feed holds the weekly one; Reset link makes a new one, the old stops working.
  await page.getByText('Subscribe to your calendar').click()
  const link = page.getByLabel("Your calendar's private link")
  await expect(link).toHaveValue(/\/api\/calendar\/feed\//)
  const oldUrl = await link.inputValue()
  expect(weeklyIn(await (await page.request.get(oldUrl)).text())).toContainEqual({
    summary: 'Team sync',
    freq: 'WEEKLY',
    hour: 10,
    minute: 0,
  })
  expect(await axeProblems(page)).toEqual([])
  await page.getByRole('button', { name: 'Reset link' }).click()
  await page
    .getByRole('group', { name: 'Confirm resetting the calendar link' })
    .getByRole('button', { name: 'Yes, make a new link' })
    .click()
  await expect(page.getByText('A new link was made. The old one no longer works.')).toBeVisible()
  await expect(link).not.toHaveValue(oldUrl)
  expect((await page.request.get(oldUrl)).status()).toBe(404)
  expect(weeklyIn(await (await page.request.get(await link.inputValue())).text())).toContainEqual({
    summary: 'Team sync',
    freq: 'WEEKLY',
    hour: 10,
    minute: 0,
  })
})

test('a group reminder posts its card in the chat; a task is accepted and started by its assignee', async ({ browser }) => {
  test.slow()
  const ann = await person(browser, 'Ann Reminder')
  const bao = await person(browser, 'Bao Reminder')
  const channel = await apiAs(ann).post('channel/create', { name: 'Planning', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const general = ((await apiAs(bao).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  await apiAs(bao).post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: 'Print the agenda' })
  for (const { page } of [ann, bao]) {
    await page.goto(`/chat/${general._id}`)
    await expect(page.getByRole('heading', { name: 'General' })).toBeVisible()
  }

  // Ann: Chat options, New reminder: the chat's by default; a minute ahead, 5 minutes before.
  await chatOption(ann.page, 'New reminder')
  const form = ann.page.getByRole('form', { name: 'New reminder' })
  await expect(form.getByRole('radio', { name: 'Everyone in General' })).toBeChecked()
  const soon = fieldsOf(await aMinuteAhead())
  await form.getByLabel('Title').fill('Standup')
  await form.getByLabel('Date', { exact: true }).fill(soon.date)
  await form.getByLabel('Time', { exact: true }).fill(soon.time)
  await form.getByLabel('Remind me').selectOption({ label: '5 minutes before' })
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(ann.page.getByRole('heading', { name: 'Standup', level: 1 })).toBeVisible()
  await expect(ann.page.getByRole('link', { name: 'General' })).toBeVisible()

  // Bao, in the chat, sees its card (never its JSON), is notified, and the chat list previews it.
  const card = messagesOf(bao.page).getByRole('link', { name: `Reminder: Standup at ${soon.shown}` })
  await expect(card).toBeVisible({ timeout: 20_000 })
  await expect(messagesOf(bao.page)).not.toContainText('event_id')
  await expect(bellOf(bao.page)).toHaveAccessibleName('Notifications, 1 unread, new')
  await expect(bao.page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' })).toContainText('Reminder: Standup')
  await card.click()
  await expect(bao.page.getByRole('heading', { name: 'Standup', level: 1 })).toBeVisible()
  // Not his: no Edit or Delete.
  await expect(bao.page.getByRole('button', { name: 'Edit' })).toHaveCount(0)

  // Ann: Bao's message, Remind me about this, Pick a date and time…: a personal reminder holding its words.
  const message = messagesOf(ann.page).getByRole('article').filter({ hasText: 'Print the agenda' })
  await ann.page.goto(`/chat/${general._id}`)
  await messageAction(message, 'Remind me about this')
  await ann.page
    .getByRole('dialog', { name: 'Remind me about this message' })
    .getByRole('button', { name: 'Pick a date and time…' })
    .click()
  const about = ann.page.getByRole('form', { name: 'New reminder' })
  await expect(about.getByLabel('Title')).toHaveValue('Print the agenda')
  await expect(about.getByRole('radio', { name: 'Only me (personal)' })).toBeChecked()

  // Ann makes it a task for Bao instead, due tomorrow.
  await about.getByRole('radio', { name: 'Task' }).check()
  await expect(ann.page.getByRole('form', { name: 'New task' })).toBeVisible()
  const task = ann.page.getByRole('form', { name: 'New task' })
  await task.getByRole('radio', { name: 'Everyone in General' }).check()
  await task.getByRole('group', { name: 'Assignees' }).getByRole('checkbox', { name: 'Bao Reminder' }).check()
  const tomorrow = new Date()
  tomorrow.setDate(tomorrow.getDate() + 1)
  await task.getByLabel('Due date').fill(fieldsOf(tomorrow).date)
  await task.getByLabel('Due time').fill('17:30')
  await task.getByRole('button', { name: 'Save' }).click()
  await expect(ann.page.getByRole('heading', { name: 'Print the agenda', level: 1 })).toBeVisible()
  const annStatus = ann.page.getByRole('region', { name: 'Task status' })
  await expect(annStatus).toContainText('Waiting for acceptance')
  await expect(annStatus.getByRole('button')).toHaveText(['Cancel task'])

  // Bao finds it in his calendar's schedule, accepts and starts it; Ann sees the status.
  await expect(bellOf(bao.page)).toHaveAccessibleName('Notifications, 2 unread, new')
  await bao.page.goto('/calendar/schedule')
  await bao.page.getByRole('link', { name: /Print the agenda/ }).click()
  const baoStatus = bao.page.getByRole('region', { name: 'Task status' })
  await expect(baoStatus.getByRole('button')).toHaveText(['Accept', 'Reject'])
  expect(await axeProblems(bao.page)).toEqual([])
  await baoStatus.getByRole('button', { name: 'Accept' }).click()
  await expect(baoStatus.getByRole('button')).toHaveText(['Start', 'Done'])
  await baoStatus.getByRole('button', { name: 'Start' }).click()
  await expect(baoStatus).toContainText('Doing')
  await expect(annStatus).toContainText('Doing')

  // Ann restricts the group's reminders to admins: Bao's New reminder there is refused with the server's words, his fields kept.
  await apiAs(ann).put('topic/permission', { topic_id: general._id, permission: { reminder: 1 } })
  await bao.page.goto(`/chat/${general._id}`)
  await chatOption(bao.page, 'New reminder')
  const refused = bao.page.getByRole('form', { name: 'New reminder' })
  await refused.getByLabel('Title').fill('Retro')
  await refused.getByRole('button', { name: 'Save' }).click()
  await expect(refused.getByRole('alert')).toHaveText('Only admins can create reminders in this group.')
  await expect(refused.getByLabel('Title')).toHaveValue('Retro')
})

test('a channel calendar: New reminder goes in one of its chats, shows there and opens on the channel’s pages', async ({ browser }) => {
  test.slow()
  const ann = await person(browser, 'Ann Studio')
  const bao = await person(browser, 'Bao Studio', { width: 360, height: 740 })
  const channel = await apiAs(ann).post('channel/create', { name: 'Studio', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const general = ((await apiAs(ann).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  await apiAs(ann).post('channel/add-topic', { channel_id: channel._id, name: 'Design', customer_ids: [bao.user.userId] })
  const calendar = `/chat/channel/${channel._id}/calendar`

  // Ann: the channel calendar's New reminder, on the channel's pages: a chat of the channel (General first), never personal.
  await ann.page.goto(calendar)
  await expect(ann.page.getByRole('heading', { name: 'Channel calendar', level: 1 })).toBeVisible()
  await ann.page.getByRole('link', { name: 'New reminder' }).click()
  await expect(ann.page).toHaveURL(new RegExp(`${calendar}/create-calendar\\?`))
  const form = ann.page.getByRole('form', { name: 'New reminder' })
  const chat = form.getByRole('combobox', { name: 'Chat' })
  await expect(chat.getByRole('option')).toHaveText(['General', 'Design'])
  await expect(chat).toHaveValue(general._id)
  await expect(form.getByRole('radio', { name: 'Only me (personal)' })).toHaveCount(0)
  await chat.selectOption({ label: 'Design' })
  await expect(form.getByText('Everyone in Design sees it.')).toBeVisible()
  expect(await axeProblems(ann.page)).toEqual([])
  const tomorrow = new Date()
  tomorrow.setDate(tomorrow.getDate() + 1)
  await form.getByLabel('Title').fill('Moodboard review')
  await form.getByLabel('Date', { exact: true }).fill(fieldsOf(tomorrow).date)
  await form.getByLabel('Time', { exact: true }).fill('15:00')
  await form.getByRole('button', { name: 'Save' }).click()

  // Saved in Design: its page on the channel's, with the way back.
  await expect(ann.page.getByRole('heading', { name: 'Moodboard review', level: 1 })).toBeVisible()
  await expect(ann.page).toHaveURL(new RegExp(`${calendar}/detail/[^/?]+$`))
  await expect(ann.page.getByRole('definition').getByRole('link', { name: 'Design' })).toBeVisible()
  expect(await axeProblems(ann.page)).toEqual([])
  await ann.page.getByRole('link', { name: 'Back to the channel calendar' }).click()
  await expect(ann.page).toHaveURL(new RegExp(`${calendar}$`))

  // On the channel calendar (the next 30 days); opened from there, on the channel's detail page.
  await ann.page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Schedule' }).click()
  const entry = ann.page.getByRole('region', { name: 'Channel calendar' }).getByRole('link', { name: /Moodboard review/ })
  await expect(entry).toContainText('Design')
  await entry.click()
  await expect(ann.page).toHaveURL(new RegExp(`${calendar}/detail/[^/?]+\\?occurrence=`))
  await expect(ann.page.getByRole('heading', { name: 'Moodboard review', level: 1 })).toBeVisible()

  // Bao, on a phone, sees it on the channel calendar too.
  await bao.page.goto(calendar)
  await bao.page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Schedule' }).click()
  await expect(bao.page.getByRole('region', { name: 'Channel calendar' }).getByRole('link', { name: /Moodboard review/ })).toBeVisible()

  // Ann keeps General's reminders to its admins: Bao's New reminder there is refused with the server's words, his title kept.
  await apiAs(ann).put('topic/permission', { topic_id: general._id, permission: { reminder: 1 } })
  await bao.page.getByRole('link', { name: 'New reminder' }).click()
  const refused = bao.page.getByRole('form', { name: 'New reminder' })
  await expect(refused.getByRole('combobox', { name: 'Chat' })).toHaveValue(general._id)
  await refused.getByLabel('Title').fill('Retro')
  await refused.getByRole('button', { name: 'Save' }).click()
  await expect(refused.getByRole('alert')).toHaveText('Only admins can create reminders in this group.')
  await expect(refused.getByLabel('Title')).toHaveValue('Retro')
  expect(await bao.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect(await axeProblems(bao.page)).toEqual([])
})
