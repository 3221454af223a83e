import fc from 'fast-check'
import { z } from 'zod'
import type { EndpointDef } from '../../contract'
import { ID_KINDS, type IdKind, type World } from './bad-input-world'

/**
 * Generators of bad input for one entry of contract/endpoints.ts, read off its schemas, so an entry
 * added to the table gets its share without a change here. Each input carries one defect that the
 * server must refuse with a 4xx, and noise (unicode edge cases, foreign ids, odd headers) besides.
 */

/** The JSON Schema of a contract schema (as the request arrives: defaults optional). */
interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  minimum?: number
  maximum?: number
  items?: JsonSchema
  minItems?: number
  maxItems?: number
}
const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema

/**
 * Fields that name something stored, by the field's name. A new `*_id(s)` field is a reference of
 * an unknown kind (only made-up and wrong-kind ids are sent to it). `client_id` is the client's own key.
 */
const REFERENCE_KINDS: Record<string, IdKind> = {
  channel_id: 'channel',
  topic_id: 'topic',
  topic_ids: 'topic',
  message_id: 'message',
  reply_to: 'message',
  root_id: 'message',
  thread_root_id: 'message',
  media_id: 'media',
  media_ids: 'media',
  file_id: 'media',
  banner: 'media',
  label_id: 'label',
  notify_id: 'notify',
  poll_id: 'poll',
  emoji_id: 'emoji',
  todo_id: 'todo',
  scheduled_id: 'scheduled',
  event_id: 'event',
  page_id: 'bookingPage',
  booking_id: 'booking',
  customer_id: 'user',
  customer_ids: 'user',
  user_ids: 'user',
  assignee_ids: 'user',
  mentions: 'user',
  workid: 'user',
  key: 'mediaKey',
  token: 'secret',
  refresh_token: 'secret',
}
const NOT_REFERENCES = new Set(['client_id'])
const referenceKind = (field: string): IdKind | 'unknown' | null =>
  REFERENCE_KINDS[field] ?? (/_ids?$/.test(field) && !NOT_REFERENCES.has(field) ? 'unknown' : null)

// ---------------------------------------------------------------------------------------------
// Text

/** Characters that break naive code: direction overrides, zero-width, combining, astral, markup, quoting. */
const ODD_UNITS = [
  '\u202E',
  '\u202D',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\uFEFF',
  '\u2060',
  '\u00AD',
  '\u0301',
  '\u0336',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u00A0',
  '\u3000',
  '\t',
  '\n',
  '\r',
  '\u001B',
  '\u007F',
  '😀',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '𝕏',
  '𠜎',
  'ﷺ',
  'ǅ',
  'ß',
  'İ',
  'ﬃ',
  'ש',
  'م',
  '中',
  'é',
  'e\u0301',
  '<',
  '>',
  '"',
  "'",
  '`',
  '&',
  '\\',
  '/',
  '%',
  '%00',
  '%ED%A0%80',
  '{',
  '}',
  '$',
  '*',
  '?',
  '#',
  ';',
  '--',
  '..',
  ' ',
]
/** Text PostgreSQL cannot store as given: NUL, and lone surrogates (not Unicode at all). */
const UNSTORABLE = ['\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b']
const ODD_STRINGS = [
  '',
  ' ',
  '   ',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '1e309',
  '0x10',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  "'; drop table users; --",
  '" or "1"="1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '${7*7}',
  '{{7*7}}',
  '%s%s%n',
  '\u202Egnp.exe',
  'שלום عالم',
  'Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍A̴̵̜̰͔ͫ͗͢L̠ͨͧͩ͘G̴̻͈͍͔̹̑͗̎̅͛́Ǫ̵̹̻̝̳͂̌̌͘',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
]

