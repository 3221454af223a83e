import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { type EndpointDef, endpoints, FIELD_MESSAGES, SERVER_MESSAGES } from '../../contract'
import { users } from '../../server/db/schema'
import { call, register, startTestServer, storedState, type TestServer, uniqueEmail } from './harness'
import { verifiedPerson } from './verified-fixtures'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterAll(async () => {
  await server?.stop()
})

const accountsWith = async (email: string) => (await server.ctx.db.select().from(users).where(eq(users.email, email))).length

const good = () => ({ name: 'Valid Name', email: uniqueEmail('bad'), password: 'secret-123' })

describe('register with bad input: 400 with errors.<field>, never 500, never an account', () => {
  const cases: [string, (b: Record<string, unknown>) => unknown, string, string][] = [
    ['missing name', ({ name: _, ...b }) => b, 'name', 'Field name is required'],
    ['missing email', ({ email: _, ...b }) => b, 'email', 'Field email is required'],
    ['missing password', ({ password: _, ...b }) => b, 'password', 'Field password is required'],
    ['empty name', (b) => ({ ...b, name: '   ' }), 'name', 'Field name is required'],
    ['name of 76 characters', (b) => ({ ...b, name: 'n'.repeat(76) }), 'name', 'Must be at most 75 characters'],
    ['email of 255 characters', (b) => ({ ...b, email: `${'e'.repeat(243)}@example.com` }), 'email', 'Must be at most 254 characters'],
    ['invalid email', (b) => ({ ...b, email: 'not-an-email' }), 'email', FIELD_MESSAGES.email.en],
    ['password of 129 characters', (b) => ({ ...b, password: 'p'.repeat(129) }), 'password', 'Must be at most 128 characters'],
    ['password of 7 characters', (b) => ({ ...b, password: 'p'.repeat(7) }), 'password', 'Must be at least 8 characters'],
    ['number as password', (b) => ({ ...b, password: 12345678 }), 'password', FIELD_MESSAGES.invalid.en],
    ['object as name', (b) => ({ ...b, name: { first: 'x' } }), 'name', FIELD_MESSAGES.invalid.en],
    ['null email', (b) => ({ ...b, email: null }), 'email', 'Field email is required'],
    ['unknown extra field', (b) => ({ ...b, is_admin: true }), 'is_admin', FIELD_MESSAGES.unknownField.en],
  ]

  for (const [label, mutate, field, message] of cases) {
    it(label, async () => {
      const body = good()
      const res = await call(base, 'POST', '/api/auth/register', { body: mutate(body) })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(SERVER_MESSAGES.invalidInput.en)
      expect(res.body.errors[field]).toContain(message)
      expect(await accountsWith(body.email)).toBe(0)
    })
  }

  it('name of exactly 75, email of exactly 254 and password of exactly 128 characters are fine', async () => {
    const email = `${'e'.repeat(242)}@example.com`.replace(/^e{12}/, crypto.randomUUID().replace(/-/g, '').slice(0, 12))
    expect(email.length).toBe(254)
    const res = await call(base, 'POST', '/api/auth/register', { body: { name: 'n'.repeat(75), email, password: 'p'.repeat(128) } })
    expect(res.status).toBe(200)
  })

  it('malformed JSON', async () => {
    const res = await call(base, 'POST', '/api/auth/register', { raw: '{"name": "x", "email": ' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: SERVER_MESSAGES.malformedJson.en })
  })

  it('a JSON array or a string instead of an object', async () => {
    for (const raw of ['[]', '"text"', '42']) {
      const res = await call(base, 'POST', '/api/auth/register', { raw })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(SERVER_MESSAGES.invalidInput.en)
    }
  })

  it('no body at all reports every required field', async () => {
    const res = await call(base, 'POST', '/api/auth/register')
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'name', 'password'])
  })

  it('prototype pollution attempt', async () => {
    const res = await call(base, 'POST', '/api/auth/register', {
      raw: '{"__proto__": {"x": 1}, "name": "a", "email": "a@b.co", "password": "secret-123"}',
    })
    expect(res.status).toBe(400)
  })

  it('a form-encoded body is refused as a client error', async () => {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=a&email=a%40b.co&password=secret-123',
    })
    expect(res.status).toBe(415)
    expect((await res.json()).message).toBe(SERVER_MESSAGES.invalidInput.en)
  })

  it('a body over 1 MB is 413, not 500', async () => {
    const res = await call(base, 'POST', '/api/auth/register', {
      body: { name: 'x'.repeat(1_100_000), email: uniqueEmail(), password: 'secret-123' },
    })
    expect(res.status).toBe(413)
    expect(typeof res.body.message).toBe('string')
  })

  it('field messages follow Accept-Language', async () => {
    const res = await call(base, 'POST', '/api/auth/register', { body: { email: 'x' }, headers: { 'accept-language': 'vi' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(SERVER_MESSAGES.invalidInput.vi)
    // The Vietnamese sentence names the field in Vietnamese, never by its English key.
    expect(res.body.errors.name).toEqual(['Vui lòng nhập tên'])
    expect(res.body.errors.email).toEqual([FIELD_MESSAGES.email.vi])
    const fallback = await call(base, 'POST', '/api/auth/register', { body: {}, headers: { 'accept-language': 'fr-FR,de;q=0.8' } })
    expect(fallback.body.message).toBe(SERVER_MESSAGES.invalidInput.en)
  })

  it('a duplicate email creates nothing new (and answers like a new sign-up: no enumeration)', async () => {
    const acc = await register(base)
    const res = await call(base, 'POST', '/api/auth/register', { body: { name: 'Dup', email: acc.email, password: 'secret-123' } })
    expect(res.status).toBe(200)
    expect(await accountsWith(acc.email)).toBe(1)
  })

  it('a failure late in registration (the email write) leaves no account behind', async () => {
    const email = uniqueEmail('atomic')
    const { mailer } = server.ctx
    const store = mailer.store
    mailer.store = async () => {
      throw new Error('disk full (simulated)')
    }
    try {
      const res = await call(base, 'POST', '/api/auth/register', { body: { name: 'Atomic', email, password: 'secret-123' } })
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ message: SERVER_MESSAGES.serverError.en })
    } finally {
      mailer.store = store
    }
    expect(await accountsWith(email)).toBe(0)
    // And the same email can then sign up normally.
    expect((await call(base, 'POST', '/api/auth/register', { body: { name: 'Atomic', email, password: 'secret-123' } })).status).toBe(200)
  })

  it('racing registrations of one email make exactly one account', async () => {
    const email = uniqueEmail('race')
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(base, 'POST', '/api/auth/register', { body: { name: 'Racer', email, password: 'secret-123' } })),
    )
    // Every racer gets the same answer; one account exists.
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect(await accountsWith(email)).toBe(1)
  })
})

