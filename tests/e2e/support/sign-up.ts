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
  /** Log in by typing into /login (for journeys about logging in) rather than through the API. */
  throughLoginPage?: boolean
  /** Another server than the run's global one (e.g. one a test starts in-process). */
  baseURL?: string
  /** How to read the verification code of that server; by default from the email's preview page. */
  readCode?: (email: string) => Promise<string>
}

/** The code of the newest email to `email`, read from its preview page (fetched, not opened in a tab). */
async function codeFromPreview(api: APIRequestContext, email: string): Promise<string> {
  const preview = await api.get(await latestEmailPreview(email))
  const body = (await preview.text()).match(/<pre data-testid="body">([\s\S]*?)<\/pre>/)?.[1] ?? ''
  return body.match(/\b\d{6}\b/)?.[0] ?? ''
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
    readCode: (email) => codeFromPreview(api, email),
  })
}

/**
 * A fresh, verified user signed in in `page`'s browser context: registered with POST auth/register,
 * verified with the code the server emailed, logged in with POST auth/login through the context's
 * own request client (so its refresh cookie is the context's), then on `redirect` (/home by
 * default), where the app starts from that cookie. With `throughLoginPage` the login is typed into
 * /login instead, for journeys about logging in. Ends on the sidebar layout (under the onboarding
 * modal unless `skipTutorial`).
 */
export async function signUpAndLogIn(page: Page, options: SignUpOptions = {}): Promise<SignedUpUser> {
  const base = options.baseURL ?? ''
  const user = await registerVerified(page.request, {
    ...options,
    readCode: options.readCode ?? ((email) => codeFromPreview(page.request, email)),
  })
  const { email, password } = user
  // A phone-sized window is first offered the native app (once per session): continue in the browser.
  const continueInBrowser = page.getByRole('link', { name: 'Continue in browser' })
  if (options.throughLoginPage) {
    await page.goto(`${base}/login${options.redirect ? `?${new URLSearchParams({ redirect: options.redirect })}` : ''}`)
    const emailBox = page.getByRole('textbox', { name: 'Email' })
    await expect(emailBox.or(continueInBrowser)).toBeVisible()
    if (await continueInBrowser.isVisible()) await continueInBrowser.click()
    await emailBox.fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
  } else {
    const login = await page.request.post(`${base}/api/auth/login`, { data: { email, password } })
    expect(login.status(), await login.text()).toBe(200)
    // The page's marker that this browser holds a login (src/services/token-store.ts), as the login
    // page leaves it: set before the app's first load, once (a later logout must stay logged out).
    await page.addInitScript((userId) => {
      if (sessionStorage.getItem('e2e.login-marked')) return
      sessionStorage.setItem('e2e.login-marked', '1')
      localStorage.setItem('workroom.login', userId)
    }, user.userId)
    await page.goto(`${base}${options.redirect ?? '/home'}`)
  }
  // The sidebar layout: its header, or the first-login tutorial over it.
  const signedIn = page.getByRole('button', { name: 'Account' }).or(page.getByRole('heading', { name: 'Welcome to Workroom' }))
  if (!options.throughLoginPage) {
    await expect(signedIn.or(continueInBrowser)).toBeVisible()
    if (await continueInBrowser.isVisible()) await continueInBrowser.click()
  }
  await expect(signedIn).toBeVisible()
  return user
}
