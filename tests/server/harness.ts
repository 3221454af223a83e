import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { desc, eq, getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { type RunningServer, type ServerOptions, startServer } from '../../server/app'
import { hashPassword } from '../../server/auth/passwords'
import { DEFAULT_RATE_LIMITS } from '../../server/config'
import { type Executor, makePgliteTemplate } from '../../server/db/client'
import { copyFolder } from '../../server/db/pglite-template'
import * as schema from '../../server/db/schema'
import { outbox } from '../../server/db/schema'
import { toUser } from '../../server/modules/customer'
import { makeWorkid } from '../../server/modules/customer/workid'

/** Set both to run the suite against PostgreSQL + Redis. */
export const DATABASE_URL = process.env.DATABASE_URL || undefined
export const REDIS_URL = process.env.REDIS_URL || undefined
/**
 * The Redis channel of this process's test servers: they are the nodes of one deployment, and the
 * other workers' servers (on the same Redis) are not. Were they, a request to every node (the
 * focus check's fetchSockets) would wait for a server of another worker that is busy or closing.
 */
export const TEST_REDIS_CHANNEL = `workroom-test-${randomUUID()}`

/** Every rate-limit rule of the server (DEFAULT_RATE_LIMITS, so a rule added later is covered too) lifted to `max`. */
export const liftedRateLimits = (max = 1_000_000): NonNullable<ServerOptions['rateLimits']> =>
  Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((rule) => [rule, { max }]))

/** Lifted limits for tests that are not about rate limiting. */
export const RELAXED_LIMITS = liftedRateLimits(10_000)

/**
 * A migrated PGlite data dir (as `pglite/` in the folder returned), made once per migration set in
 * the temp folder and copied for each server (a fresh PGlite costs seconds, a copy well under one).
 */
export const pgliteTemplate = (): Promise<string> => makePgliteTemplate(os.tmpdir())

/** The servers this process started, by url: `register` reads their outbox to verify the account. */
const started = new Map<string, RunningServer>()

export interface TestServer extends RunningServer {
  dataDir: string
  /** Deletes the temp data dir too. */
  stop(): Promise<void>
}

/** The JWT_SECRET of test servers (unless a test gives its own): tests derive its keys to forge credentials. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789'

/** The real server on a random port: temp data dir; PGlite, or PostgreSQL/Redis when the env says so. */
export async function startTestServer(opts: ServerOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'workroom-test-')))
  const databaseUrl = 'databaseUrl' in opts ? opts.databaseUrl : DATABASE_URL
  const redisUrl = 'redisUrl' in opts ? opts.redisUrl : REDIS_URL
  if (!databaseUrl && !opts.pgliteDir) {
    await copyFolder(await pgliteTemplate(), dataDir)
  }
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    logger: false,
    jwtSecret: TEST_JWT_SECRET,
    ...opts,
    dataDir,
    databaseUrl,
    redisUrl,
    redisChannel: TEST_REDIS_CHANNEL,
    rateLimits: { ...RELAXED_LIMITS, namespace: `workroom-test-${randomUUID()}:`, ...opts.rateLimits },
    // The job queue asks for due jobs once at start, then only when a test says so (runDue, after
    // moving its clock): its every-second claim would otherwise land among the statements the
    // tests that count them record (code-check-steps saw it in CI).
    jobQueue: { pollMs: 3_600_000, ...opts.jobQueue },
  })
  started.set(server.url, server)
  return {
    ...server,
    dataDir,
    async stop() {
      started.delete(server.url)
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Records the SQL statements of requests, for the tests that count them (pass `onQuery` to the
 * server). The server's own timers (the call sweep every 10 s, the job scheduler, the keyword
 * reload) may run a statement during a request and only ever add to it, so a request's statements
 * are the fewest seen over three runs. `before` runs ahead of each, unrecorded.
 */
export function statementRecorder() {
  let recording: string[] | undefined
  return {
    onQuery: (statement: string) => void recording?.push(statement),
    async statementsOf(request: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<string[]> {
      let fewest: string[] | undefined
      for (let run = 0; run < 3; run++) {
        await before?.()
        const seen: string[] = []
        recording = seen
        await request()
        recording = undefined
        if (!fewest || seen.length < fewest.length) fewest = seen
      }
      return fewest!
    },
  }
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 12)}@example.test`

export interface Json {
  status: number
  body: any
  headers: Headers
}

/** fetch wrapper: JSON in, JSON (or text) out. */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; raw?: string | FormData; token?: string; headers?: Record<string, string> } = {},
): Promise<Json> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let body: BodyInit | undefined
  if (opts.raw !== undefined) body = opts.raw
  else if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json'
    body = JSON.stringify(opts.body)
  }
  if (typeof opts.raw === 'string') headers['content-type'] ??= 'application/json'
  const res = await fetch(base + url, { method, headers, body })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers }
}

export interface Account {
  email: string
  password: string
  name: string
  access_token: string
  /** The reader's credential for media/access links (expires with the access token). */
  media_token: string
  /** From the answer's HttpOnly refresh cookie (never in the JSON body). */
  refresh_token: string
  user: any
}

/** The refresh cookie's name, and the token a response set in it ('' when it cleared it, undefined when it set none). */
export const REFRESH_COOKIE = 'workroom_refresh'
export function refreshCookie(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';')
    const eq = pair!.indexOf('=')
    if (pair!.slice(0, eq).trim() === REFRESH_COOKIE) return decodeURIComponent(pair!.slice(eq + 1).trim())
  }
  return undefined
}

/** POST auth/refresh-token with the refresh token in its cookie; `refresh_token` is the rotated one from the answer's cookie. */
export async function refreshWith(
  base: string,
  refreshToken: string,
  headers: Record<string, string> = {},
): Promise<Json & { refresh_token?: string }> {
  const res = await call(base, 'POST', '/api/auth/refresh-token', {
    body: {},
    headers: { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refreshToken)}`, ...headers },
  })
  return { ...res, refresh_token: refreshCookie(res.headers) }
}

