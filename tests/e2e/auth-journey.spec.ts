import { expect, test } from './support/test'
import { latestEmailPreview } from './support/email-log'

test('sign up, verify by emailed code, log in, switch to Vietnamese, reload, log out', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`
  const password = 'correct horse 42'

  await page.goto('/sign-up')
  await page.getByRole('textbox', { name: 'Name' }).fill('Lan Nguyễn')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/verify-email/)

  // The code arrives by email: open the preview page the server logged and read it like a person.
  const preview = await latestEmailPreview(email)
  const mail = await page.context().newPage()
  await mail.goto(preview)
  const code = (await mail.locator('body').innerText()).match(/\b\d{6}\b/)?.[0]
  expect(code).toMatch(/^\d{6}$/)
  await mail.close()

  const wrong = code === '000000' ? '111111' : '000000'
  await page.getByRole('textbox', { name: 'Code' }).fill(wrong)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('The code is incorrect or has expired, check it or request a new one').first()).toBeVisible()

  await page.getByRole('textbox', { name: 'Code' }).fill(code!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/login/)

  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()

  // First login: the tutorial. Personal use, then skip it.
  const tutorial = page.getByRole('dialog', { name: 'Welcome to Workroom' })
  await expect(tutorial.getByRole('heading', { name: 'Welcome to Workroom' })).toBeVisible()
  await tutorial.getByRole('radio', { name: /^For myself/ }).check()
  await tutorial.getByRole('button', { name: 'Next' }).click()
  await tutorial.getByRole('button', { name: 'Skip' }).click()
  await expect(tutorial).toHaveCount(0)

  // Sidebar layout.
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' })
  await expect(sidebar).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Contacts' })).toBeVisible()

  // Switch to Vietnamese: the text changes.
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('option', { name: 'Tiếng Việt' }).click()
  const thanhBen = page.getByRole('navigation', { name: 'Thanh bên' })
  await expect(thanhBen.getByRole('link', { name: 'Danh bạ' })).toBeVisible()
  await expect(sidebar).toHaveCount(0)

  // Reload: still Vietnamese, still logged in.
  await page.reload()
  await expect(thanhBen.getByRole('link', { name: 'Danh bạ' })).toBeVisible()

  // Log out: back to the marketing layout.
  await page.getByRole('button', { name: 'Tài khoản' }).click()
  await page.getByRole('button', { name: 'Đăng xuất' }).click()
  await expect(page.getByRole('link', { name: 'Đăng nhập' }).first()).toBeVisible()
  await expect(thanhBen).toHaveCount(0)
})
