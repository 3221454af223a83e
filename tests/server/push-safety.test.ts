import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server, type ServerResponse } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { type AddressInfo, isIP, type LookupFunction } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../server/config'
import { pushSubscriptions } from '../../server/db/schema'
import { optionsFromEnv, pushServiceHostsFromEnv } from '../../server/env-options'
import { RefusedDestinationError } from '../../server/net/safe-fetch'
import { type Account, call, register, startTestServer, type TestServer } from './harness'

/**
 * Web Push cannot be turned against the server's network (security-2.md finding 1) nor into an
 * amplifier (finding 2):
 * - an endpoint must be https to a known push service; plain http to this machine only with the
 *   test-only option, which no environment variable sets; the address a name resolves to is
 *   checked when sending (a fake DNS makes fcm.googleapis.com answer loopback here);
 * - at most 10 devices per user (the one saved longest ago goes), update-fcm-token at most 10 times
 *   an hour, a device forgotten after 3 failed sends in a row, pushes sent through a bounded queue.
 * The numbers are the review's and the README's, written out here.
 */

/** A push service stub on 127.0.0.1: records arrivals; answers `answer`, or holds them while `holding`. */
let stub: Server
let stubBase: string
const arrived: string[] = []
let answer = 201
let holding = false
const held: ServerResponse[] = []
let arrivalWaiters: (() => void)[] = []

/** A DNS that answers the push services' names with non-public addresses. */
const resolved: string[] = []
const hostile: Record<string, string> = { 'fcm.googleapis.com': '127.0.0.1', 'updates.push.services.mozilla.com': '169.254.169.254' }
const hostileDns: LookupFunction = (hostname, options, callback) => {
  resolved.push(hostname)
  const address = hostile[hostname]
  if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0)
  if (options.all) callback(null, [{ address, family: isIP(address) }])
  else callback(null, address, isIP(address))
}

/** As production runs it (no test option), with that DNS. */
let strict: TestServer
/** With the test-only option (pushes may go to the stub) and a small queue: 3 at once, 2 per user. */
let local: TestServer
/** The default rate limit of update-fcm-token (the other servers lift every limit). */
let defaults: TestServer

beforeAll(async () => {
  stub = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      arrived.push(req.url ?? '')
      for (const wake of arrivalWaiters.splice(0)) wake()
      if (holding) held.push(res)
      else {
        res.statusCode = answer
        res.end()
      }
    })
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubBase = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  strict = await startTestServer({ testOnly: { lookup: hostileDns } })
  local = await startTestServer({ testOnly: { loopbackPush: true }, push: { concurrency: 3, perUserConcurrency: 2 } })
  defaults = await startTestServer({ rateLimits: { pushSubscription: { max: undefined, windowMs: undefined } } })
})
afterAll(async () => {
  for (const res of held.splice(0)) res.end()
  await Promise.all([strict?.stop(), local?.stop(), defaults?.stop()])
  await new Promise((r) => stub?.close(r))
})

/** A browser's subscription (a real P-256 key, so the push can be encrypted) at `endpoint`. */
function subscription(endpoint: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  })
}
const save = (server: TestServer, who: Account, endpoint: string) =>
  call(server.url, 'PUT', '/api/customer/update-fcm-token', { body: { fcm_token: subscription(endpoint) }, token: who.access_token })
