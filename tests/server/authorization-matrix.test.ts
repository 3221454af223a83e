import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EndpointDef, endpoints, errorBody } from '../../contract'
import { buildFixtures, type Fixtures, type Role, ROLES } from './authorization-fixtures'
import { AUTHORIZATION, type Expected, type Input } from './authorization-table'
import { liftedRateLimits, startTestServer, type TestServer } from './harness'

/**
 * The authorization matrix: every entry of contract/endpoints.ts called as anonymous, stranger,
 * member, admin and owner on one fixture, each answer against the class the table
 * (authorization-table.ts) expects. An entry without a row fails the first test.
 */
let server: TestServer
let fx: Fixtures

beforeAll(async () => {
  server = await startTestServer({ rateLimits: liftedRateLimits() })
  fx = await buildFixtures(server)
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

const entries = Object.entries(endpoints as Record<string, EndpointDef>)

async function send(e: EndpointDef, input: Input, token: string | undefined) {
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''))
  const query = input.query ? `?${new URLSearchParams(input.query)}` : ''
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  if (input.cookie) headers.cookie = input.cookie
  let body: BodyInit | undefined
  if (input.form) body = input.form
  else if (input.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(input.body)
  }
  const res = await fetch(`${server.url}/api/${path}${query}`, { method: e.method, headers, body })
  const text = await res.text()
  return { status: res.status, text }
}

const classOf = (status: number): Expected | number => (status >= 200 && status < 300 ? '2xx' : status)

describe('authorization matrix (endpoints x anonymous, stranger, member, admin, owner)', () => {
  it('has a row for every endpoint and none for an endpoint that is gone', () => {
    expect(Object.keys(AUTHORIZATION).sort()).toEqual(entries.map(([name]) => name).sort())
    console.log(`authorization matrix: ${entries.length} endpoints x ${ROLES.length} roles = ${entries.length * ROLES.length} cells`)
  })

  for (const [name, e] of entries) {
    it(`${e.method} ${e.path} (${name}): ${AUTHORIZATION[name]?.rule ?? 'no row'}`, async () => {
      const row = AUTHORIZATION[name]
      expect(row, `no row for ${name} in authorization-table.ts`).toBeDefined()
      const got: Partial<Record<Role, Expected | number>> = {}
      const refusals: string[] = []
      for (const role of ROLES) {
        const who = role === 'anonymous' ? undefined : fx.people[role]
        const input = await row!.input(fx, who, role)
        const answer = await send(e, input, who && (input.token ?? who.access_token))
        got[role] = classOf(answer.status)
        if (answer.status >= 400 && !errorBody.safeParse(JSON.parse(answer.text)).success)
          refusals.push(`${role}: ${answer.text.slice(0, 200)}`)
        if (got[role] !== row!.expect[role]) refusals.push(`${role}: ${answer.status} ${answer.text.slice(0, 200)}`)
      }
      expect({ [name]: got }, refusals.join('\n')).toEqual({ [name]: row!.expect })
    })
  }
})