/** A new account whose email is not verified yet (register's answer, its refresh token from the cookie). */
export async function registerUnverified(
  base: string,
  over: Partial<{ name: string; email: string; password: string }> = {},
  headers?: Record<string, string>,
): Promise<Account> {
  const input = { name: 'Test User', email: uniqueEmail(), password: 'correct-horse-1', ...over }
  const res = await call(base, 'POST', '/api/auth/register', { body: input, headers })
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`)
  return { ...input, email: input.email.trim().toLowerCase(), ...res.body.result, refresh_token: refreshCookie(res.headers) ?? '' }
}

/**
 * A new account with its email verified (the server refuses most calls before that). Seeded in the
 * database of a server `startTestServer` started, not signed up over HTTP: the row sign-up makes
 * (its password hashed as sign-up hashes it, once per password for the whole run), verified, and a
 * session started as login starts one; its user as sign-up answers it (toUser). Sign-up's
 * hashing, mail and code check cost about 80 ms of CPU a person, and the suite makes thousands:
 * the tests of sign-up itself use `registerUnverified` (HTTP). With `headers` (a client's language
 * or user agent that the test reads back) it signs up and verifies over HTTP.
 */
export async function register(
  base: string,
  over: Partial<{ name: string; email: string; password: string }> = {},
  headers?: Record<string, string>,
): Promise<Account> {
  const server = startedAt(base, 'register')
  if (headers) return signUp(base, over, headers)
  const input = { name: 'Test User', email: uniqueEmail(), password: 'correct-horse-1', ...over }
  const email = input.email.trim().toLowerCase()
  const passwordHash = await hashOf(input.password)
  const { row, session } = await server.ctx.db.transaction(async (tx) => {
    const row = await insertUser(tx, { name: input.name, email, passwordHash })
    return { row, session: await server.ctx.tokens.startSession(tx, row.id) }
  })
  const { access_token, media_token, refresh_token } = session
  return { ...input, email, access_token, media_token, refresh_token, user: toUser(row) }
}

/** The server `startTestServer` started at `base` (`caller` reads its database or outbox). */
function startedAt(base: string, caller: string): RunningServer {
  const server = started.get(base)
  if (!server) throw new Error(`${caller}: ${base} was not started by startTestServer; use registerUnverified`)
  return server
}

/** A verified account's row, its workid made as sign-up makes one (4 digits; another on a clash). */
async function insertUser(tx: Executor, account: { name: string; email: string; passwordHash: string }): Promise<schema.UserRow> {
  for (;;) {
    const [row] = await tx
      .insert(schema.users)
      .values({ ...account, emailVerified: 1, workid: makeWorkid(account.name) })
      .onConflictDoNothing({ target: schema.users.workid })
      .returning()
    if (row) return row
  }
}

/** Hashes of the passwords seeded accounts use, made once each (argon2, as sign-up makes them). */
const hashes = new Map<string, Promise<string>>()
const hashOf = (password: string) => hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!

/** A new account with its email verified, signed up and verified over HTTP (for the tests of sign-up, its mail and its limits). */
export async function signUp(
  base: string,
  over: Partial<{ name: string; email: string; password: string }> = {},
  headers?: Record<string, string>,
): Promise<Account> {
  const server = startedAt(base, 'signUp')
  const account = await registerUnverified(base, over, headers)
  const { code } = await lastEmail(server, account.email)
  const verified = await call(base, 'POST', '/api/auth/verify-email', { body: { email: account.email, code }, headers })
  if (verified.status !== 200) throw new Error(`verify-email failed: ${verified.status} ${JSON.stringify(verified.body)}`)
  return { ...account, user: { ...account.user, email_verified: true } }
}

/** The newest outbox email to an address, and the 6-digit code in it. */
export async function lastEmail(server: RunningServer, to: string) {
  await server.ctx.mailer.settled() // resend-code and forgot-password mail after answering
  const [mail] = await server.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1)
  if (!mail) throw new Error(`no email to ${to}`)
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  return { ...mail, code: code! }
}

export function socketFor(base: string, opts: { token?: string; header?: string }): Socket {
  return connectSocket(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(opts.token !== undefined && { auth: { token: opts.token } }),
    ...(opts.header !== undefined && { extraHeaders: { authorization: opts.header } }),
  })
}

/** Resolves when connected, rejects with the connect_error message. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', (err) => reject(err))
  })
}

export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs)
    socket.once(event, (payload: T) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
}

/** True when no such event arrives within the window. */
export function silence(socket: Socket, event: string, windowMs = 400): Promise<boolean> {
  return new Promise((resolve) => {
    const onEvent = () => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      socket.off(event, onEvent)
      resolve(true)
    }, windowMs)
    socket.once(event, onEvent)
  })
}

/** A password of the accepted length that is on no common-password list. */
export const FIXTURE_PASSWORD = 'Lantern-Orbit-7391'

/**
 * A signed-up account whose email is verified with the emailed code, and a session made after
 * the verification (so its tokens carry nothing of the unverified state).
 */
export async function verifiedAccount(
  server: RunningServer,
  over: Partial<{ name: string; email: string; password: string }> = {},
): Promise<Account> {
  const base = server.url
  const account = await register(base, { password: FIXTURE_PASSWORD, ...over })
  if (!account.user.email_verified) {
    const { code } = await lastEmail(server, account.email)
    const verified = await call(base, 'POST', '/api/auth/verify-email', { body: { email: account.email, code } })
    if (verified.status !== 200) throw new Error(`verify-email failed: ${verified.status} ${JSON.stringify(verified.body)}`)
  }
  const login = await call(base, 'POST', '/api/auth/login', { body: { email: account.email, password: account.password } })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`)
  return { ...account, ...login.body.result }
}

