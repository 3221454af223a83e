import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createConnection, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../contract'
import { optionsFromEnv } from '../../server/env-options'
import { call, register, startTestServer, type TestServer, uniqueEmail } from './harness'

const defaults = { port: 0, host: '127.0.0.1' }
const trustProxyOf = (TRUST_PROXY: string) => optionsFromEnv({ TRUST_PROXY }, defaults).trustProxy

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A reverse proxy as a load balancer is one: it appends the address it got the request from to
 * whatever X-Forwarded-For the client sent, then forwards the request.
 */
async function startProxy(target: string) {
  const proxy = createServer((req, res) => {
    void (async () => {
      const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
      const body = await bodyOf(req)
      const upstream = await fetch(target + req.url, {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json', 'x-forwarded-for': forwarded },
        body: body.length > 0 ? body : undefined,
      })
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' })
      res.end(Buffer.from(await upstream.arrayBuffer()))
    })()
  })
  const url = await listen(proxy)
  return { url, close: () => new Promise<void>((resolve) => proxy.close(() => resolve())) }
}

describe('TRUST_PROXY (H4)', () => {
  it('is a hop count or a list of proxy addresses, never "trust everything"', () => {
    expect(trustProxyOf('')).toBe(false)
    expect(trustProxyOf('0')).toBe(false)
    expect(trustProxyOf('1')).toBe(1)
    expect(trustProxyOf('2')).toBe(2)
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.7 ,::1')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1'])
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY/)
    expect(() => trustProxyOf('10.0.0.0/99')).toThrow(/TRUST_PROXY/)
    expect(() => trustProxyOf('proxy.example')).toThrow(/TRUST_PROXY/)
  })

  it('with TRUST_PROXY=1 behind one proxy, rotating X-Forwarded-For does not escape the login limit', async () => {
    const server = await startTestServer({ trustProxy: trustProxyOf('1'), rateLimits: { login: { max: 3 } } })
    const proxy = await startProxy(server.url)
    try {
      const email = uniqueEmail('xff')
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const res = await call(proxy.url, 'POST', '/api/auth/login', {
          body: { email, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        })
        statuses.push(res.status)
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429, 429])
    } finally {
      await proxy.close()
      await server.stop()
    }
  })

  it('with a list of proxy addresses, the client is the first untrusted address from the right', async () => {
    const server = await startTestServer({ trustProxy: trustProxyOf('127.0.0.1,::ffff:127.0.0.1'), rateLimits: { login: { max: 2 } } })
    try {
      const email = uniqueEmail('xff-list')
      const statuses: number[] = []
      // Two clients spoof the left part; the proxy (us, on loopback) appended their real addresses.
      for (const [spoof, client] of [
        ['1.1.1.1', '203.0.113.5'],
        ['2.2.2.2', '203.0.113.5'],
        ['3.3.3.3', '203.0.113.5'],
        ['4.4.4.4', '203.0.113.6'],
      ]) {
        const res = await call(server.url, 'POST', '/api/auth/login', {
          body: { email, password: 'wrong-password' },
          headers: { 'x-forwarded-for': `${spoof}, ${client}` },
        })
        statuses.push(res.status)
      }
      expect(statuses).toEqual([400, 400, 429, 400])
    } finally {
      await server.stop()
    }
  })
})

describe('login limit per address across emails (M2)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: { loginIp: { max: 4 } } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('one address trying many emails gets 429 after the per-address budget', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(server.url, 'POST', '/api/auth/login', { body: { email: uniqueEmail(`spray${i}`), password: 'Summer2024!' } })).status,
      )
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429])
  })
})

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0

async function freePort(): Promise<number> {
  const probe = createServer()
  await listen(probe)
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/** Resolves once something accepts TCP connections on the port. */
async function accepting(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' })
      socket.once('connect', () => (socket.destroy(), resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`nothing listens on ${port}`)
}

describe.skipIf(!hasRedisServer)('when the shared rate-limit store (Redis) fails (L3)', () => {
  let redis: ChildProcess
  let server: TestServer
  beforeAll(async () => {
    const port = await freePort()
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    await accepting(port)
    server = await startTestServer({ redisUrl: `redis://127.0.0.1:${port}` })
  })
  afterAll(async () => {
    if (redis && redis.exitCode === null) redis.kill('SIGKILL')
    await server?.stop()
  })

  it('login, register and the code routes refuse (503) instead of running unlimited; unlimited routes keep working', async () => {
    const acc = await register(server.url)
    expect((await call(server.url, 'POST', '/api/auth/login', { body: { email: acc.email, password: 'wrong-password' } })).status).toBe(400)
    const exited = new Promise((resolve) => redis.once('exit', resolve))
    redis.kill('SIGTERM')
    await exited

    const email = uniqueEmail('redis-down')
    const refused = [
      await call(server.url, 'POST', '/api/auth/login', { body: { email: acc.email, password: acc.password } }),
      await call(server.url, 'POST', '/api/auth/register', { body: { name: 'R', email, password: 'long-enough-9' } }),
      await call(server.url, 'POST', '/api/auth/verify-email', { body: { email: acc.email, code: '123456' } }),
      await call(server.url, 'POST', '/api/auth/resend-code', { body: { email: acc.email } }),
      await call(server.url, 'POST', '/api/auth/forgot-password', { body: { email: acc.email } }),
      await call(server.url, 'POST', '/api/auth/reset-password', { body: { email: acc.email, code: '123456', password: 'long-enough-9' } }),
    ]
    expect(refused.map((r) => r.status)).toEqual([503, 503, 503, 503, 503, 503])
    expect(refused[0]!.body).toEqual({ message: SERVER_MESSAGES.tryAgainLater.en })
    expect((await call(server.url, 'GET', '/api/customer/user-info', { token: acc.access_token })).status).toBe(200)
  })
})
