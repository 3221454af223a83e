import { expect, test } from '@playwright/test'
import { signUpAndLogIn } from './support/sign-up'

const accountOf = async (page: import('@playwright/test').Page, token: string) =>
  ((await (await page.request.get('/api/customer/user-info', { headers: { authorization: `Bearer ${token}` } })).json()) as { result: { account: Record<string, unknown> } }).result.account

test('a new user picks business, names the company and its type, finishes; after a reload the tutorial stays away', async ({ page }) => {
  const user = await signUpAndLogIn(page)
  const dialog = page.getByRole('dialog', { name: 'Welcome to Workroom' })
  // (Headless UI's dialog element has no box of its own: its panel is what shows.)
  await expect(dialog.getByRole('heading', { name: 'Welcome to Workroom' })).toBeVisible()
  await expect(dialog.getByText('Step 1 of 2')).toBeVisible()

  const next = dialog.getByRole('button', { name: 'Next' })
  await expect(next).toBeDisabled()
  await dialog.getByRole('radio', { name: /^For my business/ }).check()
  await next.click()

  // Step 2: the tutorial already counts as done on the server.
  await expect(dialog.getByText('Step 2 of 2')).toBeVisible()
  expect(await accountOf(page, user.accessToken)).toMatchObject({ skip_tutorial: 1, use_for: 'business' })

  const submit = dialog.getByRole('button', { name: 'Create company channel' })
  await expect(submit).toBeDisabled()
  await dialog.getByRole('textbox', { name: 'Company name' }).fill('Acme Learning')
  // The type is required too.
  await expect(submit).toBeDisabled()
  await dialog.getByRole('radio', { name: 'Education' }).check()
  await dialog.getByRole('textbox', { name: 'Website (optional)' }).fill('https://acme.example')
  await submit.click()

  await expect(dialog).toHaveCount(0)
  // Channels are not there yet: it says so instead of pretending one was made.
  await expect(page.getByRole('status').filter({ hasText: 'Company channels are not available in Workroom yet, so no channel was created.' })).toBeVisible()
  expect(await accountOf(page, user.accessToken)).toMatchObject({ skip_tutorial: 1, use_for: 'business', start_with: 'Acme Learning', website: 'https://acme.example' })

  await page.reload()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(dialog).toHaveCount(0)
})

test('Skip at step 2 ends the tutorial', async ({ page }) => {
  await signUpAndLogIn(page)
  const dialog = page.getByRole('dialog', { name: 'Welcome to Workroom' })
  await dialog.getByRole('radio', { name: /^For myself/ }).check()
  await dialog.getByRole('button', { name: 'Next' }).click()
  // Personal: looking for the referring channel finds nothing yet, and says why.
  await dialog.getByRole('textbox', { name: 'Channel name' }).fill('design')
  await dialog.getByRole('button', { name: 'Search' }).click()
  await expect(dialog.getByText('No channels found')).toBeVisible()
  await expect(dialog.getByText(/Channels are not open in Workroom yet/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Skip' }).click()
  await expect(dialog).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  await expect(dialog).toHaveCount(0)
})

test('arriving with a referral query marks the tutorial done without showing it', async ({ page }) => {
  const user = await signUpAndLogIn(page, { redirect: '/home?ref=REF-42' })
  await expect(page).toHaveURL(/\/home\?ref=REF-42/)
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  await expect.poll(async () => (await accountOf(page, user.accessToken)).skip_tutorial).toBe(1)
  await expect(page.getByRole('dialog', { name: 'Welcome to Workroom' })).toHaveCount(0)
})
