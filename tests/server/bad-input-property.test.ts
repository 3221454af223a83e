import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EndpointDef, endpoints, errorBody } from '../../contract'
import { type BadInput, badInputsOf } from './bad-input-arbitraries'
import { buildWorld, type IdKind, WORLD_JWT_SECRET, type World } from './bad-input-world'
import { call, FIXTURE_PASSWORD, liftedRateLimits, startTestServer, storedState, type TestServer } from './harness'

/**
 * Property: every entry of contract/endpoints.ts, sent generated bad input (wrong types, huge
 * strings, unicode edge cases, missing and unknown fields, made-up, malformed, wrong-kind and other
 * people's ids, broken bodies and forms, credentials that must not work), answers a 4xx with a
 * message (contract errorBody), never a 5xx, and stores nothing: every table's rows and the stored
 * files are the same after an entry's inputs as before. Inputs go in concurrent batches; the counts
 * per entry are printed at the end.
 */

/**
 * Concurrent requests per batch, and batches per entry: RUNS x BATCH inputs per entry. A longer hunt:
 * BAD_INPUT_RUNS=40; a failure prints its seed, and BAD_INPUT_SEED=<seed> replays it.
 */
const BATCH = 9
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 12)
const SEED = process.env.BAD_INPUT_SEED === undefined ? undefined : Number(process.env.BAD_INPUT_SEED)

/**
 * Entries that answer about other people's things of a kind by design, so such ids are no bad input
 * there: a channel's card is public by id, private channels included (/c/<id>; the security review's
 * authorization map, channel/info); so are a booking page, its free times and its requests (/booking/<id>).
 */
const VISIBLE_BY_DESIGN: Partial<Record<keyof typeof endpoints, IdKind[]>> = {
  channelInfo: ['channel'],
  bookingPublic: ['bookingPage'],
  bookingSlots: ['bookingPage'],
  bookingRequest: ['bookingPage'],
}

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer({ rateLimits: liftedRateLimits(), jwtSecret: WORLD_JWT_SECRET })
  world = await buildWorld(server)
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

/** Percent-encodes text, lone surrogates as the three bytes a careless encoder would send. */
function percent(text: string): string {
  let out = ''
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    out +=
      cp >= 0xd800 && cp <= 0xdfff
        ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(ch)
  }
  return out
}

interface Answer {
  status: number
  body: unknown
}

async function send(e: EndpointDef, input: BadInput): Promise<Answer> {
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => percent(input.params?.[name] ?? ''))
  const query = Object.entries(input.query ?? {})
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => `${percent(k)}=${percent(one)}`))
    .join('&')
  const headers: Record<string, string> = { ...input.headers }
  if (input.authorization !== undefined) headers.authorization = input.authorization
  let body: BodyInit | undefined
  if (input.body && 'json' in input.body) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(input.body.json)
  } else if (input.body && 'raw' in input.body) {
    headers['content-type'] = input.body.contentType
    body = typeof input.body.raw === 'string' ? input.body.raw : new Uint8Array(input.body.raw)
  } else if (input.body && 'form' in input.body) {
    const form = new FormData()
    for (const part of input.body.form) {
      if (part.file) form.append(part.field, new Blob([new Uint8Array(part.file.bytes)], { type: part.file.type }), part.file.name)
      else form.append(part.field, part.value ?? '')
    }
    body = form
  }
  const res = await fetch(`${server.url}/api/${path}${query ? `?${query}` : ''}`, { method: e.method, headers, body })
  const text = await res.text()
  try {
    return { status: res.status, body: JSON.parse(text) }
  } catch {
    return { status: res.status, body: text }
  }
}

/** Why an answer breaks the property, or null. */
function problemWith(input: BadInput, answer: Answer): string | null {
  if (answer.status >= 500) return `a ${answer.status}`
  if (answer.status === 429) return 'a 429: the input never reached its checks (lift that limit in the test server)'
  if (input.expect === 'ignored') return answer.status === 200 ? null : `${answer.status} for input the entry does not read`
  if (answer.status < 400) return `${answer.status}: not refused`
  if (input.status && !input.status.includes(answer.status)) return `${answer.status}, expected ${input.status.join(' or ')}`
  const shaped = errorBody.safeParse(answer.body)
  if (!shaped.success || !shaped.data.message.trim()) return 'no error body with a message'
  if (input.defect.startsWith('schema') && answer.status === 400 && !Object.keys(shaped.data.errors ?? {}).length)
    return 'a 400 without field messages'
  return null
}

