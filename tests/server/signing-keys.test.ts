import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signingKeys } from '../../server/auth/keys'
import { resolveConfig } from '../../server/config'
import { call, register, startTestServer, type TestServer } from './harness'

/** The harness's JWT_SECRET (tests/server/harness.ts). */
const SECRET = 'test-secret-test-secret-test-secret-0123456789'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ jwtSecret: SECRET })
})
afterAll(async () => {
  await server?.stop()
})

describe('JWT_SECRET (L4)', () => {
  it('a secret shorter than 32 bytes is refused at start with a message saying so', async () => {
    await expect(resolveConfig({ jwtSecret: 'change-me' })).rejects.toThrow(/at least 32 bytes/)
    await expect(resolveConfig({ jwtSecret: 'x'.repeat(31) })).rejects.toThrow(/at least 32 bytes/)
    await expect(resolveConfig({ jwtSecret: 'x'.repeat(32) })).resolves.toBeTruthy()
  })

  it('one key per use: the token, code and link keys differ from each other and from the secret', () => {
    const keys = signingKeys(SECRET)
    const hex = (k: Uint8Array) => Buffer.from(k).toString('hex')
    const all = [hex(new TextEncoder().encode(SECRET)), hex(keys.jwt), hex(keys.otp), hex(keys.media)]
    expect(new Set(all).size).toBe(4)
  })

  it('an access token signed with the secret itself (not its token key) opens nothing', async () => {
    const acc = await register(server.url)
    const { sub, sid } = decodeJwt(acc.access_token)
    const signed = (key: Uint8Array) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub!).setIssuedAt().setExpirationTime('5m').sign(key)
    const withSecret = await signed(new TextEncoder().encode(SECRET))
    const withTokenKey = await signed(signingKeys(SECRET).jwt)
    const info = (token: string) => call(server.url, 'GET', '/api/customer/user-info', { token })
    expect((await info(withSecret)).status).toBe(401)
    expect((await info(withTokenKey)).status).toBe(200)
  })
})
