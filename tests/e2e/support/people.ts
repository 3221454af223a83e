import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test'
import { type SignedUpUser, signUpAndLogIn, signUpByApi } from './sign-up'

/** A signed-up user in a browser context of their own, past the tutorial. */
export interface Person {
  page: Page
  user: SignedUpUser
}

/** Another server than the run's global one (e.g. one a test starts in-process): its origin and how to read its emailed codes. */
export interface OtherServer {
  baseURL: string
  readCode: (email: string) => Promise<string>
}

export async function person(
  browser: Browser,
  name: string,
  viewport = { width: 1280, height: 800 },
  server?: OtherServer,
): Promise<Person> {
  const context = await browser.newContext({ viewport, ...(server ? { baseURL: server.baseURL } : {}) })
  const page = await context.newPage()
  const user = await signUpAndLogIn(page, { name, skipTutorial: true, ...server })
  return { page, user }
}

/** A signed-up user who acts only through the API (no browser page, so quicker to make). */
export interface ApiPerson {
  request: APIRequestContext
  user: SignedUpUser
}

export async function apiPerson(request: APIRequestContext, name: string): Promise<ApiPerson> {
  return { request, user: await signUpByApi(request, name) }
}

/** API calls as that person for setting things up around the UI: each must succeed; answers `result`. */
export function apiAs(who: Person | ApiPerson) {
  const headers = { authorization: `Bearer ${who.user.accessToken}` }
  const request = 'page' in who ? who.page.request : who.request
  const call = async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const res = await request[method](`/api/${path}`, { data, headers })
    expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(200)
    return (await res.json()).result
  }
  return {
    get: (path: string) => call('get', path),
    post: (path: string, data: unknown) => call('post', path, data),
    put: (path: string, data: unknown) => call('put', path, data),
  }
}

/** The open chat's message list (in the page, or in a part of it such as a call's chat). */
export const messagesOf = (scope: Page | Locator) => scope.getByRole('feed', { name: 'Messages' })
