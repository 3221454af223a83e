import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { latestEmailPreview } from './email-log'

export interface SignedUpUser {
  userId: string
  name: string
  email: string
  password: string
  /** An access token of a second, API-only login (for setting things up around the UI). */
  accessToken: string
}

export interface SignUpOptions {
  name?: string
  /** Mark the first-login tutorial done first, so the onboarding modal stays away. */
  skipTutorial?: boolean
  /** Where the login leads (a same-origin path, e.g. '/home?ref=X'); /home by default. */
  redirect?: string
  /** Another server than the run's global one (e.g. one a test starts in-process). */
  baseURL?: string
  /** How to read the verification code of that server; by default from the email's preview page. */
  readCode?: (email: string) => Promise<string>
}

/** The code of the newest email to `email`, read from its preview page like a person would. */
async function codeFromPreview(page: Page, email: string): Promise<string> {
  const mail = await page.context().newPage()
  await mail.goto(await latestEmailPreview(email))
  const code = (await mail.locator('body').innerText()).match(/\b\d{6}\b/)?.[0] ?? ''
  await mail.close()
  return code
}

/** Registered with POST auth/register, verified with the emailed code, logged in with POST auth/login (no page). */
async function registerVerified(
  api: APIRequestContext,
  options: SignUpOptions & { readCode: (email: string) => Promise<string> },
): Promise<SignedUpUser> {
  const base = options.baseURL ?? ''
  const name = options.name ?? 'Lan Nguyễn'
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const password = 'correct horse 42'

  const registered = await api.post(`${base}/api/auth/register`, { data: { name, email, password } })
  expect(registered.status(), await registered.text()).toBe(200)
  const userId = ((await registered.json()) as { result: { user: { _id: string } } }).result.user._id

  const code = await options.readCode(email)
  expect(code).toMatch(/^\d{6}$/)
  const verified = await api.post(`${base}/api/auth/verify-email`, { data: { email, code } })
  expect(verified.status(), await verified.text()).toBe(200)

  const login = await api.post(`${base}/api/auth/login`, { data: { email, password } })
  expect(login.status()).toBe(200)
  const accessToken = ((await login.json()) as { result: { access_token: string } }).result.access_token
  if (options.skipTutorial) {
    const skipped = await api.put(`${base}/api/customer/skip-tutorial`, { headers: { authorization: `Bearer ${accessToken}` } })
    expect(skipped.status()).toBe(200)
  }
  return { userId, name, email, password, accessToken }
}

/**
 * A fresh, verified user made through the API only, on the run's server, without a browser page
 * (the code read from the email's preview): for people who only act around the UI.
 */
export async function signUpByApi(api: APIRequestContext, name: string): Promise<SignedUpUser> {
  return registerVerified(api, {
    name,
    skipTutorial: true,
    readCode: async (email) => {
      const preview = await api.get(await latestEmailPreview(email))
      const body = (await preview.text()).match(/<pre data-testid="body">([\s\S]*?)<\/pre>/)?.[1] ?? ''
      return body.match(/\b\d{6}\b/)?.[0] ?? ''
    },
  })
}

/**
 * A fresh, verified user logged in through the UI: registered with POST auth/register, verified
 * with the code the server emailed, then logged in on /login. Ends on the sidebar layout (under
 * the onboarding modal unless `skipTutorial`).
 */
export async function signUpAndLogIn(page: Page, options: SignUpOptions = {}): Promise<SignedUpUser> {
  const base = options.baseURL ?? ''
  const user = await registerVerified(page.request, { ...options, readCode: options.readCode ?? ((email) => codeFromPreview(page, email)) })
  const { email, password } = user

  await page.goto(`${base}/login${options.redirect ? `?${new URLSearchParams({ redirect: options.redirect })}` : ''}`)
  // A phone-sized window is first offered the native app (once per session): continue in the browser.
  const emailBox = page.getByRole('textbox', { name: 'Email' })
  const continueInBrowser = page.getByRole('link', { name: 'Continue in browser' })
  await expect(emailBox.or(continueInBrowser)).toBeVisible()
  if (await continueInBrowser.isVisible()) await continueInBrowser.click()
  await emailBox.fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  // The sidebar layout: its header, or the first-login tutorial over it.
  await expect(page.getByRole('button', { name: 'Account' }).or(page.getByRole('heading', { name: 'Welcome to Workroom' }))).toBeVisible()
  return user
}
