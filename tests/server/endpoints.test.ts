import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EndpointDef, endpoints, SERVER_MESSAGES } from '../../contract'
import { call, startTestServer, type TestServer } from './harness'

/**
 * contract/endpoints.ts and the running server agree: every entry is served with its method and
 * path, every /api route the server has is an entry, the OpenAPI document describes each entry as
 * the table does, and every signed-in entry refuses an anonymous caller with 401.
 */
let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterAll(() => server.stop())

const entries = Object.entries(endpoints as Record<string, EndpointDef>)
const urlOf = (e: EndpointDef) => `/api/${e.path}`
/** Routes under /api that are not calls: the OpenAPI pages and the avatar files. */
const infrastructure = (url: string) => url.startsWith('/api/docs') || url.startsWith('/api/media/avatars/')

/** `METHOD /url` of every route, from the radix tree Fastify prints (each line extends its parent's path). */
function registeredRoutes(tree: string): string[] {
  const paths: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const at = line.search(/[├└]── /)
    if (at < 0) continue
    const depth = at / 4
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4))!
    const path = (paths[depth - 1] ?? '') + match[1]
    paths[depth] = path
    paths.length = depth + 1
    for (const method of match[2]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`)
  }
  return routes
}

describe('the endpoint table and the server agree', () => {
  it('every entry is registered with its method and path', () => {
    for (const [name, e] of entries) {
      expect([name, server.app.hasRoute({ method: e.method, url: urlOf(e) })]).toEqual([name, true])
    }
  })

  it('every /api route of the server is an entry', () => {
    const routes = registeredRoutes(server.app.printRoutes({ commonPrefix: false }))
    const inTable = new Set(entries.map(([, e]) => `${e.method} ${urlOf(e)}`))
    const apiRoutes = routes.filter((r) => r.split(' ')[1]!.startsWith('/api/') && !infrastructure(r.split(' ')[1]!))
    expect(apiRoutes.length).toBeGreaterThanOrEqual(inTable.size)
    expect(apiRoutes.filter((r) => !inTable.has(r))).toEqual([])
    expect([...inTable].filter((r) => !apiRoutes.includes(r))).toEqual([])
  })

  it('entry names are unique per method and path', () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('the OpenAPI document gives each entry its tag, summary and security', async () => {
    const doc = (await call(base, 'GET', '/api/docs/json')).body as {
      paths: Record<
        string,
        Record<string, { tags: string[]; summary: string; security?: Record<string, string[]>[]; responses: Record<string, unknown> }>
      >
    }
    for (const [name, e] of entries) {
      const op = doc.paths[urlOf(e).replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()]
      expect([name, op?.tags, op?.summary]).toEqual([name, [e.tag], e.summary])
      const bearer = op?.security?.some((s) => 'bearer' in s) ?? false
      expect([name, bearer]).toEqual([name, e.auth !== 'public'])
      if (e.response) expect([name, Object.keys(op!.responses)]).toEqual([name, expect.arrayContaining(['200', '4XX'])])
    }
  })
})

describe('authorization over the table', () => {
  const signedIn = entries.filter(([, e]) => e.auth === 'signedIn')
  const url = (e: EndpointDef) => urlOf(e).replace(/:(\w+)/g, 'x')

  for (const [name, e] of signedIn) {
    it(`${e.method} ${e.path} (${name}): 401 without a token and with a bad one, before the input is read`, async () => {
      const none = await call(base, e.method, url(e), { body: e.method === 'GET' ? undefined : {} })
      expect(none.status).toBe(401)
      expect(none.body).toEqual({ message: SERVER_MESSAGES.unauthenticated.en })
      expect((await call(base, e.method, url(e), { token: 'not.a.jwt' })).status).toBe(401)
      if (e.method !== 'GET') expect((await call(base, e.method, url(e), { raw: '{oops' })).status).toBe(401)
    })
  }

  it('public and optional entries let an anonymous caller through to their input checks', async () => {
    for (const [name, e] of entries.filter(([, e]) => e.auth !== 'signedIn')) {
      const res = await call(base, e.method, url(e), { body: e.method === 'GET' ? undefined : {} })
      // refresh-token's credential is its cookie: without one it is 401 like a bad bearer.
      if (name !== 'refreshToken') expect([name, res.status]).not.toEqual([name, 401])
      expect([name, res.status < 500]).toEqual([name, true])
    }
  })
})
