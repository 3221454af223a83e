import { expect, test, type Page } from './support/test'
import { apiAs, person } from './support/people'

/**
 * The user's own settings follow them across tabs without a reload: do not disturb turned on (and
 * off) in one tab shows in the other, and a friend archived (and unarchived) in one tab moves
 * between the other tab's Friends and Archived lists. The second tab is a tab of the same browser
 * (same login); it hears the change over its socket (SETTINGS_CHANGED), which the test watches.
 */

/** Opens another tab of the same browser at `path`, once its socket is connected; records what the socket receives. */
async function secondTab(first: Page, path: string) {
  const tab = await first.context().newPage()
  const frames: string[] = []
  const connected = new Promise<void>((resolve) => {
    tab.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return
      ws.on('framereceived', ({ payload }) => {
        const text = String(payload)
        frames.push(text)
        // socket.io's CONNECT answer: the server has put the socket in the user's room.
        if (text.startsWith('40')) resolve()
      })
    })
  })
  await tab.goto(path)
  await connected
  // Marks this document: a reload would lose it.
  await tab.evaluate(() => Object.assign(window, { sameDocument: true }))
  return {
    tab,
    /** How many SETTINGS_CHANGED of that area the socket received. */
    heard: (area: string) => frames.filter((f) => f.includes('"SETTINGS_CHANGED"') && f.includes(`"area":"${area}"`)).length,
    notReloaded: () => tab.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true),
  }
}

test('do not disturb turned on in one tab shows in the other without a reload, and off again', async ({ browser }) => {
  const me = await person(browser, 'Tabs Trần')
  const a = me.page
  await a.goto('/home')
  const { tab: b, heard, notReloaded } = await secondTab(a, '/home')
  await expect(b.getByRole('button', { name: 'Do not disturb: Notifications on' })).toBeVisible()

  // Tab A pauses notifications for 30 minutes.
  const before = heard('attention')
  await a.getByRole('button', { name: 'Do not disturb: Notifications on' }).click()
  await a.getByRole('menuitem', { name: 'Pause for 30 minutes' }).click()
  const paused = /^Do not disturb: Do not disturb until \d\d:\d\d$/
  await expect(a.getByRole('button', { name: paused })).toBeVisible()

  // Tab B hears of it and shows it: the moon and the indicator on the avatar.
  await expect.poll(() => heard('attention')).toBeGreaterThan(before)
  await expect(b.getByRole('button', { name: paused })).toBeVisible()
  await expect(b.getByRole('button', { name: 'Account' }).getByTitle('Do not disturb')).toBeVisible()

  // Resumed in tab B: tab A follows.
  await b.getByRole('button', { name: paused }).click()
  await b.getByRole('menuitem', { name: 'Resume notifications' }).click()
  await expect(b.getByRole('button', { name: 'Do not disturb: Notifications on' })).toBeVisible()
  await expect(a.getByRole('button', { name: 'Do not disturb: Notifications on' })).toBeVisible()
  await expect(a.getByRole('button', { name: 'Account' }).getByTitle('Do not disturb')).toHaveCount(0)
  expect(await notReloaded()).toBe(true)
})

test('a friend archived in one tab leaves the other tab’s Friends for its Archived, and comes back, without a reload', async ({
  browser,
}) => {
  const lan = await person(browser, 'Lan Two Tabs')
  const minh = await person(browser, 'Minh Synced')
  const lanId = (await apiAs(lan).get('customer/user-info'))._id
  await apiAs(minh).post('relates/add-friend', { customer_id: lanId })
  await apiAs(lan).post('relates/accept-friend', { customer_id: (await apiAs(minh).get('customer/user-info'))._id })

  const a = lan.page
  await a.goto('/contact')
  const { tab: b, heard, notReloaded } = await secondTab(a, '/contact')
  const friendsB = b.getByRole('list', { name: 'Friends' })
  await expect(friendsB.getByRole('listitem', { name: 'Minh Synced' })).toBeVisible()

  // Tab A archives Minh: tab B's Friends list lets him go, and its Archived tab has him.
  const before = heard('contacts')
  await a.getByRole('list', { name: 'Friends' }).getByRole('button', { name: 'Archive Minh Synced' }).click()
  await expect(a.getByRole('list', { name: 'Friends' }).getByRole('listitem', { name: 'Minh Synced' })).toHaveCount(0)
  await expect.poll(() => heard('contacts')).toBe(before + 1)
  await expect(friendsB.getByRole('listitem', { name: 'Minh Synced' })).toHaveCount(0)
  await expect(
    b.getByText('No friends yet. Find people by name or workid, open their profile and send them a friend request.'),
  ).toBeVisible()
  await b.getByRole('tab', { name: 'Archived' }).click()
  const archivedB = b.getByRole('list', { name: 'Archived friends' })
  await expect(archivedB.getByRole('listitem', { name: 'Minh Synced' })).toBeVisible()

  // Tab A unarchives him from its Archived tab: he leaves tab B's Archived list, which is open.
  await a.getByRole('tab', { name: 'Archived' }).click()
  await a.getByRole('list', { name: 'Archived friends' }).getByRole('button', { name: 'Unarchive Minh Synced' }).click()
  await expect.poll(() => heard('contacts')).toBe(before + 2)
  await expect(archivedB.getByRole('listitem', { name: 'Minh Synced' })).toHaveCount(0)
  await expect(
    b.getByText('No archived friends. Archive a friend to move them here from the Friends tab; they stay your friend.'),
  ).toBeVisible()
  await b.getByRole('tab', { name: 'Friends' }).click()
  await expect(friendsB.getByRole('listitem', { name: 'Minh Synced' })).toBeVisible()
  expect(await notReloaded()).toBe(true)
  await minh.page.context().close()
})
