// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@lingui/core'
import { createActor, fromPromise } from 'xstate'
import type { Tokens } from '../../../contract/auth'
import { endpoints } from '../../../contract/endpoints'
import type { User } from '../../../contract/user'
import { sessionMachine } from '../../../src/machines/session'
import { clearErrorMessage, getErrorMessage } from '../../../src/services/error-message'
import { apiErrorOf, call, connectAuth, http, type AuthBridge } from '../../../src/services/http'
import { refreshToken } from '../../../src/services/api/auth'
import { deleteChannelLabel } from '../../../src/services/api/channel'
import { updateLanguage, userInfo } from '../../../src/services/api/customer'
import { cancelUpload, purgeFile, restoreFile, storageOf, trashFile } from '../../../src/services/api/media'
import { authBridgeFor } from '../../../src/services/session-runtime'
import { dismissToast, getToasts } from '../../../src/services/toast'

type Handler = (request: Request) => Response | Promise<Response>

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

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

const bridge = (over: Partial<AuthBridge> = {}): AuthBridge => ({
  accessToken: () => 'access-1',
  refresh: async () => null,
  expired: () => {},
  ...over,
})

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
    const error = await http
      .post('auth/register', { json: {} })
      .json()
      .catch((e: unknown) => e)
    expect(apiErrorOf(error)).toEqual({
      status: 400,
      body: { message: 'The data you sent is not valid', errors: { email: ['Email is invalid'] } },
    })
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
    serve((request) =>
      request.headers.get('Authorization') === 'Bearer new' ? json(200, { result: 'ok' }) : json(401, { message: 'Please log in' }),
    )
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
          restore: fromPromise(async () => ({ tokens: { access_token: 'a1', media_token: 'm1' }, user })),
          refresh: fromPromise(async (): Promise<Tokens> => {
            refreshCalls++
            await new Promise((r) => setTimeout(r, 5))
            return { access_token: 'a2', media_token: 'm2' }
          }),
        },
      }),
      { input: { remembered: true } },
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loggedIn')).toBe(true))
    connectAuth(authBridgeFor(actor))
    serve((request) =>
      request.headers.get('Authorization') === 'Bearer a2' ? json(200, { result: request.url }) : json(401, { message: 'expired' }),
    )
    const results = await Promise.all([http.get('a').json(), http.get('b').json(), http.get('c').json()])
    expect(results).toHaveLength(3)
    expect(refreshCalls).toBe(1)
    expect(actor.getSnapshot().context.accessToken).toBe('a2')
    actor.stop()
  })
})