describe('other auth bodies', () => {
  it('login: missing password, wrong types, extra fields', async () => {
    const a = await call(base, 'POST', '/api/auth/login', { body: { email: uniqueEmail() } })
    expect(a.status).toBe(400)
    expect(a.body.errors.password).toBeDefined()
    const b = await call(base, 'POST', '/api/auth/login', { body: { email: 5, password: true } })
    expect(b.status).toBe(400)
    expect(Object.keys(b.body.errors).sort()).toEqual(['email', 'password'])
    const c = await call(base, 'POST', '/api/auth/login', { body: { email: uniqueEmail(), password: 'x', remember: 1 } })
    expect(c.body.errors.remember).toBeDefined()
    const d = await call(base, 'POST', '/api/auth/login', { body: { email: uniqueEmail(), password: 'p'.repeat(129) } })
    expect(d.body.errors.password).toEqual(['Must be at most 128 characters'])
  })

  it('verify-email: a code that is not 6 digits is a field error', async () => {
    const res = await call(base, 'POST', '/api/auth/verify-email', { body: { email: uniqueEmail(), code: '12ab' } })
    expect(res.status).toBe(400)
    expect(res.body.errors.code).toBeDefined()
  })

  it('refresh-token: a token in the body is refused (it belongs in the cookie); no cookie is 401', async () => {
    expect((await call(base, 'POST', '/api/auth/refresh-token', { body: { refresh_token: 'x'.repeat(600) } })).status).toBe(400)
    expect((await call(base, 'POST', '/api/auth/refresh-token', { body: {} })).status).toBe(401)
  })

  it('unknown API paths are a JSON 404', async () => {
    const res = await call(base, 'GET', '/api/does-not-exist', { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: SERVER_MESSAGES.notFound.en })
    const post = await call(base, 'POST', '/api/auth/nothing', { body: {} })
    expect(post.status).toBe(404)
  })

  it('wrong method on a known path is a 404, not a 500', async () => {
    const res = await call(base, 'DELETE', '/api/auth/login')
    expect(res.status).toBe(404)
  })
})