const oddText = (opts: { minLength?: number; maxLength?: number } = {}) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.string({
        unit: fc.oneof(fc.constantFrom(...ODD_UNITS), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
        ...opts,
      }),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', ...opts }) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  )

/** Well-formed text with odd characters in it (never NUL or a lone surrogate). */
const validText = (min = 0, max = 60) => oddText({ minLength: min, maxLength: Math.max(min, Math.min(max, 60)) })

/** Inserts one unstorable character into a string, between two of its code points. */
const withUnstorable = (text: fc.Arbitrary<string>, chars: readonly string[]) =>
  fc.tuple(text, fc.constantFrom(...chars), fc.nat()).map(([s, c, at]) => {
    const points = [...s]
    points.splice(at % (points.length + 1), 0, c)
    return points.join('')
  })

/** A string of `length` repeated units: too long for any field, yet under the 1 MB body limit. */
const longText = (min: number, max: number) =>
  fc
    .tuple(fc.integer({ min, max }), fc.constantFrom('x', 'é', '😀', '\u202E', ' ', '%', '\u0000', 'a\u0301'))
    .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)))

// ---------------------------------------------------------------------------------------------
// Ids

/** Ids for a reference of `kind` that the caller may not use: made up, malformed, of another kind, or someone else's. */
/** Kinds whose ids are also ids of another kind: a poll's id is its message's (not a wrong-kind message id). */
const SAME_IDS: Partial<Record<IdKind | 'unknown', IdKind[]>> = { message: ['poll'] }

function badId(kind: IdKind | 'unknown', world: World, foreignAllowed: boolean): fc.Arbitrary<string> {
  const wrongKind = ID_KINDS.filter((k) => k !== kind && !SAME_IDS[kind]?.includes(k)).flatMap((k) => world.own[k])
  const foreign = foreignAllowed && kind !== 'unknown' ? (world.foreign[kind] ?? []) : []
  return fc.oneof(
    fc.uuid(),
    oddText({ minLength: 1, maxLength: 64 }).filter((s) => s.length > 0 && s.length <= 64),
    fc.constantFrom(...wrongKind),
    ...(foreign.length ? [fc.constantFrom(...foreign)] : []),
  )
}

/** Ids for a reference of `kind` that name something the caller could use, or anything at all. */
function anyId(kind: IdKind | 'unknown', world: World): fc.Arbitrary<string> {
  const own = kind === 'unknown' || kind === 'secret' ? [] : world.own[kind]
  return fc.oneof(...(own.length ? [fc.constantFrom(...own)] : []), badId(kind, world, true))
}

// ---------------------------------------------------------------------------------------------
// Values of a schema

type RefMode = 'any' | 'bad'
interface ValueOptions {
  world: World
  refs: RefMode
  /** Reference kinds whose foreign ids the entry shows anyone by design (not bad there). */
  visibleKinds: readonly IdKind[]
}

/** A value the schema takes (filtered by the caller where refinements matter), references per `refs`. */
function valueOf(s: JsonSchema, field: string, o: ValueOptions): fc.Arbitrary<unknown> {
  const kind = referenceKind(field)
  // A bad reference names something: never null (a nullable one, null, may name nothing on purpose: a personal to-do's topic).
  const badRef = kind !== null && o.refs === 'bad'
  if (s.anyOf)
    return fc.oneof(...s.anyOf.filter((option) => !(badRef && option.type === 'null')).map((option) => valueOf(option, field, o)))
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  switch (s.type) {
    case 'string': {
      if (kind) return o.refs === 'bad' ? badId(kind, o.world, !o.visibleKinds.includes(kind as IdKind)) : anyId(kind, o.world)
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern))
      if (field === 'email') return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254))
      return validText(s.minLength ?? 0, s.maxLength ?? 60)
    }
    case 'integer':
    case 'number':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1_000_000), max: Math.min(s.maximum ?? 1000, 1_000_000) })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(valueOf(s.items ?? {}, field, o), {
        // A list of bad references holds one at least (an empty one names nothing: no bad input).
        minLength: Math.max(s.minItems ?? 0, badRef ? 1 : 0),
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      })
    case 'object':
      return objectOf(s, o)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function objectOf(s: JsonSchema, o: ValueOptions, forceReferences = false): fc.Arbitrary<Record<string, unknown>> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((option) => objectOf(option, o, forceReferences)))
  const props = s.properties ?? {}
  const keys = Object.keys(props)
  const required = keys.filter((k) => s.required?.includes(k) || (forceReferences && referenceKind(k)))
  return fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(props[k]!, k, o)])), { requiredKeys: required }) as fc.Arbitrary<
    Record<string, unknown>
  >
}

