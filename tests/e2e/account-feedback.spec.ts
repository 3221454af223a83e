import { expect, test } from './support/test'
import { apiAs, apiPerson, person } from './support/people'

/**
 * The account pages answer what they did: a save says "Saved", the sessions page names each
 * device's kind, Unfriend asks first, and a new account's storage reads 0.
 */
test('a save says Saved; /log names the device kind; Unfriend asks first; a new account stores 0 KB', async ({ browser, request }) => {
  const lan = await person(browser, 'Lan Feedback')
  const { page } = lan

  // The notifications form on /setting: its hours wait while the schedule is off, and Save says Saved.
  await page.goto('/setting')
  const notifications = page.getByRole('region', { name: 'Notifications' })
  const schedule = notifications.getByRole('checkbox', { name: 'Do not disturb outside working hours' })
  await expect(schedule).not.toBeChecked()
  await expect(notifications.getByRole('textbox', { name: 'From' })).toBeDisabled()
  await schedule.check()
  await expect(notifications.getByRole('textbox', { name: 'From' })).toHaveValue('09:00')
  await expect(notifications.getByRole('textbox', { name: 'From' })).toBeEnabled()
  await notifications.getByRole('button', { name: 'Save notification settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible()

  // /log: this device's kind (Chromium here runs on a desktop), marked as this device.
  await page.goto('/log')
  const here = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem', { name: 'This device' })
  await expect(here).toContainText(/^Computer · /)

  // A friend: Unfriend asks first; Cancel keeps the friendship.
  const minh = await apiPerson(request, 'Minh Friend')
  await apiAs(minh).post('relates/add-friend', { customer_id: lan.user.userId })
  await apiAs(lan).post('relates/accept-friend', { customer_id: minh.user.userId })
  const minhInfo = (await apiAs(minh).get('customer/user-info')) as { workid: string }
  await page.goto(`/people/${minhInfo.workid}`)
  const profile = page.getByRole('region', { name: 'Minh Friend' })
  await profile.getByRole('button', { name: 'Unfriend' }).click()
  const question = profile.getByRole('group', { name: 'Confirm unfriending Minh Friend' })
  await expect(question).toContainText('Remove Minh Friend from your friends?')
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toHaveCount(0)
  await expect(profile.getByText('Friends', { exact: true })).toBeVisible()

  // Lan has stored nothing: 0 KB, and the bar is empty.
  await page.goto('/account/storage')
  await expect(page.getByText('0 KB of 1.0 GB used (0%)')).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '0')
})
