import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, connected, FIXTURE_PASSWORD, socketFor, startTestServer, type TestServer } from './harness'
import { verifiedPerson } from './verified-fixtures'

/** The account pages' endpoints (issue 15, Pages): sessions (/log), storage summary, trash, support chat. */

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

/** A second login of the account, from a browser of its own. */
async function loginFrom(email: string, userAgent: string) {
  const res = await call(server.url, 'POST', '/api/auth/login', { body: { email, password: FIXTURE_PASSWORD }, headers: { 'user-agent': userAgent } })
  expect(res.status).toBe(200)
  return res.body.result.access_token as string
}
const api = (token: string, method: string, url: string, body?: unknown) => call(server.url, method, `/api/${url}`, { token, body })

interface Listed {
  sessions: { _id: string; device: { type: string | null; browser: string | null; os: string | null }; ip: string | null; current: boolean; last_seen_at: string }[]
  history: { device: { browser: string | null }; ip: string | null }[]
}

describe('sessions (/log)', () => {
  it('lists the open sessions with device, browser, address and last use, the calling one marked, and every login in the history', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const firefox = await loginFrom(ann.email, FIREFOX_LINUX)
    const iphone = await loginFrom(ann.email, SAFARI_IPHONE)
    const res = await api(firefox, 'GET', 'auth/sessions')
    expect(res.status).toBe(200)
    const listed = res.body.result as Listed
    // verifiedPerson's sign-up and login sessions, and the two logins here.
    expect(listed.sessions).toHaveLength(4)
    expect(listed.sessions.filter((s) => s.current)).toHaveLength(1)
    const current = listed.sessions.find((s) => s.current)!
    expect(current.device).toEqual({ type: 'desktop', browser: 'Firefox 128', os: 'Linux' })
    expect(current.ip).toMatch(/127\.0\.0\.1|::1/)
    const phone = listed.sessions.find((s) => s.device.browser === 'Safari 17')!
    expect(phone.device.type).toBe('mobile')
    expect(phone.device.os).toMatch(/^iOS/)
    expect(Number.isNaN(Date.parse(phone.last_seen_at))).toBe(false)
    expect(listed.history).toHaveLength(4)
    expect(listed.history.slice(0, 2).map((h) => h.device.browser)).toEqual(['Safari 17', 'Firefox 128'])
    // Someone else sees none of them.
    const bob = await verifiedPerson(server, 'Bob')
    const theirs = (await bob.api('GET', 'auth/sessions')).body.result as Listed
    expect(theirs.sessions.map((s) => s._id)).not.toContain(current._id)
    expect(theirs.sessions).toHaveLength(2)
    void iphone
  })

  it('ending another session: its next HTTP call gets 401 at once, its socket is dropped, and it leaves the list', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const other = await loginFrom(ann.email, SAFARI_IPHONE)
    // The other session is in use: its calls pass and its socket is connected.
    expect((await api(other, 'GET', 'customer/user-info')).status).toBe(200)
    const socket = socketFor(server.url, { token: other })
    await connected(socket)
    const dropped = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)))

    const listed = (await ann.api('GET', 'auth/sessions')).body.result as Listed
    const target = listed.sessions.find((s) => s.device.browser === 'Safari 17')!
    const res = await ann.api('DELETE', 'auth/sessions', { session_id: target._id })
    expect(res.status).toBe(200)
    expect(res.body.result).toEqual({ revoked: 1 })

    expect((await api(other, 'GET', 'customer/user-info')).status).toBe(401)
    expect(await dropped).toBe('io server disconnect')
    socket.close()
    const after = (await ann.api('GET', 'auth/sessions')).body.result as Listed
    expect(after.sessions.map((s) => s._id)).not.toContain(target._id)
    // The caller's own session goes on.
    expect((await ann.api('GET', 'customer/user-info')).status).toBe(200)
    // Ending it again, or someone else's session, or a made-up one: 404.
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: target._id })).status).toBe(404)
    const bob = await verifiedPerson(server, 'Bob')
    const bobs = ((await bob.api('GET', 'auth/sessions')).body.result as Listed).sessions.find((s) => s.current)!._id
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: bobs })).status).toBe(404)
    expect((await bob.api('GET', 'customer/user-info')).status).toBe(200)
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: 'no-such-session' })).status).toBe(404)
  })

  it('signing out every other session keeps only the caller’s; the others get 401 at once', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const others = [await loginFrom(ann.email, FIREFOX_LINUX), await loginFrom(ann.email, SAFARI_IPHONE)]
    for (const token of others) expect((await api(token, 'GET', 'customer/user-info')).status).toBe(200)
    const res = await ann.api('POST', 'auth/sessions/revoke-others')
    expect(res.status).toBe(200)
    // The two logins here and verifiedPerson's sign-up session.
    expect(res.body.result).toEqual({ revoked: 3 })
    for (const token of others) expect((await api(token, 'GET', 'customer/user-info')).status).toBe(401)
    const after = (await ann.api('GET', 'auth/sessions')).body.result as Listed
    expect(after.sessions).toHaveLength(1)
    expect(after.sessions[0]!.current).toBe(true)
    // Nothing left to end.
    expect((await ann.api('POST', 'auth/sessions/revoke-others')).body.result).toEqual({ revoked: 0 })
  })

  it('refuses bad input with field messages and anonymous callers with 401', async () => {
    const ann = await verifiedPerson(server, 'Ann')
    const bad = await ann.api('DELETE', 'auth/sessions', { session_id: '' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['session_id'])
    expect((await ann.api('DELETE', 'auth/sessions', { session_id: 'x', extra: 1 })).status).toBe(400)
    expect((await call(server.url, 'GET', '/api/auth/sessions')).status).toBe(401)
  })
})
