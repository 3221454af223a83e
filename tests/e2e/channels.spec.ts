import { expect, test, type Page } from './support/test'
import sharp from 'sharp'
import { apiAs, person } from './support/people'

/**
 * Channels between real users: create one from the account drawer (AI description, image,
 * private with a password), the plan's limit, the public page at /c/{id} and /channel/{id} where
 * another person joins with the password, and switching the current channel (the drawer's list and the sidebar's menu).
 */
const openAccount = async (page: Page) => {
  await page.getByRole('button', { name: 'Account' }).click()
  return page.getByRole('dialog', { name: 'Your account' })
}

test('create a private channel from the drawer; the plan limit; another person joins with the password; switching channels', async ({
  browser,
}) => {
  const owner = await person(browser, 'Thu Owner')
  let drawer = await openAccount(owner.page)
  await expect(drawer.getByText('You are not in any channel yet.')).toBeVisible()
  await drawer.getByRole('button', { name: 'Create channel' }).click()

  const dialog = owner.page.getByRole('dialog', { name: 'Create channel' })
  await dialog.getByRole('textbox', { name: 'Channel name' }).fill('Studio Nine')
  const description = dialog.getByLabel('Description')
  await description.fill('product design')
  await dialog.getByRole('button', { name: 'Write with AI' }).click()
  // The offline writer turns the short text into a fuller one.
  await expect(description).toHaveValue(/Welcome!.*product design/)

  const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#3355ee' } })
    .png()
    .toBuffer()
  await dialog.getByLabel('Channel image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png })
  await expect(dialog.getByRole('img', { name: 'Channel image' })).toBeVisible()
  await dialog.getByRole('radio', { name: 'Private' }).check()
  await dialog.getByLabel('Password').fill('secret-42')
  await dialog.getByLabel('Used for').selectOption('sme')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(owner.page).toHaveURL(/\/chat\/default$/)
  await expect(owner.page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' })).toBeVisible()

  drawer = await openAccount(owner.page)
  const studio = drawer.getByRole('list', { name: 'Your channels' }).getByRole('listitem', { name: 'Studio Nine' })
  await expect(studio.getByText('Owner')).toBeVisible()
  await expect(studio.getByText('Current')).toBeVisible()
  const channelUrl = new URL((await studio.getByRole('link', { name: 'Studio Nine' }).getAttribute('href')) ?? '', owner.page.url())
  const channelId = channelUrl.pathname.split('/').at(-1)!

  // Freemium administers one channel: a second one shows the limit message.
  await drawer.getByRole('button', { name: 'Create channel' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'You have reached the number of channels (1), to increase the number please upgrade your account.',
  )
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  // Anyone sees the card at the short link; a signed-in person joins with the password.
  const guest = await person(browser, 'Khoa Guest')
  await guest.page.goto(`/c/${channelId}`)
  await expect(guest.page).toHaveURL(new RegExp(`/channel/${channelId}$`))
  await expect(guest.page.getByRole('heading', { name: 'Studio Nine' })).toBeVisible()
  await expect(guest.page.getByText('Private channel')).toBeVisible()
  await expect(guest.page.getByText(/product design/)).toBeVisible()
  await guest.page.getByLabel('Channel password').fill('wrong-pass')
  await guest.page.getByRole('button', { name: 'Join channel' }).click()
  await expect(guest.page.getByRole('alert')).toBeVisible()
  await guest.page.getByLabel('Channel password').fill('secret-42')
  await guest.page.getByRole('button', { name: 'Join channel' }).click()
  await expect(guest.page).toHaveURL(/\/chat\/default$/)
  await expect(guest.page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' })).toBeVisible()

  // The guest made their own channel too (on another device: it became current there), and switches between the two.
  await apiAs(guest).post('channel/create', { name: 'Khoa Lab', is_public: true })
  await guest.page.reload()
  drawer = await openAccount(guest.page)
  const channels = drawer.getByRole('list', { name: 'Your channels' })
  await expect(channels.getByRole('listitem', { name: 'Khoa Lab' }).getByText('Current')).toBeVisible()
  await expect(channels.getByRole('listitem', { name: 'Studio Nine' }).getByText('Member')).toBeVisible()
  await channels.getByRole('listitem', { name: 'Studio Nine' }).getByRole('button', { name: 'Switch' }).click()
  await expect(channels.getByRole('listitem', { name: 'Studio Nine' }).getByText('Current')).toBeVisible()
  await expect(channels.getByRole('listitem', { name: 'Khoa Lab' }).getByRole('button', { name: 'Switch' })).toBeVisible()

  // The sidebar's channel switcher names the current channel and switches back in two clicks.
  await guest.page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  const sidebar = guest.page.getByRole('navigation', { name: 'Sidebar' })
  await sidebar.getByRole('button', { name: 'Channel: Studio Nine' }).click()
  const menu = guest.page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Create channel' })).toBeVisible()
  await menu.getByRole('menuitem', { name: 'Khoa Lab' }).click()
  await expect(sidebar.getByRole('button', { name: 'Channel: Khoa Lab' })).toBeVisible()

  // Signed out, the page shows the channel and asks to log in.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(`/channel/${channelId}`)
  await expect(visitor.getByRole('heading', { name: 'Studio Nine' })).toBeVisible()
  await expect(visitor.getByText('2 members')).toBeVisible()
  await expect(visitor.getByRole('link', { name: 'Log in to join' })).toBeVisible()
})

test('the channel page lists members with roles: the owner makes a member admin; labels are added and put on a group', async ({
  browser,
}) => {
  const owner = await person(browser, 'Quynh Owner')
  const member = await person(browser, 'Son Member')
  const channel = await apiAs(owner).post('channel/create', { name: 'Roles Lab', is_public: true })
  await apiAs(member).post('channel/join', { channel_id: channel._id })

  // A member sees roles but cannot change them.
  await member.page.goto(`/channel/${channel._id}`)
  const memberView = member.page.getByRole('list', { name: 'Channel members' })
  await expect(memberView.getByRole('listitem', { name: 'Quynh Owner' }).getByText('Owner', { exact: true })).toBeVisible()
  await expect(member.page.getByRole('combobox', { name: 'Role of Quynh Owner' })).toHaveCount(0)

  // The owner promotes the member; the owner's own role is not offered.
  await owner.page.goto(`/channel/${channel._id}`)
  await expect(owner.page.getByRole('combobox', { name: 'Role of Quynh Owner' })).toHaveCount(0)
  await owner.page.getByRole('combobox', { name: 'Role of Son Member' }).selectOption({ label: 'Admin' })
  await member.page.reload()
  await expect(memberView.getByRole('listitem', { name: 'Son Member' }).getByText('Admin', { exact: true })).toBeVisible()

  // Labels: the owner adds one; the new admin puts it on the General group.
  await owner.page.getByRole('textbox', { name: 'New label' }).fill('Sales')
  await owner.page.getByRole('button', { name: 'Add label' }).click()
  await expect(owner.page.getByRole('list', { name: 'Labels' }).getByRole('listitem', { name: 'Sales' })).toBeVisible()
  const [general] = await apiAs(member).get(`topic-in-channel?channel_id=${channel._id}`)
  await member.page.goto(`/chat/info/${general._id}`)
  await member.page.getByLabel('Label').selectOption({ label: 'Sales' })
  await expect.poll(async () => (await apiAs(member).get(`topic/info?topic_id=${general._id}`)).label_id).not.toBeNull()
})

test('the owner removes a member from the channel page: their open chat list drops its groups; another member leaves', async ({
  browser,
}) => {
  const owner = await person(browser, 'Quynh Owner')
  const member = await person(browser, 'Son Member')
  const leaver = await person(browser, 'Lan Leaver')
  const channel = await apiAs(owner).post('channel/create', { name: 'Exit Lab', is_public: true })
  await apiAs(member).post('channel/join', { channel_id: channel._id })
  await apiAs(leaver).post('channel/join', { channel_id: channel._id })

  // The member has the chats open, General among them.
  await member.page.goto('/chat/default')
  const memberChats = member.page.getByRole('list', { name: 'Chats' })
  await expect(memberChats.getByRole('listitem', { name: 'General' })).toBeVisible()

  // The owner removes them, after a confirmation; the row goes.
  await owner.page.goto(`/channel/${channel._id}`)
  const members = owner.page.getByRole('list', { name: 'Channel members' })
  await owner.page.getByRole('button', { name: 'Remove Son Member from the channel' }).click()
  const confirm = owner.page.getByRole('group', { name: 'Confirm removing Son Member from the channel' })
  await confirm.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(members.getByRole('listitem', { name: 'Son Member' })).toHaveCount(0)
  // The owner is told why they cannot leave.
  await expect(owner.page.getByText('As its owner, you cannot leave this channel.')).toBeVisible()

  // Live, without a reload: the removed member's list no longer has the channel's General.
  await expect(memberChats.getByRole('listitem', { name: 'General' })).toHaveCount(0)

  // Another member leaves from the same page, after a confirmation, and lands in the chats.
  await leaver.page.goto(`/channel/${channel._id}`)
  await leaver.page.getByRole('button', { name: 'Leave channel' }).click()
  await leaver.page.getByRole('group', { name: 'Confirm leaving the channel' }).getByRole('button', { name: 'Yes, leave' }).click()
  await expect(leaver.page).toHaveURL(/\/chat\/default$/)
  await expect(leaver.page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' })).toHaveCount(0)
  expect(await apiAs(leaver).get('channel/my-channel')).toEqual([])
})
