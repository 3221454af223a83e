import { createServer, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo, isIP, type LookupFunction } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSafeFetch, RefusedDestinationError, type SafeFetch } from '../../server/net/safe-fetch'

/**
 * The SSRF-safe fetcher (server/net/safe-fetch.ts) that every request to a user-given URL goes
 * through: only public addresses, checked on the address DNS answered, on every connection and
 * every redirect. A stub on 127.0.0.1 counts the connections that reach it; a fake DNS (`lookup`)
 * makes names answer chosen addresses.
 */

let stub: Server
/** Requests to /never, held unanswered until the file ends. */
const held: ServerResponse[] = []
let port: number
let connections = 0
/** What the stub answers next: a status and headers per path. */
let answers: Record<string, { status: number; headers?: Record<string, string> }> = {}

beforeAll(async () => {
  stub = createServer((req, res) => {
    if (req.url === '/never') return void held.push(res)
    const answer = answers[req.url ?? ''] ?? { status: 200 }
    res.writeHead(answer.status, { connection: 'close', ...answer.headers })
    res.end('stub')
  })
  stub.on('connection', () => connections++)
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  port = (stub.address() as AddressInfo).port
})
afterAll(() => {
  for (const res of held) res.destroy()
  return new Promise((resolve) => stub.close(resolve))
})
beforeEach(() => {
  connections = 0
  answers = {}
})

/** A DNS that answers from the table (a list, or a function called on each lookup); other names are not found. */
function fakeDns(table: Record<string, string | string[] | (() => string)>) {
  const asked: string[] = []
  const lookup: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname)
    const entry = table[hostname]
    if (entry === undefined) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0)
    const addresses = [typeof entry === 'function' ? entry() : entry].flat().map((address) => ({ address, family: isIP(address) }))
    if (options.all) callback(null, addresses)
    else callback(null, addresses[0]!.address, addresses[0]!.family)
  }
  return { lookup, asked }
}

const refused = async (fetcher: SafeFetch, url: string) => {
  const outcome = await fetcher.fetch(url, { timeoutMs: 3_000 }).then(
    (res) => `answered ${res.status}`,
    (err: unknown) => err,
  )
  expect(outcome, url).toBeInstanceOf(RefusedDestinationError)
}

describe('refuses what is not a public address, before connecting', () => {
  it('addresses in the URL: loopback, private, link-local, unique-local, multicast, CGNAT, unspecified, IPv4-mapped', async () => {
    const fetcher = createSafeFetch()
    try {
      for (const url of [
        `http://127.0.0.1:${port}/`,
        `http://127.9.9.9:${port}/`,
        `http://[::1]:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        `http://0.0.0.0:${port}/`,
        'http://10.0.0.5/admin/reset',
        'https://10.0.0.5:8443/admin/reset',
        'http://172.16.3.4/',
        'http://192.168.1.10/',
        'http://169.254.169.254/latest/meta-data',
        'https://[fd00::1]/x',
        'https://[fe80::1]/x',
        'http://224.0.0.1/',
        'http://100.64.0.1/',
      ])
        await refused(fetcher, url)
      expect(connections).toBe(0)
    } finally {
      fetcher.close()
    }
  })

  it('names whose DNS answer is not public (checked on the address answered; one bad address in the answer is enough)', async () => {
    const dns = fakeDns({
      'loopback.test': '127.0.0.1',
      'metadata.test': '169.254.169.254',
      'private6.test': 'fd00::1',
      'mixed.test': ['93.184.216.34', '10.0.0.5'],
    })
    const fetcher = createSafeFetch({ lookup: dns.lookup })
    try {
      for (const name of ['loopback.test', 'metadata.test', 'private6.test', 'mixed.test'])
        await refused(fetcher, `http://${name}:${port}/`)
      expect(dns.asked).toEqual(['loopback.test', 'metadata.test', 'private6.test', 'mixed.test'])
      expect(connections).toBe(0)
    } finally {
      fetcher.close()
    }
  })

  it('a redirect to a non-public address, by address or by name, or away from http(s)', async () => {
    const dns = fakeDns({ 'stub.test': '127.0.0.1', 'metadata.test': '169.254.169.254' })
    // Loopback allowed (the tests' option) so the first hop reaches the stub; the rest stays refused.
    const fetcher = createSafeFetch({ allowLoopback: true, lookup: dns.lookup })
    answers = {
      '/to-metadata': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } },
      '/to-name': { status: 307, headers: { location: 'http://metadata.test/latest/meta-data' } },
      '/to-private': { status: 301, headers: { location: 'https://10.0.0.5/' } },
      '/to-file': { status: 302, headers: { location: 'file:///etc/passwd' } },
      '/to-ok': { status: 303, headers: { location: '/ok' } },
    }
    try {
      for (const path of ['/to-metadata', '/to-name', '/to-private', '/to-file']) await refused(fetcher, `http://stub.test:${port}${path}`)
      expect(connections).toBe(4) // the first hops only
      const followed = await fetcher.fetch(`http://stub.test:${port}/to-ok`)
      expect([followed.status, new URL(followed.url).pathname, followed.body.toString()]).toEqual([200, '/ok', 'stub'])
      const notFollowed = await fetcher.fetch(`http://stub.test:${port}/to-metadata`, { maxRedirects: 0 })
      expect(notFollowed.status).toBe(302)
    } finally {
      fetcher.close()
    }
  })
})

