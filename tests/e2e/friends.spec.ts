import { expect, test } from './support/test'
import { apiAs, person } from './support/people'

/**
 * Friends end to end (issue 15): a request sent from a profile reaches the addressee live, who
 * accepts it in the notification drawer; the requester's profile turns to "Friends"; the contact
 * list shows the friend; "only friends may message me" refuses a stranger with a visible reason
 * while the friend still gets the chat; a blocked person is refused too; a friend archived from
 * /contact moves to the Archived tab (for the archiver only) and back.
 */
test('A asks B from B’s profile, B accepts from the drawer, A sees Friends; only-friends chat refuses stranger C with a visible error', async ({
  browser,
}) => {
  const ann = await person(browser, 'Ann Friend')
  const bao = await person(browser, 'Bao Friend')
  const cuong = await person(browser, 'Cuong Stranger')
  const baoInfo = await apiAs(bao).get('customer/user-info')

  // Ann, on Bao's profile, sends a friend request.
  await ann.page.goto(`/people/${baoInfo.workid}`)
  const profile = ann.page.getByRole('region', { name: 'Bao Friend' })
  await expect(profile.getByRole('heading', { name: 'Bao Friend' })).toBeVisible()
  await profile.getByRole('button', { name: 'Add friend' }).click()
  await expect(profile.getByText('Friend request sent')).toBeVisible()
  await expect(profile.getByRole('button', { name: 'Cancel request' })).toBeEnabled()

  // Bao's bell counts it live; Bao accepts in the drawer.
  const bell = bao.page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread, new')
  await bell.click()
  const drawer = bao.page.getByRole('dialog', { name: 'Notifications' })
  const request = drawer.getByRole('listitem', { name: 'Ann Friend sent you a friend request' })
  // The item says who asked once; its buttons do not repeat it.
  await expect(request.getByText('Sent you a friend request', { exact: true })).toHaveCount(0)
  await request.getByRole('button', { name: 'Accept' }).click()
  // Accepted: the item stays, saying so, without its buttons.
  await expect(request.getByText('You are now friends')).toBeVisible()
  await expect(request.getByRole('button', { name: 'Accept' })).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Close' }).click()

  // Ann's profile page turns to Friends as soon as Bao accepts (the accept notification arrives live).
  await expect(profile.getByText('Friends', { exact: true })).toBeVisible()
  await expect(profile.getByRole('button', { name: 'Unfriend' })).toBeVisible()

  // Bao's contacts list Ann, with chat (no call button before calls exist).
  await bao.page.goto('/contact')
  const annCard = bao.page.getByRole('list', { name: 'Friends' }).getByRole('listitem', { name: 'Ann Friend' })
  await expect(annCard.getByRole('link', { name: 'Chat with Ann Friend' })).toBeVisible()
  await expect(annCard.getByRole('button', { name: /^Call / })).toHaveCount(0)

  // Bao lets only friends message him, on the privacy page.
  await bao.page.goto('/account/privacy')
  const onlyFriends = bao.page.getByRole('switch', { name: 'Only friends can message me' })
  await expect(onlyFriends).not.toBeChecked()
  const saved = bao.page.waitForResponse((res) => res.url().endsWith('/api/customer/update-profile') && res.request().method() === 'PUT')
  await onlyFriends.click()
  expect((await saved).status()).toBe(200)
  await expect(onlyFriends).toBeChecked()

  // Cuong, a stranger, is refused with the reason, and offered a friend request instead.
  await cuong.page.goto(`/${baoInfo.workid}`)
  const refused = cuong.page.getByRole('region', { name: 'Bao Friend' })
  await expect(refused.getByRole('alert')).toHaveText('This person only accepts messages from friends. Send them a friend request first.')
  await expect(refused.getByRole('button', { name: 'Add friend' })).toBeVisible()
  await expect(cuong.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
  // His profile says so before any click: no Message link, the reason instead.
  await cuong.page.goto(`/people/${baoInfo.workid}`)
  const strangerView = cuong.page.getByRole('region', { name: 'Bao Friend' })
  await expect(strangerView.getByText('Bao Friend takes messages only from friends. Send a friend request to start a chat.')).toBeVisible()
  await expect(strangerView.getByRole('link', { name: 'Message' })).toHaveCount(0)

  // Ann, a friend, still gets the chat; its header leads to Bao's profile (where friendship is managed), not to Unfriend.
  await ann.page.goto(`/${baoInfo.workid}`)
  await expect(ann.page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  const chatHeader = ann.page.locator('header').filter({ has: ann.page.getByRole('heading', { name: 'Bao Friend' }) })
  await expect(chatHeader.getByRole('button', { name: 'Unfriend' })).toHaveCount(0)
  await expect(chatHeader.getByRole('link', { name: /Bao Friend/ })).toHaveAttribute('href', `/people/${baoInfo.workid}`)
})

test('a blocked person is refused the chat; the blocker unblocks from the privacy page', async ({ browser }) => {
  const dung = await person(browser, 'Dung Blocker')
  const em = await person(browser, 'Em Blocked')
  const dungInfo = await apiAs(dung).get('customer/user-info')
  const emInfo = await apiAs(em).get('customer/user-info')

  // Dung blocks Em from Em's profile.
  await dung.page.goto(`/people/${emInfo.workid}`)
  const profile = dung.page.getByRole('region', { name: 'Em Blocked' })
  await profile.getByRole('button', { name: 'Block', exact: true }).click()
  await profile.getByRole('group', { name: 'Confirm blocking Em Blocked' }).getByRole('button', { name: 'Yes, block' }).click()
  await expect(profile.getByText('Blocked', { exact: true })).toBeVisible()

  await em.page.goto(`/${dungInfo.workid}`)
  await expect(em.page.getByRole('region', { name: 'Dung Blocker' }).getByRole('alert')).toHaveText('You cannot contact this person.')

  // The privacy page lists Em; Unblock takes Em off the list.
  await dung.page.goto('/account/privacy')
  const blocked = dung.page.getByRole('list', { name: 'Blocked people' }).getByRole('listitem', { name: 'Em Blocked' })
  await blocked.getByRole('button', { name: 'Unblock' }).click()
  await expect(blocked).toHaveCount(0)
  await expect(dung.page.getByText('You have not blocked anyone.')).toBeVisible()

  await em.page.goto(`/${dungInfo.workid}`)
  await expect(em.page.getByRole('textbox', { name: 'Message' })).toBeVisible()
})

test('/contact: a request rejected and one accepted in the Requests tab; the friend appears under Friends', async ({ browser }) => {
  const gia = await person(browser, 'Gia Asker')
  const khoa = await person(browser, 'Khoa Asker')
  const hoa = await person(browser, 'Hoa Contact')
  const hoaInfo = await apiAs(hoa).get('customer/user-info')
  await apiAs(gia).post('relates/add-friend', { customer_id: hoaInfo._id })
  await apiAs(khoa).post('relates/add-friend', { customer_id: hoaInfo._id })

  await hoa.page.goto('/contact')
  await expect(
    hoa.page.getByText('No friends yet. Find people by name or workid, open their profile and send them a friend request.'),
  ).toBeVisible()
  await hoa.page.getByRole('tab', { name: 'Requests' }).click()
  const requests = hoa.page.getByRole('list', { name: 'Friend requests' })
  await requests.getByRole('listitem', { name: 'Gia Asker' }).getByRole('button', { name: 'Reject' }).click()
  await expect(requests.getByRole('listitem', { name: 'Gia Asker' })).toHaveCount(0)
  await requests.getByRole('listitem', { name: 'Khoa Asker' }).getByRole('button', { name: 'Accept' }).click()
  await expect(hoa.page.getByText('No friend requests.')).toBeVisible()

  await hoa.page.getByRole('tab', { name: 'Friends' }).click()
  await expect(hoa.page.getByRole('list', { name: 'Friends' }).getByRole('listitem')).toHaveCount(1)
  await expect(hoa.page.getByRole('list', { name: 'Friends' }).getByRole('listitem', { name: 'Khoa Asker' })).toBeVisible()
})

test('/contact: a friend archived from their card moves to Archived (only for me, still friends) and back with Unarchive', async ({
  browser,
}) => {
  const lan = await person(browser, 'Lan Archiver')
  const minh = await person(browser, 'Minh Archived')
  const nga = await person(browser, 'Nga Friend')
  const lanInfo = await apiAs(lan).get('customer/user-info')
  // Lan is friends with Minh and Nga.
  for (const friend of [minh, nga]) {
    await apiAs(friend).post('relates/add-friend', { customer_id: lanInfo._id })
    await apiAs(lan).post('relates/accept-friend', { customer_id: (await apiAs(friend).get('customer/user-info'))._id })
  }

  await lan.page.goto('/contact')
  const friends = lan.page.getByRole('list', { name: 'Friends' })
  await expect(friends.getByRole('listitem')).toHaveCount(2)
  await friends.getByRole('listitem', { name: 'Minh Archived' }).getByRole('button', { name: 'Archive Minh Archived' }).click()
  await expect(friends.getByRole('listitem', { name: 'Minh Archived' })).toHaveCount(0)
  await expect(friends.getByRole('listitem', { name: 'Nga Friend' })).toBeVisible()

  // Under Archived: Minh, still with Chat, and Unarchive.
  await lan.page.getByRole('tab', { name: 'Archived' }).click()
  const archived = lan.page.getByRole('list', { name: 'Archived friends' })
  await expect(archived.getByRole('listitem')).toHaveCount(1)
  const minhCard = archived.getByRole('listitem', { name: 'Minh Archived' })
  await expect(minhCard.getByRole('link', { name: 'Chat with Minh Archived' })).toBeVisible()

  // On a phone the card and its buttons fit the width.
  await lan.page.setViewportSize({ width: 360, height: 740 })
  await expect(minhCard.getByRole('button', { name: 'Unarchive Minh Archived' })).toBeInViewport()
  expect(await lan.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await lan.page.setViewportSize({ width: 1280, height: 800 })

  // Minh sees nothing change: Lan is still among his friends, and not archived.
  await minh.page.goto('/contact')
  await expect(minh.page.getByRole('list', { name: 'Friends' }).getByRole('listitem', { name: 'Lan Archiver' })).toBeVisible()
  await minh.page.getByRole('tab', { name: 'Archived' }).click()
  await expect(
    minh.page.getByText('No archived friends. Archive a friend to move them here from the Friends tab; they stay your friend.'),
  ).toBeVisible()

  // Unarchive: Minh leaves Archived and is back under Friends.
  await minhCard.getByRole('button', { name: 'Unarchive Minh Archived' }).click()
  await expect(minhCard).toHaveCount(0)
  await expect(
    lan.page.getByText('No archived friends. Archive a friend to move them here from the Friends tab; they stay your friend.'),
  ).toBeVisible()
  await lan.page.getByRole('tab', { name: 'Friends' }).click()
  await expect(friends.getByRole('listitem')).toHaveCount(2)
  await expect(
    friends.getByRole('listitem', { name: 'Minh Archived' }).getByRole('button', { name: 'Archive Minh Archived' }),
  ).toBeEnabled()
})