/** The field names of an object schema (a union: of each option), for making junk of every field. */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape)
  if (schema instanceof z.ZodUnion) return [...new Set(schema.options.flatMap((o) => fieldsOf(o as z.ZodType)))]
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType)
  return []
}

/** Junk for an input whose fields are `fields`: nothing, wrong types, huge strings, an unknown field. */
function junkOf(fields: string[], huge: number): [string, Record<string, unknown>][] {
  const each = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]))
  return [
    ['nothing', {}],
    ['nested arrays in every field', each([[]])],
    ['objects in every field', each({ $gt: '' })],
    ['huge strings in every field', each('x'.repeat(huge))],
    ['numbers in every field', each(-1.5)],
  ]
}

describe('every entry of the endpoint table with junk input: 400 with field messages, never 5xx', () => {
  let token = ''
  beforeAll(async () => {
    token = (await register(base)).access_token
  })
  const entries = Object.entries(endpoints as Record<string, EndpointDef>)
  const tokenFor = (e: EndpointDef) => (e.auth === 'public' ? undefined : token)

  for (const [name, e] of entries.filter(([, e]) => e.body)) {
    for (const [label, body] of [...junkOf(fieldsOf(e.body!), 50_000), ['an unknown huge field', { junk: 'x'.repeat(100_000) }] as const]) {
      // Junk the contract itself accepts (an optional-only body left empty) is not junk.
      if (e.body!.safeParse(body).success) continue
      it(`${e.method} ${e.path} (${name}): ${label}`, async () => {
        const res = await call(base, e.method, `/api/${e.path}`, { body, token: tokenFor(e) })
        expect(res.status).toBe(400)
        expect(res.body.message).toBe(SERVER_MESSAGES.invalidInput.en)
        expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0)
      })
    }
  }

  for (const [name, e] of entries.filter(([, e]) => e.query)) {
    for (const [label, query] of junkOf(fieldsOf(e.query!), 2_000)) {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
      if (e.query!.safeParse(Object.fromEntries(search)).success) continue
      it(`${e.method} ${e.path}?… (${name}): ${label}`, async () => {
        const res = await call(base, e.method, `/api/${e.path}?${search}`, { token: tokenFor(e) })
        expect(res.status).toBe(400)
        expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0)
      })
    }
  }

  for (const [name, e] of entries.filter(([, e]) => e.params)) {
    // Past the router's parameter limit no route matches: 414, or 404 when the built app's file route is there.
    it(`${e.method} ${e.path} (${name}): a huge path parameter is a client error`, async () => {
      const res = await call(base, e.method, `/api/${e.path.replace(/:(\w+)/g, 'x'.repeat(2_000))}`, { token: tokenFor(e) })
      expect([404, 414]).toContain(res.status)
      expect(typeof res.body.message).toBe('string')
    })
  }

  for (const [name, e] of entries.filter(([, e]) => e.multipart)) {
    it(`${e.method} ${e.path} (${name}): JSON instead of a form with a file`, async () => {
      const res = await call(base, e.method, `/api/${e.path}`, { body: { file: 'x'.repeat(50_000) }, token: tokenFor(e) })
      expect(res.status).toBe(400)
      expect(res.body.errors.file).toBeDefined()
    })
  }
})

