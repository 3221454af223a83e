import { expect, test } from './support/test'
import { signUpAndLogIn } from './support/sign-up'

/**
 * The privacy switches live on /account/privacy (who may reach you) and /setting (sounds): each
 * saves as it is flipped and says "Saved"; a failed save switches back and says which one.
 */
test('a privacy switch saves at once, says Saved and is still on after a reload; sounds are on /setting', async ({ page }) => {
  const user = await signUpAndLogIn(page, { skipTutorial: true })
  await page.goto('/account/privacy')
  const reach = page.getByRole('region', { name: 'Who may reach you' })
  const callOnlyFriends = reach.getByRole('switch', { name: 'Only friends can call me' })
  await expect(callOnlyFriends).not.toBeChecked()
  // Sounds are not a way to reach you: they are on /setting.
  await expect(page.getByRole('switch', { name: /sounds/i })).toHaveCount(0)

  const saved = page.waitForResponse((res) => res.url().endsWith('/api/customer/update-profile') && res.request().method() === 'PUT')
  await callOnlyFriends.click()
  await expect(callOnlyFriends).toBeChecked()
  expect((await saved).status()).toBe(200)
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()
  await expect(callOnlyFriends).toBeEnabled()

  await page.reload()
  await expect(page.getByRole('switch', { name: 'Only friends can call me' })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Only friends can message me' })).not.toBeChecked()

  const info = await page.request.get('/api/customer/user-info', { headers: { authorization: `Bearer ${user.accessToken}` } })
  expect(((await info.json()) as { result: { account: { only_friend_call: number } } }).result.account.only_friend_call).toBe(1)

  await page.goto('/setting')
  await expect(page.getByRole('switch', { name: 'Play sounds for calls and messages' })).toBeChecked()
})

test('a failed save switches back and says so; /account/setting leads to /setting', async ({ page }) => {
  await signUpAndLogIn(page, { skipTutorial: true })
  await page.goto('/account/setting')
  await expect(page).toHaveURL(/\/setting$/)
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()

  await page.route('**/api/customer/update-profile', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }),
  )
  await page.getByRole('link', { name: 'Privacy and blocked people' }).click()
  const groups = page.getByRole('switch', { name: 'Only friends can add me to groups and topics' })
  await groups.click()
  await expect(page.getByRole('alert').filter({ hasText: 'Could not save' })).toHaveText(
    'Could not save “Only friends can add me to groups and topics”. It has been switched back.',
  )
  await expect(groups).not.toBeChecked()
})
