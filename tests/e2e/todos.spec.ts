import { expect, test, type Page, type WebSocketRoute } from './support/test'
import { chatOption, messageAction } from './support/chat'
import { apiAs, messagesOf, person } from './support/people'

/**
 * To-dos between two people in their own browsers: Ann makes Bao's message into a to-do in their
 * group, assigned to him with a due time; Bao, with the chat's to-dos open, sees it arrive, is
 * notified, moves it to Doing and then marks it done, and Ann sees each change live; while Bao's
 * network loses what the server sends Ann adds another, which his open list shows once his socket
 * has dropped and reconnected (it reads its to-dos again then); Bao finds the first under Done on
 * his /todo page, with its chat and due time.
 */
const TITLE = 'Send the Q3 report'
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'To-dos in General' })
const rowIn = (page: Page) => panelOf(page).getByRole('list', { name: 'To-dos' }).getByRole('listitem', { name: TITLE })

test('a message made into a to-do: assigned, notified, its status changes seen live by both, then on /todo', async ({ browser }) => {
  test.slow()
  const ann = await person(browser, 'Ann Todo')
  const bao = await person(browser, 'Bao Todo')
  const channel = await apiAs(ann).post('channel/create', { name: 'Reports', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const general = ((await apiAs(bao).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  await apiAs(bao).post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: `  ${TITLE}\nplease ` })
  // Bao's socket goes through a route that can lose what the server sends and then drop the
  // connection, as a bad network does (setOffline leaves open WebSockets alone).
  const network = { losing: false }
  const baoSockets: WebSocketRoute[] = []
  await bao.page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer()
    server.onMessage((message) => {
      if (!network.losing) ws.send(message)
    })
    baoSockets.push(ws)
  })
  for (const { page } of [ann, bao]) {
    await page.goto(`/chat/${general._id}`)
    await expect(page.getByRole('heading', { name: 'General' })).toBeVisible()
  }
  await chatOption(bao.page, 'To-dos')
  await expect(panelOf(bao.page).getByText('No to-dos yet.')).toBeVisible()

  // Ann makes Bao's message a to-do: its words are the title; she assigns Bao, due tomorrow at 17:30.
  const message = messagesOf(ann.page).getByRole('article').filter({ hasText: TITLE })
  await messageAction(message, 'Make a to-do')
  const dialog = ann.page.getByRole('dialog', { name: 'New to-do' })
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(`${TITLE} please`)
  await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE)
  await dialog.getByRole('group', { name: 'Assignees' }).getByRole('checkbox', { name: 'Bao Todo' }).check()
  const tomorrow = new Date(Date.now() + 24 * 3600_000)
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`
  await dialog.getByLabel('Due (optional)').fill(`${day}T17:30`)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(rowIn(ann.page)).toBeVisible()
  const due = `Due 17:30 ${String(tomorrow.getDate()).padStart(2, '0')}/${String(tomorrow.getMonth() + 1).padStart(2, '0')}`

  // Bao sees it arrive in his open panel, assigned to him, and is notified.
  await expect(rowIn(bao.page)).toBeVisible()
  await expect(rowIn(bao.page).getByText('Assigned to Bao Todo')).toBeVisible()
  await expect(rowIn(bao.page).getByText(due)).toBeVisible()
  const bell = bao.page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread, new')

  // Bao works on it, then is done: Ann sees both live.
  await rowIn(bao.page)
    .getByRole('combobox', { name: `Status of ${TITLE}` })
    .selectOption({ label: 'Doing' })
  await expect(rowIn(ann.page).getByRole('combobox', { name: `Status of ${TITLE}` })).toHaveValue('doing')
  await rowIn(bao.page)
    .getByRole('checkbox', { name: `Mark ${TITLE} done` })
    .check()
  await expect(rowIn(ann.page).getByRole('checkbox', { name: `Mark ${TITLE} done` })).toBeChecked()
  // Only its creator may edit or delete it; Bao, its assignee, changes its status only.
  await expect(rowIn(bao.page).getByRole('button', { name: `Edit ${TITLE}` })).toHaveCount(0)
  await expect(rowIn(ann.page).getByRole('button', { name: `Edit ${TITLE}` })).toBeVisible()

  // Bao's network loses what the server sends while Ann adds another to-do: his open list misses
  // its TODO_CHANGED (Ann's shows it). Then his socket drops; once it is back, his list reads its
  // to-dos again and shows it.
  const missed = (page: Page) =>
    panelOf(page).getByRole('list', { name: 'To-dos' }).getByRole('listitem', { name: 'Book the meeting room' })
  network.losing = true
  await apiAs(ann).post('todo/create', { client_id: crypto.randomUUID(), topic_id: general._id, title: 'Book the meeting room' })
  await expect(missed(ann.page)).toBeVisible()
  await expect(missed(bao.page)).toHaveCount(0)
  for (const ws of baoSockets.splice(0)) await ws.close()
  network.losing = false
  await expect(missed(bao.page)).toBeVisible()
  expect(baoSockets).toHaveLength(1)
  await expect(rowIn(bao.page).getByRole('checkbox', { name: `Mark ${TITLE} done` })).toBeChecked()

  // Ann is told each time Bao changed it; Bao's /todo lists it under Done, with its chat.
  await panelOf(ann.page).getByRole('button', { name: 'Close' }).click()
  // Two changes by Bao (Doing, then done): two notifications for Ann, who made it.
  await expect(ann.page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName(
    'Notifications, 2 unread, new',
  )
  await panelOf(bao.page).getByRole('button', { name: 'Close' }).click()
  await bao.page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'To-dos' }).click()
  await expect(bao.page.getByRole('heading', { name: 'To-dos' })).toBeVisible()
  await bao.page.getByRole('tablist', { name: 'Filter to-dos' }).getByRole('tab', { name: 'Done' }).click()
  const mine = bao.page.getByRole('list', { name: 'My to-dos' }).getByRole('listitem', { name: TITLE })
  await expect(mine.getByRole('link', { name: 'General' })).toBeVisible()
  await expect(mine.getByRole('checkbox', { name: `Mark ${TITLE} done` })).toBeChecked()
  await bao.page.getByRole('tablist', { name: 'Filter to-dos' }).getByRole('tab', { name: 'To do' }).click()
  await expect(bao.page.getByText('No to-dos with this status.')).toBeVisible()
})