/** Query strings and path parameters carry text: numbers as digits, arrays of two or more as repeated keys. */
function asText(value: Record<string, unknown>): Record<string, string | string[]> {
  const text = (v: unknown): string =>
    typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, Array.isArray(v) && v.length > 1 ? v.map(text) : text(Array.isArray(v) ? v[0] : v)]),
  )
}

// ---------------------------------------------------------------------------------------------
// Requests

export type Part = 'body' | 'query' | 'params'
export type FormPart = { field: string; file?: { bytes: Uint8Array; name: string; type: string }; value?: string }
export type Body = { json: unknown } | { raw: string | Uint8Array; contentType: string } | { form: FormPart[] }

/** What the server must do with an input: refuse it (4xx, `status` when the defect fixes it), or ignore it (an entry that reads no input). */
export interface BadInput {
  defect: string
  expect: 'refused' | 'ignored'
  status?: readonly number[]
  /** The Authorization header; undefined: none. */
  authorization?: string
  query?: Record<string, string | string[]>
  params?: Record<string, string>
  body?: Body
  headers: Record<string, string>
}

/** How a part arrives at the server: what its validator is given (a body as JSON makes it: NaN is null, undefined is gone). */
function asReceived(part: Part, value: unknown) {
  if (part !== 'body') return value
  const json = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown)
  return json === null || json === undefined ? {} : json
}
/** Whether the contract takes this value for the part (the server validates with the same schema). */
const accepts = (e: EndpointDef, part: Part, value: unknown) => e[part]!.safeParse(asReceived(part, value)).success

/** Noise on every request: odd languages and forwarded-for headers (Latin-1: what a header can carry). */
const latin1 = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 40,
})
const noiseHeaders = fc.record(
  {
    'accept-language': fc.oneof(fc.constantFrom('vi', 'en', 'fr-FR,de;q=0.8', '*', 'vi;q=abc', ''), latin1),
    'x-forwarded-for': fc.oneof(fc.ipV4(), latin1),
  },
  { requiredKeys: [] },
)

/** Junk query keys an entry does not read (stripped, not refused: noise, not a defect). */
const junkQuery = fc.dictionary(
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'page', 'x[]', 'a.b', '$where'),
    latin1.filter((k) => k.length > 0),
  ),
  fc.oneof(latin1, fc.array(latin1, { maxLength: 3 })),
  { maxKeys: 3 },
)

const WRONG_TYPES = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constantFrom({ $gt: '' }, { constructor: { prototype: { admin: true } } }, [[[]]], ''),
)

