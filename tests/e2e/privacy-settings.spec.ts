import { expect, test } from '@playwright/test'
import { signUpAndLogIn } from './support/sign-up'

const privacySwitches = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Who may reach you' })

test("the account menu's Settings opens the settings page; a privacy switch saves at once and is still on after a reload", async ({
  page,
}) => {
  const user = await signUpAndLogIn(page, { skipTutorial: true })
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('dialog', { name: 'Your account' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  // The account drawer closed on the way.
  await expect(page.getByRole('dialog', { name: 'Your account' })).toHaveCount(0)

  // Its Privacy section leads to the switches.
  await page.getByRole('region', { name: 'Privacy' }).getByRole('button', { name: 'Privacy settings' }).click()
  await expect(page).toHaveURL(/\/account\/privacy$/)
  const switches = privacySwitches(page)
  const callOnlyFriends = switches.getByRole('switch', { name: 'Only friends can call me' })
  await expect(callOnlyFriends).not.toBeChecked()
  await expect(switches.getByRole('switch', { name: 'Sounds' })).toBeChecked()

  const saved = page.waitForResponse((res) => res.url().endsWith('/api/customer/update-profile') && res.request().method() === 'PUT')
  await callOnlyFriends.click()
  await expect(callOnlyFriends).toBeChecked()
  const response = await saved
  expect(response.status()).toBe(200)
  await expect(callOnlyFriends).toBeEnabled()

  await page.reload()
  await expect(privacySwitches(page).getByRole('switch', { name: 'Only friends can call me' })).toBeChecked()
  await expect(privacySwitches(page).getByRole('switch', { name: 'Only friends can message me' })).not.toBeChecked()

  const info = await page.request.get('/api/customer/user-info', { headers: { authorization: `Bearer ${user.accessToken}` } })
  expect(((await info.json()) as { result: { account: { only_friend_call: number } } }).result.account.only_friend_call).toBe(1)
})

test('a failed save switches back and says so; /account/setting leads to the settings page', async ({ page }) => {
  await signUpAndLogIn(page, { skipTutorial: true })
  await page.route('**/api/customer/update-profile', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }),
  )
  await page.goto('/account/privacy')
  const switches = privacySwitches(page)
  const groups = switches.getByRole('switch', { name: 'Only friends can add me to groups and topics' })
  await groups.click()
  await expect(switches.getByRole('alert')).toHaveText(
    'Could not save “Only friends can add me to groups and topics”. It has been switched back.',
  )
  await expect(groups).not.toBeChecked()

  await page.goto('/account/setting')
  await expect(page).toHaveURL(/\/setting$/)
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
})