const endpointsOf = async (server: TestServer, userId: string) =>
  (await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((s) => s.endpoint).sort()
const failuresOf = async (server: TestServer, endpoint: string) =>
  (await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]?.failures
/** One notification to the user (no window open: it is pushed to every device), waited out. */
async function notifyAndSettle(server: TestServer, userId: string) {
  await server.services.notify.notify(userId, { kind: 'payment_failed', paymentId: 'p', amount: '$1' })
  await server.services.notify.pushesSettled()
}
const fcm = (device: string) => `https://fcm.googleapis.com/fcm/send/${device}`

describe('finding 1: push endpoints are known push services only', () => {
  it('refuses http to this machine (without the test option), addresses, internal names, other ports and credentials; nothing is sent', async () => {
    const me = await register(strict.url)
    const refused = [
      `${stubBase}/push/loopback`,
      'http://localhost:6379/',
      'https://127.0.0.1/x',
      'https://10.0.0.5:8443/admin/reset',
      'https://10.0.0.5/x',
      'https://169.254.169.254/latest/api/token',
      'https://[fd00::1]/x',
      'https://[::1]/x',
      'https://internal.corp.example/hook',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evil.example/?fcm.googleapis.com',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://push.apple.com/x',
    ]
    for (const endpoint of refused) {
      const res = await save(strict, me, endpoint)
      expect(res.status, endpoint).toBe(400)
      expect(res.body.errors.fcm_token, endpoint).toHaveLength(1)
    }
    const before = arrived.length
    await notifyAndSettle(strict, me.user._id)
    expect(await endpointsOf(strict, me.user._id)).toEqual([])
    expect(arrived.length).toBe(before)
  })

  it('accepts the browsers’ push services: Chrome (FCM), Edge (WNS), Firefox (autopush), Safari (Apple)', async () => {
    const me = await register(strict.url)
    const accepted = [
      fcm(randomUUID()),
      `https://fcm.googleapis.com/wp/${randomUUID()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomUUID()}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`,
      `https://web.push.apple.com/${randomUUID()}`,
    ]
    for (const endpoint of accepted) expect((await save(strict, me, endpoint)).status, endpoint).toBe(200)
    expect(await endpointsOf(strict, me.user._id)).toEqual([...accepted].sort())
  })

  it('an allowed name whose DNS answers loopback or the metadata address is refused when sending (checked on the address connected to)', async () => {
    const me = await register(strict.url)
    const toLoopback = fcm(randomUUID())
    const toMetadata = `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`
    expect((await save(strict, me, toLoopback)).status).toBe(200) // the name is allowed; nothing is resolved when saving
    expect((await save(strict, me, toMetadata)).status).toBe(200)
    resolved.length = 0
    const outcome = await strict.services.notify.push.send(me.user._id, { id: 'n', title: 't', body: 'b', url: '/' })
    expect(outcome).toEqual({ sent: 0, gone: 0, failed: 2, dropped: 0 })
    expect(resolved.sort()).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com'])
    // Refused by the address check, not merely unreachable:
    await expect(strict.ctx.outbound.fetch(toLoopback, { method: 'POST' })).rejects.toBeInstanceOf(RefusedDestinationError)
    await expect(strict.ctx.outbound.fetch(toMetadata, { method: 'POST' })).rejects.toBeInstanceOf(RefusedDestinationError)
    expect(await failuresOf(strict, toLoopback)).toBe(1)
  })

  it('the loopback test option exists only for tests: no environment sets it, and production refuses it', async () => {
    const env = {
      NODE_ENV: 'development',
      TEST_ONLY: '1',
      LOOPBACK_PUSH: '1',
      PUSH_LOOPBACK: 'true',
      PUSH_SERVICE_HOSTS: 'localhost.example',
    }
    const fromEnv = optionsFromEnv(env, { port: 3000, host: '127.0.0.1' })
    expect(fromEnv.testOnly).toBeUndefined()
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'workroom-push-config-'))
    try {
      const jwtSecret = 'test-secret-test-secret-test-secret-0123456789'
      await expect(resolveConfig({ dataDir, jwtSecret, production: true, testOnly: { loopbackPush: true } })).rejects.toThrow(/tests/)
      expect((await resolveConfig({ dataDir, jwtSecret, production: true })).push.loopbackHttp).toBe(false)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('PUSH_SERVICE_HOSTS replaces the allow-list with host names or *.names; addresses and bare * are refused', () => {
    expect(pushServiceHostsFromEnv(undefined)).toBeUndefined()
    expect(pushServiceHostsFromEnv(' Push.Example.com, *.corp.example ')).toEqual(['push.example.com', '*.corp.example'])
    for (const bad of ['10.0.0.5', '*', 'https://push.example.com', '[::1]', 'push.example.com:8443', '*.com.']) {
      expect(() => pushServiceHostsFromEnv(bad), bad).toThrow(/PUSH_SERVICE_HOSTS/)
    }
  })
})

describe('finding 2: pushes are bounded', () => {
  it('keeps 10 devices per user: the 11th drops the one saved longest ago (saving again counts as new)', async () => {
    const me = await register(local.url)
    const devices = Array.from({ length: 12 }, (_, i) => fcm(`cap-${i + 1}-${randomUUID()}`))
    for (const endpoint of devices.slice(0, 11)) expect((await save(local, me, endpoint)).status).toBe(200)
    expect(await endpointsOf(local, me.user._id)).toEqual(devices.slice(1, 11).sort())
    // device 2 is saved again (the app does on every start), then a 12th comes: device 3 goes.
    expect((await save(local, me, devices[1]!)).status).toBe(200)
    expect((await save(local, me, devices[11]!)).status).toBe(200)
    expect(await endpointsOf(local, me.user._id)).toEqual([devices[1]!, ...devices.slice(3, 12)].sort())
  })

  it('parallel saves cannot keep more than 10', async () => {
    const me = await register(local.url)
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => save(local, me, fcm(`parallel-${i}-${randomUUID()}`))))
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200))
    expect(await endpointsOf(local, me.user._id)).toHaveLength(10)
  })

  it('update-fcm-token: 10 an hour per user, then 429 with Retry-After; another user is not held back', async () => {
    const me = await register(defaults.url)
    const other = await register(defaults.url)
    for (let i = 0; i < 10; i++) expect((await save(defaults, me, fcm(`rate-${i}-${randomUUID()}`))).status, `call ${i + 1}`).toBe(200)
    const over = await save(defaults, me, fcm(`rate-10-${randomUUID()}`))
    expect(over.status).toBe(429)
    const retryAfter = Number(over.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(59 * 60)
    expect(retryAfter).toBeLessThanOrEqual(60 * 60)
    expect((await save(defaults, other, fcm(`rate-other-${randomUUID()}`))).status).toBe(200)
  })

  it('3 failed sends in a row of any kind (error answers, a redirect, no answer) forget a subscription; a success in between resets the count', async () => {
    const me = await register(local.url)
    const device = `${stubBase}/push/failing-${randomUUID()}`
    expect((await save(local, me, device)).status).toBe(200)
    const statuses = [503, 429, 302]
    for (const [i, status] of statuses.entries()) {
      answer = status
      await notifyAndSettle(local, me.user._id)
      expect(await endpointsOf(local, me.user._id), `after ${i + 1} failures`).toEqual(i < 2 ? [device] : [])
    }

    const flaky = `${stubBase}/push/flaky-${randomUUID()}`
    const them = await register(local.url)
    expect((await save(local, them, flaky)).status).toBe(200)
    for (const status of [500, 500, 201, 500, 500]) {
      answer = status
      await notifyAndSettle(local, them.user._id)
    }
    expect(await failuresOf(local, flaky)).toBe(2)

    // Nothing listening: the connection is refused, three times.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const deadPort = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    const third = await register(local.url)
    expect((await save(local, third, `http://127.0.0.1:${deadPort}/push/dead`)).status).toBe(200)
    for (let i = 0; i < 3; i++) await notifyAndSettle(local, third.user._id)
    expect(await endpointsOf(local, third.user._id)).toEqual([])
    answer = 201
  })

  describe('the bounded queue (3 at once in all, 2 per user)', () => {
    /** Resolves at the next arrival at the stub. */
    const nextArrival = () => new Promise<void>((resolve) => arrivalWaiters.push(resolve))
    /** True when nothing more arrives within the window (the bound holds the rest back). */
    const quiet = (windowMs = 300) =>
      new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          resolve(false)
        }
        const timer = setTimeout(() => {
          arrivalWaiters = arrivalWaiters.filter((w) => w !== wake)
          resolve(true)
        }, windowMs)
        arrivalWaiters.push(wake)
      })
    /**
     * While pushes are held: waits until some arrived and then nothing more arrives within the
     * window (the bound holds the rest back), notes how many are open, answers them all; until
     * `total` arrived. The most seen open at once, in all and to one user (the path's user id).
     */
    async function drain(total: number, start: number): Promise<{ most: number; mostPerUser: number }> {
      let most = 0
      let mostPerUser = 0
      while (arrived.length - start < total || held.length > 0) {
        if (held.length === 0) {
          await nextArrival()
          continue
        }
        if (!(await quiet())) continue
        most = Math.max(most, held.length)
        const perUser = new Map<string, number>()
        for (const res of held) {
          const user = (res.req.url ?? '').split('/')[2] ?? ''
          perUser.set(user, (perUser.get(user) ?? 0) + 1)
        }
        mostPerUser = Math.max(mostPerUser, ...perUser.values())
        for (const res of held.splice(0)) {
          res.statusCode = 201
          res.end()
        }
      }
      return { most, mostPerUser }
    }

    it('one user with 10 devices: at most 2 pushes at once, all 10 delivered', async () => {
      const me = await register(local.url)
      for (let i = 0; i < 10; i++) expect((await save(local, me, `${stubBase}/push/${me.user._id}/d${i}`)).status).toBe(200)
      holding = true
      const start = arrived.length
      try {
        const pushing = notifyAndSettle(local, me.user._id)
        const seen = await drain(10, start)
        await pushing
        expect(seen.most).toBe(2)
        expect(arrived.length - start).toBe(10)
      } finally {
        holding = false
      }
    })

    it('three users with 4 devices each: at most 3 at once in all, 2 per user, all 12 delivered', async () => {
      const people = [await register(local.url), await register(local.url), await register(local.url)]
      for (const who of people)
        for (let i = 0; i < 4; i++) expect((await save(local, who, `${stubBase}/push/${who.user._id}/d${i}`)).status).toBe(200)
      holding = true
      const start = arrived.length
      try {
        const pushing = Promise.all(people.map((who) => notifyAndSettle(local, who.user._id)))
        const seen = await drain(12, start)
        await pushing
        expect(seen.most).toBe(3)
        expect(seen.mostPerUser).toBeLessThanOrEqual(2)
        expect(arrived.length - start).toBe(12)
      } finally {
        holding = false
      }
    })
  })
})