describe('the address is checked on every connection (DNS rebinding)', () => {
  it('a name that answered loopback (allowed in tests) and then the metadata address is refused the second time', async () => {
    const answersInTurn = ['127.0.0.1', '169.254.169.254']
    const dns = fakeDns({ 'rebind.test': () => answersInTurn.shift() ?? '169.254.169.254' })
    const fetcher = createSafeFetch({ allowLoopback: true, lookup: dns.lookup })
    try {
      expect((await fetcher.fetch(`http://rebind.test:${port}/`)).status).toBe(200)
      await refused(fetcher, `http://rebind.test:${port}/`)
      expect(dns.asked).toEqual(['rebind.test', 'rebind.test'])
      expect(connections).toBe(1)
    } finally {
      fetcher.close()
    }
  })

  it('loopback allowed (the tests’ option) opens loopback only: private, link-local and unique-local stay refused', async () => {
    const fetcher = createSafeFetch({ allowLoopback: true })
    try {
      expect((await fetcher.fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
      for (const url of ['http://10.0.0.5/', 'http://169.254.169.254/', 'https://[fd00::1]/x', `http://[::ffff:127.0.0.1]:${port}/`])
        await refused(fetcher, url)
      expect(connections).toBe(1)
    } finally {
      fetcher.close()
    }
  })
})

describe('answers', () => {
  it('keeps at most maxBodyBytes of the body', async () => {
    const fetcher = createSafeFetch({ allowLoopback: true })
    try {
      const cut = await fetcher.fetch(`http://127.0.0.1:${port}/`, { maxBodyBytes: 2 })
      expect([cut.body.toString(), cut.truncated]).toEqual(['st', true])
      const whole = await fetcher.fetch(`http://127.0.0.1:${port}/`)
      expect([whole.body.toString(), whole.truncated]).toEqual(['stub', false])
    } finally {
      fetcher.close()
    }
  })
})

describe('the time limit', () => {
  it('gives up on a server that never answers, even when the garbage collector ran meanwhile', async () => {
    // The collector, called by hand (a timeout signal it took away used to leave the fetch waiting forever).
    setFlagsFromString('--expose-gc')
    const collect = runInNewContext('gc') as () => void
    const fetcher = createSafeFetch({ allowLoopback: true })
    try {
      const outcome = fetcher.fetch(`http://127.0.0.1:${port}/never`, { timeoutMs: 300 }).then(
        () => 'answered',
        (err: Error) => err.name,
      )
      await vi.waitFor(() => expect(held).toHaveLength(1))
      collect()
      expect(await outcome).toBe('TimeoutError')
    } finally {
      fetcher.close()
    }
  })

  it('gives up when the caller aborts', async () => {
    const fetcher = createSafeFetch({ allowLoopback: true })
    const caller = new AbortController()
    try {
      const outcome = fetcher.fetch(`http://127.0.0.1:${port}/never`, { signal: caller.signal }).then(
        () => 'answered',
        (err: Error) => err.name,
      )
      await vi.waitFor(() => expect(held).toHaveLength(2))
      caller.abort(new DOMException('The caller went', 'AbortError'))
      expect(await outcome).toBe('AbortError')
    } finally {
      fetcher.close()
    }
  })
})