describe('text the database cannot store: 400 with a field message, not a 500 and not a row altered', () => {
  let token = ''
  beforeAll(async () => {
    token = (await register(base)).access_token
  })
  const invalid = (field: string) => ({ message: SERVER_MESSAGES.invalidInput.en, errors: { [field]: [FIELD_MESSAGES.invalid.en] } })

  it('NUL in a JSON field, a query parameter and a path parameter', async () => {
    const profile = await call(base, 'PUT', '/api/customer/update-profile', { token, body: { name: 'a\u0000b' } })
    expect([profile.status, profile.body]).toEqual([400, invalid('name')])
    const query = await call(base, 'GET', '/api/topic/info?topic_id=%00', { token })
    expect([query.status, query.body]).toEqual([400, invalid('topic_id')])
    const path = await call(base, 'GET', '/api/media/public/x%00y')
    expect([path.status, path.body]).toEqual([400, invalid('key')])
    const signUp = await call(base, 'POST', '/api/auth/register', {
      body: { name: 'Nul\u0000', email: uniqueEmail('nul'), password: 'Lantern-Orbit-7391' },
    })
    expect([signUp.status, signUp.body]).toEqual([400, invalid('name')])
  })

  it('a lone surrogate is refused, not stored as U+FFFD', async () => {
    const before = (await call(base, 'GET', '/api/customer/user-info', { token })).body.result.name
    const res = await call(base, 'PUT', '/api/customer/update-profile', { token, body: { name: 'half \uD83D emoji' } })
    expect([res.status, res.body]).toEqual([400, invalid('name')])
    expect((await call(base, 'GET', '/api/customer/user-info', { token })).body.result.name).toBe(before)
    // A whole pair is text like any other.
    expect(
      (await call(base, 'PUT', '/api/customer/update-profile', { token, body: { name: 'whole \uD83D\uDE00 emoji' } })).body.result.name,
    ).toBe('whole 😀 emoji')
  })

  it('unknown fields named like members of Object.prototype (constructor, toString) get their field message like any other', async () => {
    for (const field of ['constructor', 'toString', 'hasOwnProperty']) {
      const res = await call(base, 'POST', '/api/auth/login', { raw: JSON.stringify({ email: uniqueEmail(), password: 'x', [field]: {} }) })
      expect([field, res.status, res.body]).toEqual([
        field,
        400,
        { message: SERVER_MESSAGES.invalidInput.en, errors: { [field]: [FIELD_MESSAGES.unknownField.en] } },
      ])
    }
  })
})

describe('uploads with text the database cannot store: 400, and no file or row kept', () => {
  it('NUL in the file name or in the topic id of an upload to a topic of ones own', async () => {
    const owner = await verifiedPerson(server, 'Uploader')
    const channelId = (await owner.api('POST', 'channel/create', { name: 'Files', is_public: true })).body.result._id
    const topicId = (await owner.api('GET', `topic-in-channel?channel_id=${channelId}`)).body.result[0]._id
    const before = await storedState(server)
    for (const [field, topic, name] of [
      ['file', topicId, 'notes\u0000.txt'],
      ['topic_id', `${topicId}\u0000`, 'notes.txt'],
    ]) {
      const form = new FormData()
      form.set('topic_id', topic!)
      form.set('file', new Blob([new TextEncoder().encode('plain text')]), name)
      const res = await call(base, 'POST', '/api/media/upload', { raw: form, token: owner.access_token })
      expect([field, res.status, res.body]).toEqual([
        field,
        400,
        { message: SERVER_MESSAGES.invalidInput.en, errors: { [field!]: [SERVER_MESSAGES.invalidInput.en] } },
      ])
    }
    expect(await storedState(server)).toEqual(before)
  })
})

describe('an upload whose file has no name', () => {
  it('is kept under a name of its own (was a 500 after the file had been moved into place)', async () => {
    const owner = await verifiedPerson(server, 'Nameless')
    const channelId = (await owner.api('POST', 'channel/create', { name: 'Nameless', is_public: true })).body.result._id
    const topicId = (await owner.api('GET', `topic-in-channel?channel_id=${channelId}`)).body.result[0]._id
    for (const url of ['/api/media/upload', '/api/media/uploads']) {
      const form = new FormData()
      form.set('topic_id', topicId)
      form.set('file', new Blob([new TextEncoder().encode('plain text')]), '')
      const res = await call(base, 'POST', url, { raw: form, token: owner.access_token })
      expect([url, res.status]).toEqual([url, 200])
      const item = Array.isArray(res.body.result) ? res.body.result[0] : res.body.result
      expect(item.name.length).toBeGreaterThan(0)
      expect((await fetch(base + item.url)).status).toBe(200)
    }
  })
})