/** A defect that makes the part's value one the contract refuses (checked against the schema). */
function schemaDefect(e: EndpointDef, part: Part, s: JsonSchema, o: ValueOptions): fc.Arbitrary<{ label: string; value: unknown }> {
  const props: Record<string, JsonSchema> = s.properties ?? Object.assign({}, ...(s.anyOf ?? []).map((a: JsonSchema) => a.properties ?? {}))
  const keys = Object.keys(props)
  const required = s.required ?? []
  const base = objectOf(s, o)
  const tooLong = (k: string) => {
    const p = props[k]!.anyOf?.find((a) => a.type === 'string') ?? props[k]!
    const max = p.maxLength ?? (p.type === 'array' ? undefined : 64)
    if (p.type === 'array')
      return fc.array(valueOf(p.items ?? {}, k, o), { minLength: (p.maxItems ?? 500) + 1, maxLength: (p.maxItems ?? 500) + 3 })
    return longText(max! + 1, part === 'body' ? Math.max(max! + 1, 100_000) : max! + 400)
  }
  const mutations: fc.Arbitrary<{ label: string; value: unknown }>[] = [
    fc
      .tuple(base, WRONG_TYPES, fc.constantFrom(...(keys.length ? keys : ['value'])))
      .map(([v, junk, k]) => ({ label: `wrong type in ${k}`, value: { ...v, [k]: junk } })),
    fc
      .tuple(
        base,
        fc.dictionary(
          oddText({ minLength: 1, maxLength: 12 }).filter((k) => !keys.includes(k) && k !== '__proto__'),
          fc.jsonValue({ maxDepth: 1 }),
          { minKeys: 1, maxKeys: 3 },
        ),
      )
      .map(([v, extra]) => ({ label: 'unknown fields', value: { ...v, ...extra } })),
  ]
  if (required.length)
    mutations.push(
      fc.tuple(base, fc.subarray(required, { minLength: 1 })).map(([v, drop]) => ({
        label: `missing ${drop.join(', ')}`,
        value: Object.fromEntries(Object.entries(v).filter(([k]) => !drop.includes(k))),
      })),
    )
  const sized = keys.filter(
    (k) =>
      props[k]!.maxLength !== undefined ||
      props[k]!.maxItems !== undefined ||
      props[k]!.anyOf?.some((a) => a.maxLength !== undefined) ||
      referenceKind(k),
  )
  if (sized.length)
    mutations.push(
      fc
        .constantFrom(...sized)
        .chain((k) => fc.tuple(base, tooLong(k)).map(([v, long]) => ({ label: `too long ${k}`, value: { ...v, [k]: long } }))),
    )
  const ranged = keys.filter((k) => props[k]!.type === 'integer' || props[k]!.type === 'number')
  if (ranged.length)
    mutations.push(
      fc
        .tuple(
          base,
          fc.constantFrom(...ranged),
          fc.oneof(fc.constantFrom(-1, 0, 1e15, 1.5, -0.5, Number.MAX_SAFE_INTEGER + 2), fc.integer({ min: 100_001 })),
        )
        .map(([v, k, n]) => ({ label: `out of range ${k}`, value: { ...v, [k]: n } })),
    )
  if (part === 'body')
    mutations.push(
      fc
        .oneof(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), fc.string(), fc.integer(), fc.boolean())
        .map((value) => ({ label: 'not an object', value })),
    )
  if (part !== 'body')
    mutations.push(
      fc
        .tuple(base, fc.constantFrom(...(keys.length ? keys : ['value'])), fc.array(validText(0, 8), { minLength: 2, maxLength: 3 }))
        .map(([v, k, many]) => ({ label: `repeated ${k}`, value: { ...asText(v), [k]: many } })),
    )
  // (A `__proto__` key makes the whole body malformed JSON: the body defects send that.)
  return fc
    .oneof(...mutations)
    .map(({ label, value }) => ({ label, value: part === 'body' ? value : asText(value as Record<string, unknown>) }))
    .filter(({ value }) => !accepts(e, part, value) && !JSON.stringify(value ?? null).includes('"__proto__"'))
}

export interface EntryPlan {
  /** What can be wrong with this entry's input. */
  defects: string[]
  inputs: fc.Arbitrary<BadInput>
}

type Defected = Omit<BadInput, 'headers'>

/**
 * The bad inputs of one entry. `visibleKinds`: reference kinds whose other people's ids the entry
 * answers by design (a channel's card is public by id).
 */
