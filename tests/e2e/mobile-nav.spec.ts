import { expect, test } from './support/test'
import { signUpAndLogIn } from './support/sign-up'

test.use({ viewport: { width: 360, height: 740 } })

test('at 360px the sidebar is behind Menu: it opens and closes by the close button, the overlay and a route change', async ({ page }) => {
  await signUpAndLogIn(page, { skipTutorial: true })
  const menu = page.getByRole('button', { name: 'Menu', exact: true })
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' })
  await expect(menu).toBeVisible()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  // The sidebar column is not on screen at this width.
  await expect(sidebar).toHaveCount(0)

  await menu.click()
  await expect(drawer).toBeVisible()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(drawer.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Contacts' })).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused()

  await drawer.getByRole('button', { name: 'Close menu' }).click()
  await expect(drawer).toBeHidden()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeFocused()

  // The overlay beside the drawer closes it.
  await menu.click()
  await expect(drawer).toBeVisible()
  await page.mouse.click(350, 400)
  await expect(drawer).toBeHidden()

  // Following a link closes it.
  await menu.click()
  await drawer.getByRole('link', { name: 'Contacts' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(drawer).toBeHidden()

  // A panel opened from it takes its place.
  await menu.click()
  await drawer.getByRole('button', { name: 'Support chat' }).click()
  await expect(drawer).toBeHidden()
  // (The dialog element is a zero-size wrapper: its title shows it.)
  await expect(page.getByRole('dialog', { name: 'Support chat' }).getByRole('heading', { name: 'Support chat' })).toBeVisible()
})

test('from 768px the sidebar is a column and there is no Menu button', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 })
  await signUpAndLogIn(page, { skipTutorial: true })
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden()
})
