import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { SERVER_MESSAGES } from '../../contract'
import { channelWith, clientId, person } from './chat-fixtures'
import { type Account, call, lastEmail, refreshWith, registerUnverified, startTestServer, type TestServer } from './harness'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterAll(async () => {
  await server?.stop()
})

const as = (who: Account) => (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  call(base, method, `/api/${url}`, { token: who.access_token, body, headers })

async function upload(who: Account) {
  const form = new FormData()
  form.set('acl', 'public')
  form.set(
    'file',
    new Blob([
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#09f' } })
          .png()
          .toBuffer(),
      ),
    ]),
    'a.png',
  )
  return call(base, 'POST', '/api/media/upload', { token: who.access_token, raw: form })
}

describe('until the email is verified', () => {
  it('a session cannot create a channel, upload, send or join (403 with a clear message); after verifying the same token can', async () => {
    const owner = await person(base, 'Owner')
    const { channelId, generalId } = await channelWith(owner, [])
    const acc = await registerUnverified(base)
    const api = as(acc)

    const create = await api('POST', 'channel/create', { name: 'Mine', description: '', is_public: true })
    expect(create.status).toBe(403)
    expect(create.body).toEqual({ message: SERVER_MESSAGES.emailNotVerified.en })
    expect(
      (await api('POST', 'channel/create', { name: 'Mine', description: '', is_public: true }, { 'accept-language': 'vi' })).body.message,
    ).toBe(SERVER_MESSAGES.emailNotVerified.vi)
    expect((await upload(acc)).status).toBe(403)
    expect((await api('POST', 'channel/join', { channel_id: channelId })).status).toBe(403)
    expect((await api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'hi' })).status).toBe(403)
    expect((await api('GET', `topic/chat-friend?customer_id=${owner.user._id}`)).status).toBe(403)
    expect((await api('PUT', 'customer/update-profile', { name: 'Someone else' })).status).toBe(403)

    const { code } = await lastEmail(server, acc.email)
    expect((await call(base, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code } })).status).toBe(200)

    expect((await api('POST', 'channel/create', { name: 'Mine', description: '', is_public: true })).status).toBe(200)
    expect((await upload(acc)).status).toBe(200)
    expect((await api('POST', 'channel/join', { channel_id: channelId })).status).toBe(200)
    expect((await api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'hi' })).status).toBe(200)
  })

  it('it can do what the verify screen needs: user-info, language, refresh, resend-code, logout', async () => {
    const acc = await registerUnverified(base)
    const api = as(acc)
    const me = await api('GET', 'customer/user-info')
    expect(me.status).toBe(200)
    expect(me.body.result.email_verified).toBe(false)
    expect((await api('PUT', 'workid/update-language', { language: 'vi' })).status).toBe(200)
    const refreshed = await refreshWith(base, acc.refresh_token)
    expect(refreshed.status).toBe(200)
    expect((await call(base, 'GET', '/api/customer/user-info', { token: refreshed.body.result.access_token })).status).toBe(200)
    expect((await call(base, 'POST', '/api/auth/resend-code', { body: { email: acc.email } })).status).toBe(200)
    expect((await api('POST', 'auth/logout', {})).status).toBe(200)
    expect((await api('GET', 'customer/user-info')).status).toBe(401)
  })

  it('optional-auth calls treat it as anonymous', async () => {
    const owner = await person(base, 'Owner')
    const { channelId } = await channelWith(owner, [])
    const acc = await registerUnverified(base)
    const info = await as(acc)('GET', `channel/info?channel_id=${channelId}`)
    expect(info.status).toBe(200)
    expect(info.body).toEqual((await call(base, 'GET', `/api/channel/info?channel_id=${channelId}`)).body)
  })
})
