import { expect, test } from './support/test'
import { signUpAndLogIn } from './support/sign-up'

const accountOf = async (page: import('@playwright/test').Page, token: string) =>
  (
    (await (await page.request.get('/api/customer/user-info', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      result: { account: Record<string, unknown> }
    }
  ).result.account

test('a new user picks business, names the company and its type, finishes; after a reload the tutorial stays away', async ({ page }) => {
  const user = await signUpAndLogIn(page, { throughLoginPage: true })
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
  expect(await accountOf(page, user.accessToken)).toMatchObject({
    skip_tutorial: 1,
    use_for: 'business',
    start_with: 'Acme Learning',
    website: 'https://acme.example',
  })
  // The company channel exists with the education preset, its owner is the user, and it is their current channel.
  const headers = { authorization: `Bearer ${user.accessToken}` }
  const mine = (await (await page.request.get('/api/channel/my-channel', { headers })).json()).result as {
    _id: string
    name: string
    use_for: string
    banner: string
    role: number
    description: string
  }[]
  expect(mine).toHaveLength(1)
  expect(mine[0]).toMatchObject({ name: 'Acme Learning', use_for: 'edu', banner: 'edu', role: 40 })
  expect(mine[0]!.description).toContain('classes, assignments and announcements')
  expect((await accountOf(page, user.accessToken)).channel).toBe(mine[0]!._id)
  // Its General chat is in the chat list.
  await page.goto('/chat')
  await expect(page.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'General' })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Chats' })).toBeVisible()
  await expect(dialog).toHaveCount(0)
})

test('personal: search finds a public channel and Join joins it', async ({ page, browser }) => {
  const owner = await browser.newContext().then((context) => context.newPage())
  const ownerUser = await signUpAndLogIn(owner, { name: 'Minh Owner', skipTutorial: true })
  const name = `Design Guild ${Date.now()}`
  const created = await owner.request.post('/api/channel/create', {
    data: { name, is_public: true },
    headers: { authorization: `Bearer ${ownerUser.accessToken}` },
  })
  expect(created.status()).toBe(200)
  await owner.context().close()

  const user = await signUpAndLogIn(page)
  const dialog = page.getByRole('dialog', { name: 'Welcome to Workroom' })
  await dialog.getByRole('radio', { name: /^For myself/ }).check()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.getByRole('textbox', { name: 'Channel name' }).fill(name)
  await dialog.getByRole('button', { name: 'Search' }).click()
  const hit = dialog.getByRole('list', { name: 'Channels found' }).getByRole('listitem', { name })
  await expect(hit.getByText('1 members')).toBeVisible()
  await hit.getByRole('button', { name: 'Join' }).click()
  await expect(dialog).toHaveCount(0)
  const mine = (
    await (await page.request.get('/api/channel/my-channel', { headers: { authorization: `Bearer ${user.accessToken}` } })).json()
  ).result as { name: string; role: number }[]
  expect(mine).toEqual([expect.objectContaining({ name, role: 20 })])
})

test('Skip at step 2 ends the tutorial', async ({ page }) => {
  await signUpAndLogIn(page)
  const dialog = page.getByRole('dialog', { name: 'Welcome to Workroom' })
  await dialog.getByRole('radio', { name: /^For myself/ }).check()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.getByRole('textbox', { name: 'Channel name' }).fill(`no such channel ${Date.now()}`)
  await dialog.getByRole('button', { name: 'Search' }).click()
  await expect(dialog.getByText('No channels found')).toBeVisible()
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