describe('call(endpoint, input)', () => {
  beforeEach(() => {
    for (const t of getToasts()) dismissToast(t.id)
    clearErrorMessage()
    connectAuth(bridge())
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    connectAuth(bridge({ accessToken: () => null }))
  })

  const path = (request: Request) => new URL(request.url).pathname

  it("sends the entry's method and path with the input as JSON body and answers the `result`", async () => {
    serve(() => json(200, { result: { _id: 'm1', message: 'hi' } }))
    const result = await call(endpoints.messageEdit, { message_id: 'm1', message: 'hi' })
    expect(result).toEqual({ _id: 'm1', message: 'hi' })
    expect(requests[0].method).toBe('PUT')
    expect(path(requests[0])).toBe('/api/message/edit')
    expect(requests[0].headers.get('Authorization')).toBe('Bearer access-1')
    expect(await requests[0].json()).toEqual({ message_id: 'm1', message: 'hi' })
  })

  it('the refresh call sends {} as JSON (the server refuses a refresh without the JSON content type)', async () => {
    serve(() => json(200, { result: { access_token: 'access-2' } }))
    expect(await refreshToken()).toEqual({ access_token: 'access-2' })
    expect(requests[0].method).toBe('POST')
    expect(path(requests[0])).toBe('/api/auth/refresh-token')
    expect(requests[0].headers.get('Content-Type')).toBe('application/json')
    expect(await requests[0].text()).toBe('{}')
  })

  it('a query entry: the input goes to the query string, absent values left out; no body', async () => {
    serve(() => json(200, { result: { items: [], used: 0, quota: 1 } }))
    await storageOf({ channelId: 'c1', trash: true, page: 2 })
    const url = new URL(requests[0].url)
    expect(requests[0].method).toBe('GET')
    expect(url.pathname).toBe('/api/media/storage')
    expect(Object.fromEntries(url.searchParams)).toEqual({ channel_id: 'c1', trash: '1', page: '2' })
    expect(await requests[0].text()).toBe('')
  })

  it('an entry without input sends no body; `token` replaces the session token', async () => {
    serve(() => json(200, { result: { _id: 'u1' } }))
    await userInfo('restoring-token')
    expect(requests[0].method).toBe('GET')
    expect(path(requests[0])).toBe('/api/customer/user-info')
    expect(requests[0].headers.get('Authorization')).toBe('Bearer restoring-token')
  })

  it('headers of the call win over the defaults (update-language sends the new language)', async () => {
    serve(() => json(200, { result: { _id: 'u1' } }))
    await updateLanguage('vi')
    expect(requests[0].headers.get('Accept-Language')).toBe('vi')
    expect(await requests[0].json()).toEqual({ language: 'vi' })
  })

  it('a multipart entry sends the form as it is', async () => {
    serve(() => json(200, { result: { _id: 'u1' } }))
    const form = new FormData()
    form.set('file', new Blob(['x'], { type: 'image/png' }), 'a.png')
    await call(endpoints.avatar, form)
    expect(requests[0].method).toBe('POST')
    expect(path(requests[0])).toBe('/api/customer/avatar')
    expect(requests[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
  })

  it('a failure shows the catalogue toast and is rethrown with its status and body; `quiet` shows none', async () => {
    serve(() => json(403, { message: 'Permission denied' }))
    const error = await call(endpoints.messagePin, { message_id: 'm1', is_pin: 1 }).catch((e: unknown) => e)
    expect(apiErrorOf(error)).toEqual({ status: 403, body: { message: 'Permission denied' } })
    expect(toastTexts()).toEqual(['Permission denied'])
    for (const t of getToasts()) dismissToast(t.id)
    await expect(call(endpoints.messagePin, { message_id: 'm1', is_pin: 1 }, { quiet: true })).rejects.toThrow()
    expect(toastTexts()).toEqual([])
  })

  it('401: refreshes once and retries, as every call does', async () => {
    let token = 'old'
    const refresh = vi.fn(async () => (token = 'new'))
    connectAuth(bridge({ accessToken: () => token, refresh }))
    serve((request) =>
      request.headers.get('Authorization') === 'Bearer new' ? json(200, { result: [] }) : json(401, { message: 'Please log in' }),
    )
    await expect(call(endpoints.myChannel)).resolves.toEqual([])
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('the file and label calls answer their result like every other call (no envelope)', async () => {
    serve((request) => json(200, { result: path(request).includes('label') ? { label_id: 'l1' } : { media_id: 'f1' } }))
    expect(await trashFile('f1')).toEqual({ media_id: 'f1' })
    expect(await restoreFile('f1')).toEqual({ media_id: 'f1' })
    expect(await purgeFile('f1')).toEqual({ media_id: 'f1' })
    expect(await cancelUpload('f1')).toEqual({ media_id: 'f1' })
    expect(await deleteChannelLabel('l1')).toEqual({ label_id: 'l1' })
    expect(requests.map((r) => `${r.method} ${path(r)}`)).toEqual([
      'PUT /api/media/trash',
      'PUT /api/media/restore',
      'DELETE /api/media/purge',
      'DELETE /api/media/cancel-upload',
      'DELETE /api/channel/label',
    ])
    expect(new URL(requests[3].url).searchParams.get('media_id')).toBe('f1')
  })
})