const short = (value: unknown) => {
  const text = JSON.stringify(value, (_, v: unknown) =>
    v instanceof Uint8Array ? `<${v.length} bytes>` : typeof v === 'string' && v.length > 120 ? `${v.slice(0, 60)}…(${v.length})` : v,
  )
  return text && text.length > 600 ? `${text.slice(0, 600)}…` : text
}

interface Tally {
  inputs: number
  serverErrors: number
  statuses: Record<number, number>
  defects: string[]
}
const tallies = new Map<string, Tally>()
const entries = Object.entries(endpoints as Record<string, EndpointDef>)

describe('every endpoint refuses generated bad input with a 4xx and a message, never a 5xx, and stores nothing', () => {
  let caller: World['caller']
  /** The caller's session, anew when a call that wrongly got through (a logout) ended it: that spoils no other entry. */
  async function liveCaller() {
    if (caller && (await call(server.url, 'GET', '/api/customer/user-info', { token: caller.access_token })).status === 200) return caller
    const session = await call(server.url, 'POST', '/api/auth/login', { body: { email: world.caller.email, password: FIXTURE_PASSWORD } })
    expect(session.status).toBe(200)
    return (caller = { ...world.caller, ...session.body.result })
  }

  for (const [name, e] of entries) {
    it(`${e.method} ${e.path} (${name})`, async () => {
      const plan = badInputsOf(e, { ...world, caller: await liveCaller() }, VISIBLE_BY_DESIGN[name as keyof typeof endpoints])
      const tally: Tally = { inputs: 0, serverErrors: 0, statuses: {}, defects: plan.defects }
      tallies.set(name, tally)
      const before = await storedState(server)
      await fc.assert(
        fc.asyncProperty(fc.array(plan.inputs, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
          // Uploads one after another: a cap on one user's concurrent uploads is no answer to bad input.
          const answers: Answer[] = []
          if (e.multipart) for (const input of batch) answers.push(await send(e, input))
          else answers.push(...(await Promise.all(batch.map((input) => send(e, input)))))
          const problems: string[] = []
          batch.forEach((input, i) => {
            const answer = answers[i]!
            tally.inputs++
            tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1
            if (answer.status >= 500) tally.serverErrors++
            const problem = problemWith(input, answer)
            if (problem) problems.push(`${problem} for ${input.defect}: ${short(input)} -> ${short(answer.body)}`)
          })
          expect(problems).toEqual([])
        }),
        { numRuns: RUNS, seed: SEED },
      )
      expect(tally.inputs).toBeGreaterThanOrEqual(100)
      // Refused calls leave no trace: every table's rows and every stored file are as they were.
      expect(await storedState(server)).toEqual(before)
    }, 120_000)
  }

  it('every entry of the table was tried', () => {
    expect([...tallies.keys()].sort()).toEqual(entries.map(([name]) => name).sort())
    const rows = entries.map(([name, e]) => {
      const t = tallies.get(name)!
      const statuses = Object.entries(t.statuses)
        .map(([s, n]) => `${s}x${n}`)
        .join(' ')
      return `${`${e.method} ${e.path}`.padEnd(36)} ${String(t.inputs).padStart(5)} ${String(t.serverErrors).padStart(4)}  ${statuses}  [${t.defects.join(', ')}]`
    })
    const total = [...tallies.values()].reduce((n, t) => n + t.inputs, 0)
    const errors = [...tallies.values()].reduce((n, t) => n + t.serverErrors, 0)
    console.log(
      `bad inputs per endpoint (inputs, 5xx, statuses, defects):\n${rows.join('\n')}\n${entries.length} endpoints, ${total} inputs, ${errors} 5xx`,
    )
  })
})
