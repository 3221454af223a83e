import { expect, test, type Page } from '@playwright/test'
import { signUpAndLogIn } from './support/sign-up'

const openSettings = async (page: Page) => {
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('button', { name: 'Settings' }).click()
  const dialog = page.getByRole('dialog', { name: 'Privacy settings' })
  await expect(dialog.getByRole('heading', { name: 'Privacy settings' })).toBeVisible()
  return dialog
}

test("the account menu's Settings opens privacy settings; a switch saves at once and is still on after a reload", async ({ page }) => {
  const user = await signUpAndLogIn(page, { skipTutorial: true })
  let dialog = await openSettings(page)
  // The account drawer made way for the modal.
  await expect(page.getByRole('dialog', { name: 'Your account' })).toHaveCount(0)

  const callOnlyFriends = dialog.getByRole('switch', { name: 'Only friends can call me' })
  await expect(callOnlyFriends).not.toBeChecked()
  await expect(dialog.getByRole('switch', { name: 'Sounds' })).toBeChecked()

  const saved = page.waitForResponse((res) => res.url().endsWith('/api/customer/update-profile') && res.request().method() === 'PUT')
  await callOnlyFriends.click()
  await expect(callOnlyFriends).toBeChecked()
  const response = await saved
  expect(response.status()).toBe(200)
  await expect(callOnlyFriends).toBeEnabled()

  await dialog.getByRole('button', { name: 'OK' }).click()
  await expect(dialog).toHaveCount(0)

  await page.reload()
  dialog = await openSettings(page)
  await expect(dialog.getByRole('switch', { name: 'Only friends can call me' })).toBeChecked()
  await expect(dialog.getByRole('switch', { name: 'Only friends can message me' })).not.toBeChecked()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)

  const info = await page.request.get('/api/customer/user-info', { headers: { authorization: `Bearer ${user.accessToken}` } })
  expect(((await info.json()) as { result: { account: { only_friend_call: number } } }).result.account.only_friend_call).toBe(1)
})

test('a failed save switches back and says so; /account/setting opens the modal too', async ({ page }) => {
  await signUpAndLogIn(page, { skipTutorial: true })
  await page.route('**/api/customer/update-profile', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }),
  )
  await page.goto('/account/setting')
  const dialog = page.getByRole('dialog', { name: 'Privacy settings' })
  await expect(dialog.getByRole('heading', { name: 'Privacy settings' })).toBeVisible()

  const groups = dialog.getByRole('switch', { name: 'Only friends can add me to groups and topics' })
  await groups.click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'Could not save “Only friends can add me to groups and topics”. It has been switched back.',
  )
  await expect(groups).not.toBeChecked()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  // The page offers it again.
  await page.getByRole('button', { name: 'Privacy settings' }).click()
  await expect(dialog.getByRole('heading', { name: 'Privacy settings' })).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
})