export function badInputsOf(e: EndpointDef, world: World, visibleKinds: readonly IdKind[] = []): EntryPlan {
  const authorization = e.auth === 'signedIn' ? `Bearer ${world.caller.access_token}` : undefined
  const parts = (['body', 'query', 'params'] as const).filter((p) => e[p])
  const schemas = Object.fromEntries(parts.map((p) => [p, jsonSchemaOf(e[p]!)])) as Partial<Record<Part, JsonSchema>>
  const fieldsOf = (p: Part) =>
    ({ ...schemas[p]!.properties, ...Object.assign({}, ...(schemas[p]!.anyOf ?? []).map((a: JsonSchema) => a.properties)) }) as Record<
      string,
      JsonSchema
    >
  const options = (refs: RefMode): ValueOptions => ({ world, refs, visibleKinds })
  const shaped = (part: Part, value: Record<string, unknown>) => (part === 'body' ? value : asText(value))
  /** Every part valid (references: anything), `refs: 'bad'` parts with every reference unusable. */
  const partsWith = (bad: readonly Part[]) =>
    fc.record(
      Object.fromEntries(
        parts.map((p) => [p, objectOf(schemas[p]!, options(bad.includes(p) ? 'bad' : 'any'), bad.includes(p)).map((v) => shaped(p, v))]),
      ),
    ) as fc.Arbitrary<Partial<Record<Part, unknown>>>
  const request = (values: Partial<Record<Part, unknown>>): Pick<BadInput, 'body' | 'query' | 'params'> => ({
    ...(values.body !== undefined && { body: { json: values.body } }),
    ...(values.query !== undefined && { query: values.query as Record<string, string | string[]> }),
    ...(values.params !== undefined && { params: values.params as Record<string, string> }),
  })
  const refParts = parts.filter((p) => Object.keys(fieldsOf(p)).some((k) => referenceKind(k)))
  const plans: [string, fc.Arbitrary<Defected>][] = []

  // Signed-in entries: any input, with a credential that must not let the caller in: 401.
  if (e.auth === 'signedIn')
    plans.push([
      'auth',
      fc
        .tuple(partsWith([]), fc.oneof(fc.constant(undefined), fc.constantFrom(...world.badAuthorizations)))
        .map(([values, bad]) => ({ ...request(values), defect: 'auth', expect: 'refused', status: [401], authorization: bad })),
    ])

  // A part the contract refuses: 400 with field messages (413 past the body limit; 404/414 for a path the router does not match).
  for (const part of parts) {
    const status = part === 'body' ? [400, 413] : part === 'params' ? [400, 404, 414] : [400]
    plans.push([
      `schema:${part}`,
      fc.tuple(partsWith([]), schemaDefect(e, part, schemas[part]!, options('any'))).map(([values, { label, value }]) => ({
        ...request({ ...values, [part]: value }),
        defect: `schema:${part}: ${label}`,
        expect: 'refused',
        status,
        authorization,
      })),
    ])
  }

  // Valid shapes whose every reference names nothing the caller may use: made up, malformed, of another kind, someone else's.
  if (refParts.length)
    plans.push([
      'reference',
      partsWith(refParts).map((values) => ({ ...request(values), defect: 'reference', expect: 'refused', authorization })),
    ])

  // Text that cannot be stored: NUL, and lone surrogates (JSON only: a query or path cannot carry them): 400.
  // The text goes into a field of the shape (union branch) it is sent in, so the schema does not strip it.
  for (const part of parts) {
    const branches = (schemas[part]!.anyOf ?? [schemas[part]!]).map((branch) => ({
      branch,
      fields: Object.entries(branch.properties ?? {}).filter(
        ([, s]) => s.type === 'string' || s.anyOf?.some((a) => a.type === 'string') || s.items?.type === 'string',
      ),
    }))
    const usable = branches.filter((b) => b.fields.length)
    if (!usable.length) continue
    const chars = part === 'body' ? UNSTORABLE : ['\u0000']
    const defect = fc.constantFrom(...usable).chain(({ branch, fields }) =>
      fc
        .tuple(
          partsWith(refParts),
          objectOf(branch, options(refParts.includes(part) ? 'bad' : 'any'), true),
          fc.constantFrom(...fields),
          withUnstorable(validText(0, 20), chars),
        )
        .map(([values, value, [k, s], text]) => ({
          values: { ...values, [part]: shaped(part, { ...value, [k]: s.type === 'array' ? [text] : text }) },
          k,
        })),
    )
    plans.push([
      `unstorable:${part}`,
      defect.map(({ values, k }) => ({
        ...request(values),
        defect: `unstorable:${part}: ${k}`,
        expect: 'refused',
        status: [400],
        authorization,
      })),
    ])
  }

  // Bodies that are no JSON object: broken, mislabelled, not UTF-8, absurdly nested (valid JSON only where a schema reads the body).
  if (e.method !== 'GET') {
    const json = (label: string) => (raw: string | Uint8Array) => ({ raw, contentType: 'application/json', label })
    const strict = e.body && !accepts(e, 'body', {})
    const raw = fc.oneof(
      fc
        .constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', "{'a':1}", '{"a":1,}', '\u0000', '{"__proto__":{"admin":true}}')
        .map(json('broken JSON')),
      fc.integer({ min: 1_000, max: 100_000 }).map((depth) => json('deeply nested, unclosed')('['.repeat(depth) + ']'.repeat(depth - 1))),
      // (Fastify reads text/plain: a string, which only a body schema refuses.)
      fc
        .tuple(
          fc.constantFrom(...(e.body ? ['text/plain'] : []), 'application/x-www-form-urlencoded', 'application/xml', 'image/png'),
          fc.string(),
        )
        .map(([type, text]) => ({ raw: text || 'x', contentType: type, label: `${type} body` })),
      ...(e.body
        ? [
            fc.integer({ min: 1_000, max: 100_000 }).map((depth) => json('deeply nested')('['.repeat(depth) + ']'.repeat(depth))),
            fc
              .uint8Array({ minLength: 1, maxLength: 64 })
              .map((bytes) =>
                json('not UTF-8')(Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...bytes.map((b) => b | 0x80), 0x22, 0x7d])),
              ),
            fc.constant(json('constructor.prototype')('{"constructor":{"prototype":{"admin":true}}}')),
          ]
        : []),
      ...(strict
        ? [
            fc.string({ minLength: 1, maxLength: 50 }).map((text) => ({
              raw: `--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n${text}\r\n--x--\r\n`,
              contentType: 'multipart/form-data; boundary=x',
              label: 'a form',
            })),
          ]
        : []),
    )
    plans.push([
      'body',
      raw.map(({ raw: bytes, contentType, label }) => ({
        body: { raw: bytes, contentType },
        defect: `body: ${label}`,
        expect: 'refused',
        authorization,
      })),
    ])
  }

  // Uploads that cannot be kept: no file, no known type or no image, a topic the caller is not in, a bad acl.
  if (e.multipart) {
    const junkFile = fc.record({
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 256 }),
        oddText({ maxLength: 200 }).map((t) => new TextEncoder().encode(t)),
      ),
      name: fc.oneof(oddText({ maxLength: 40 }), withUnstorable(validText(0, 10), UNSTORABLE), longText(300, 2_000)),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', 'text/html', 'image/svg+xml'),
    })
    const form = fc
      .tuple(
        fc.array(junkFile, { maxLength: 12 }),
        fc.option(badId('topic', world, true), { nil: undefined }),
        fc.option(fc.oneof(fc.constantFrom('private', 'public'), oddText({ maxLength: 10 })), { nil: undefined }),
        fc.array(fc.tuple(oddText({ minLength: 1, maxLength: 10 }), oddText({ maxLength: 30 })), { maxLength: 3 }),
      )
      .map(([files, topic, acl, extra]): FormPart[] => [
        ...(topic !== undefined ? [{ field: 'topic_id', value: topic }] : []),
        ...(acl !== undefined ? [{ field: 'acl', value: acl }] : []),
        ...extra.map(([field, value]) => ({ field, value })),
        ...files.map((file) => ({ field: 'file', file })),
      ])
    plans.push(['form', form.map((formParts) => ({ body: { form: formParts }, defect: 'form', expect: 'refused', authorization }))])
    // A good file for the caller's own topic, but NUL in its name or in the topic id (a form cannot carry lone surrogates): 400.
    // (No path separators: the server keeps a file name's last segment only.)
    const nul = withUnstorable(
      validText(0, 12).map((text) => text.replace(/[/\\]/g, '')),
      ['\u0000'],
    )
    const unstorableForm = fc.tuple(fc.boolean(), nul, validText(1, 12)).map(([inName, text, name]): FormPart[] => [
      { field: 'topic_id', value: inName ? world.own.topic[0]! : text },
      { field: 'file', file: { bytes: new TextEncoder().encode('plain text'), name: inName ? text : name, type: 'text/plain' } },
    ])
    plans.push([
      'unstorable:form',
      unstorableForm.map((formParts) => ({
        body: { form: formParts },
        defect: 'unstorable:form',
        expect: 'refused',
        status: [400],
        authorization,
      })),
    ])
  }

  // An entry that reads no input and lets anyone in has nothing to refuse: junk is ignored.
  if (!plans.length) plans.push(['ignored', fc.constant({ defect: 'ignored', expect: 'ignored' })])

  // Noise on every input: headers, and query keys the entry does not read (stripped, not refused).
  const inputs = fc
    .tuple(fc.oneof(...plans.map(([, arb]) => arb)), noiseHeaders, e.query ? fc.constant({}) : junkQuery)
    .map(([input, headers, junk]): BadInput => ({
      ...input,
      headers,
      ...((input.query || Object.keys(junk).length) && { query: { ...junk, ...input.query } }),
    }))
  return { defects: plans.map(([name]) => name), inputs }
}
