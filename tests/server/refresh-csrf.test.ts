import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, REFRESH_COOKIE, refreshCookie, refreshWith, register, startTestServer, type TestServer } from './harness'

/**
 * Security review 2, finding 4: POST auth/refresh-token spends the cookie only for a JSON request
 * from this site. No body or another content type is 415; a browser that says the request comes
 * from elsewhere (Sec-Fetch-Site other than same-origin, an Origin other than PUBLIC_URL or the
 * server's own host) is 403. A refused request neither rotates nor clears the cookie.
 */
let server: TestServer
let publicSite: TestServer
const PUBLIC_URL = 'https://chat.example.test'

beforeAll(async () => {
  ;[server, publicSite] = await Promise.all([startTestServer(), startTestServer({ publicUrl: PUBLIC_URL })])
})
afterAll(async () => {
  await Promise.all([server?.stop(), publicSite?.stop()])
})

const cookieOf = (token: string) => ({ cookie: `${REFRESH_COOKIE}=${encodeURIComponent(token)}` })

describe('auth/refresh-token', () => {
  it('refuses a POST with no body and no content type (415), and the cookie is neither rotated nor cleared', async () => {
    const me = await register(server.url)
    const bare = await call(server.url, 'POST', '/api/auth/refresh-token', { headers: cookieOf(me.refresh_token) })
    expect(bare.status).toBe(415)
    expect(refreshCookie(bare.headers)).toBeUndefined()
    const form = await call(server.url, 'POST', '/api/auth/refresh-token', {
      raw: '',
      headers: { ...cookieOf(me.refresh_token), 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    // The token is still the live one: its first rotation works.
    const ok = await refreshWith(server.url, me.refresh_token)
    expect(ok.status).toBe(200)
    expect(ok.refresh_token).toBeTruthy()
    expect(ok.refresh_token).not.toBe(me.refresh_token)
  })

  it('refuses a request a browser marks as from another site or origin (403), without touching the cookie', async () => {
    const me = await register(server.url)
    const elsewhere: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: server.url },
    ]
    for (const headers of elsewhere) {
      const res = await refreshWith(server.url, me.refresh_token, headers)
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(refreshCookie(res.headers), JSON.stringify(headers)).toBeUndefined()
    }
    const ok = await refreshWith(server.url, me.refresh_token)
    expect(ok.status).toBe(200)
  })

  it('takes the SPA’s own call: {} as JSON, from its own origin, with or without the browser’s headers', async () => {
    const me = await register(server.url)
    const own = await refreshWith(server.url, me.refresh_token, { origin: server.url, 'sec-fetch-site': 'same-origin' })
    expect(own.status).toBe(200)
    const charset = await call(server.url, 'POST', '/api/auth/refresh-token', {
      raw: '{}',
      headers: { ...cookieOf(own.refresh_token!), 'content-type': 'application/json; charset=utf-8' },
    })
    expect(charset.status).toBe(200)
  })

  it('takes an Origin equal to PUBLIC_URL (the site behind a proxy), and refuses a sibling of it', async () => {
    const me = await register(publicSite.url)
    expect((await refreshWith(publicSite.url, me.refresh_token, { origin: 'https://evil.chat.example.test' })).status).toBe(403)
    expect((await refreshWith(publicSite.url, me.refresh_token, { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' })).status).toBe(200)
  })
})
