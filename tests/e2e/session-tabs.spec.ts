import { expect, test } from './support/test'
import { signUpAndLogIn } from './support/sign-up'

/**
 * The login across tabs with the refresh token in its HttpOnly cookie: no script sees the token,
 * a second tab restores the login from the cookie, both tabs refresh in turn, and logging out in
 * one tab logs the other out.
 */
test('two tabs share one login; the refresh token is out of the page’s reach; logging out in one ends both', async ({ page, context }) => {
  await signUpAndLogIn(page, { skipTutorial: true })
  const sidebar = (p: typeof page) => p.getByRole('navigation', { name: 'Sidebar' })
  await expect(sidebar(page)).toBeVisible()

  // The token is in an HttpOnly cookie scoped to the refresh call, and nowhere a script can read.
  const [cookie] = (await context.cookies()).filter((c) => c.name === 'workroom_refresh')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/refresh-token' })
  const storage = await page.evaluate(() => ({ cookies: document.cookie, local: JSON.stringify({ ...localStorage }) }))
  expect(storage.cookies).not.toContain(cookie!.value)
  expect(storage.local).not.toContain(cookie!.value)

  // A second tab restores the same login from the cookie.
  const second = await context.newPage()
  await second.goto('/home')
  await expect(sidebar(second)).toBeVisible()

  // Each tab refreshes (a reload spends the cookie's token and the next one replaces it).
  await page.reload()
  await expect(sidebar(page)).toBeVisible()
  await second.reload()
  await expect(sidebar(second)).toBeVisible()
  const [rotated] = (await context.cookies()).filter((c) => c.name === 'workroom_refresh')
  expect(rotated!.value).not.toBe(cookie!.value)

  // Log out in the first tab: the second one follows (it reloads, logged out, onto /login).
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible()
  await expect(second.getByRole('heading', { name: 'Log in to Workroom' })).toBeVisible()
  await expect(sidebar(second)).toHaveCount(0)
  expect((await context.cookies()).filter((c) => c.name === 'workroom_refresh')).toEqual([])
})
