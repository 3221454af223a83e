import { expect, test } from './support/test'
import { latestEmailPreview } from './support/email-log'
import { signUpAndLogIn } from './support/sign-up'

/**
 * The session's other journeys: a login that follows its redirect to the profile page, the name
 * and the avatar (with the refused file), a password reset by emailed code, sign-up's checks, and
 * the offline notice.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

test('a login follows its redirect to the profile; the name and the avatar save; a GIF is refused', async ({ page }) => {
  await signUpAndLogIn(page, { skipTutorial: true, redirect: '/account/profile' })
  await expect(page).toHaveURL(/\/account\/profile$/)
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()

  const name = page.getByRole('textbox', { name: 'Name' })
  await expect(name).toHaveValue('Lan Nguyễn')
  await name.fill('Lan Trần')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your name has been saved')).toBeVisible()
  // The session reloads the user: the header names the new name.
  await expect(page.getByRole('button', { name: 'Account' })).toContainText('Lan Trần')

  const picker = page.getByLabel('Upload a new avatar')
  await picker.setInputFiles({ name: 'cat.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(page.getByRole('alert').filter({ hasText: 'You can only upload JPG/PNG file' })).toBeVisible()

  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByText('Your avatar has been updated')).toBeVisible()
  await expect(page.getByText('You can only upload JPG/PNG file')).toHaveCount(0)
})

test('sign-up checks the form; forgot password resets it by emailed code; the new password logs in', async ({ page }) => {
  await page.goto('/sign-up')
  await page.getByRole('textbox', { name: 'Name' }).fill('Bao')
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email')
  await page.getByLabel('Password').fill('1')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/sign-up$/)

  const user = await signUpAndLogIn(page, { skipTutorial: true })
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible()

  await page.goto('/forgot-password')
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeVisible()
  const mail = await page.context().newPage()
  await mail.goto(await latestEmailPreview(user.email, /reset/i))
  const code = (await mail.locator('body').innerText()).match(/\b\d{6}\b/)?.[0]
  await mail.close()
  expect(code).toMatch(/^\d{6}$/)

  const newPassword = 'battery staple 77'
  await page.getByRole('textbox', { name: 'Code' }).fill(code!)
  await page.getByLabel('New password').fill(newPassword)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page).toHaveURL(/\/login\?/)
  await expect(page.getByText('Your password has been changed, please log in')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email)
  await page.getByLabel('Password').fill(newPassword)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
})

test('offline, the notice says so; back online it goes', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  await page.context().setOffline(true)
  const notice = page.getByRole('alert').filter({ hasText: 'You are currently offline' })
  await expect(notice).toBeVisible()
  await expect(notice.getByRole('button', { name: 'Refresh' })).toBeVisible()
  await page.context().setOffline(false)
  await expect(notice).toHaveCount(0)
})
