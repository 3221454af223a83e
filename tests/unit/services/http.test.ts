import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@lingui/core'
import { createActor, fromPromise } from 'xstate'
import type { Tokens } from '../../../contract/auth'
import type { User } from '../../../contract/user'
import { sessionMachine } from '../../../src/machines/session'
import { clearErrorMessage, getErrorMessage } from '../../../src/services/error-message'
import { apiErrorOf, connectAuth, http, type AuthBridge } from '../../../src/services/http'
import { authBridgeFor } from '../../../src/services/session-runtime'
import { dismissToast, getToasts } from '../../../src/services/toast'

type Handler = (request: Request) => Response | Promise<Response>

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let requests: Request[] = []
function serve(handler: Handler) {
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requests.push(input.clone())
      return handler(input)
    }),
  )
}

const toastTexts = () => getToasts().map((t) => (typeof t.text === 'string' ? t.text : i18n._(t.text)))

const bridge = (over: Partial<AuthBridge> = {}): AuthBridge => ({ accessToken: () => 'access-1', refresh: async () => null, expired: () => {}, ...over })

describe('http client', () => {
  beforeEach(() => {
    for (const t of getToasts()) dismissToast(t.id)
    clearErrorMessage()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    connectAuth(bridge({ accessToken: () => null }))
  })

  it('sends /api/<path> with the Bearer token and Accept-Language = the current language', async () => {
    connectAuth(bridge())
    serve(() => json(200, { result: { ok: true } }))
    await http.get('customer/user-info').json()
    expect(new URL(requests[0].url).pathname).toBe('/api/customer/user-info')
    expect(requests[0].headers.get('Authorization')).toBe('Bearer access-1')
    expect(requests[0].headers.get('Accept-Language')).toBe('en')
  })

  it('400: toast with the body message, the field errors go to the global errorMessage, the error is rethrown', async () => {
    connectAuth(bridge())
    serve(() => json(400, { message: 'The data you sent is not valid', errors: { email: ['Email is invalid'] } }))
    const error = await http.post('auth/register', { json: {} }).json().catch((e: unknown) => e)
    expect(apiErrorOf(error)).toEqual({ status: 400, body: { message: 'The data you sent is not valid', errors: { email: ['Email is invalid'] } } })
    expect(toastTexts()).toEqual(['The data you sent is not valid'])
    expect(getErrorMessage()).toEqual({ email: ['Email is invalid'] })
  })

  it('403 on a topic lookup is silent; elsewhere Permission denied', async () => {
    connectAuth(bridge())
    serve(() => json(403, { message: 'Permission denied' }))
    await expect(http.get('topic/info').json()).rejects.toThrow()
    expect(toastTexts()).toEqual([])
    await expect(http.post('channel/update').json()).rejects.toThrow()
    expect(toastTexts()).toEqual(['Permission denied'])
  })

  it('413: the storage toast links to pricing', async () => {
    connectAuth(bridge())
    serve(() => json(413, { message: 'The file is too large' }))
    await expect(http.post('customer/avatar').json()).rejects.toThrow()
    expect(toastTexts()).toEqual(['Your storage is running out, please upgrade here'])
    expect(getToasts()[0].link?.to).toBe('/pricing')
  })

  it('401: refreshes once and retries with the new token', async () => {
    let token = 'old'
    const refresh = vi.fn(async () => {
      token = 'new'
      return token
    })
    connectAuth(bridge({ accessToken: () => token, refresh }))
    serve((request) => (request.headers.get('Authorization') === 'Bearer new' ? json(200, { result: 'ok' }) : json(401, { message: 'Please log in' })))
    await expect(http.get('customer/user-info').json()).resolves.toEqual({ result: 'ok' })
    expect(refresh).toHaveBeenCalledWith('old')
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new'])
    expect(toastTexts()).toEqual([])
  })

  it('401 after the retry (or no refresh possible): the session ends (-> /login), no toast, error rethrown', async () => {
    const expired = vi.fn()
    connectAuth(bridge({ refresh: async () => 'still-refused', expired }))
    serve(() => json(401, { message: 'Please log in' }))
    await expect(http.get('customer/user-info').json()).rejects.toThrow()
    expect(requests).toHaveLength(2)
    expect(expired).toHaveBeenCalledTimes(1)
    expect(toastTexts()).toEqual([])
  })

  it('401 answering a call sent before the session ended (logout) leaves the user where they are', async () => {
    let token: string | null = 'access-1'
    const expired = vi.fn()
    connectAuth(bridge({ accessToken: () => token, expired }))
    serve(async () => {
      token = null
      return json(401, { message: 'Please log in' })
    })
    await expect(http.get('channel/seen').json()).rejects.toThrow()
    expect(expired).not.toHaveBeenCalled()
    expect(toastTexts()).toEqual([])
  })

  it('401 on a call made without a session: the session machine sends the visitor to /login', async () => {
    const expired = vi.fn()
    connectAuth(bridge({ accessToken: () => null, expired }))
    serve(() => json(401, { message: 'Please log in' }))
    await expect(http.get('customer/user-info').json()).rejects.toThrow()
    expect(expired).toHaveBeenCalledTimes(1)
  })

  it('401 with the session machine: concurrent calls share one refresh (single flight)', async () => {
    const user = { account: { language: 'en' } } as unknown as User
    let refreshCalls = 0
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restore: fromPromise(async () => ({ tokens: { access_token: 'a1', refresh_token: 'r1' }, user })),
          refresh: fromPromise(async (): Promise<Tokens> => {
            refreshCalls++
            await new Promise((r) => setTimeout(r, 5))
            return { access_token: 'a2', refresh_token: 'r2' }
          }),
        },
      }),
      { input: { refreshToken: 'r0' } },
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loggedIn')).toBe(true))
    connectAuth(authBridgeFor(actor))
    serve((request) => (request.headers.get('Authorization') === 'Bearer a2' ? json(200, { result: request.url }) : json(401, { message: 'expired' })))
    const results = await Promise.all([http.get('a').json(), http.get('b').json(), http.get('c').json()])
    expect(results).toHaveLength(3)
    expect(refreshCalls).toBe(1)
    expect(actor.getSnapshot().context.accessToken).toBe('a2')
    actor.stop()
  })
})