/**
 * What the server has stored: per table its row count and the newest row version (PostgreSQL's
 * xmin: any insert or update makes a newer one, a delete lowers the count), and the files under the
 * data dir (not the database's own). Equal snapshots before and after some calls: they wrote nothing.
 */
export async function storedState(server: TestServer): Promise<Record<string, string>> {
  // scheduled_jobs is the scheduler's own bookkeeping (its first pass runs as the server starts), and
  // user_presence follows sockets connecting and going (written as they do, also late for sockets of
  // earlier tests): neither is a request's write.
  const tables = (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => is(t, PgTable))
    .map((t) => getTableName(t))
    .filter((name) => name !== 'scheduled_jobs' && name !== 'user_presence')
  // The names are the schema's own (no input): one plain statement, planned quicker than one with parameters.
  const state = sql.raw(
    tables
      .map((name) => `select '${name}' as name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as state from "${name}"`)
      .join(' union all '),
  )
  const result = (await server.ctx.db.execute(state)) as unknown as
    { rows?: { name: string; state: string }[] } | { name: string; state: string }[]
  const rows = Array.isArray(result) ? result : (result.rows ?? [])
  const top = await readdir(server.dataDir).catch(() => [] as string[])
  const files = await Promise.all(
    top
      .filter((f) => f !== 'pglite' && f !== 'secret')
      .map(async (f) => [f, ...(await readdir(path.join(server.dataDir, f), { recursive: true }).catch(() => []))].join('\n')),
  )
  return { ...Object.fromEntries(rows.map((r) => [r.name, String(r.state)])), files: files.sort().join('\n') }
}
