/**
 * Chat fan-out: 200 receivers in one topic over real socket.io-client sockets, 2,000 sends per phase
 * via POST /api/message/send, paced at 100/s and at 200/s (open loop), then as fast as possible
 * (32 concurrent senders, closed loop). Measured: delivered messages/s (NEW_MESSAGE events received
 * by all receivers / time from the first send to the last delivery), p50/p99 latency from the start
 * of a send to each receiver's NEW_MESSAGE, and to each message's first receiver (the server's part:
 * the rest is the spread of one fan-out over 200 sockets, which both paths share), the p99 of the
 * send's own answer, and beside each figure the server's event-loop delay (p99 and max of a
 * perf_hooks histogram), its GC pauses and its CPU time per send over the phase (server-probe.mjs,
 * preloaded into every server process; the worst node's delays). Beside it, in the same run, the raw baseline: a bare socket.io
 * server (raw-relay-server.ts, its own process, no HTTP API, no database) relaying the same payloads
 * (same size) from a sender socket to 200 sockets in one room with io.to(room).emit. The two run in
 * interleaved rounds (BENCH_ROUNDS, 5 by default: both paths' phases back to back, which goes first
 * alternating) and the figures are the rounds' medians, since one phase of this 2-core machine can
 * be twice as slow as the next; the goals are printed beside them: at each paced rate no round's
 * full-path p99 above 150 ms and the median full / raw p99 ratio at most 3, and at peak at least half
 * the raw throughput. Scenarios: one node on PGlite; one node on PostgreSQL; two nodes + Redis
 * (sender's HTTP on node A, receivers on node B). Missing PostgreSQL / Redis skip with a note. The
 * PostgreSQL scenarios each run on a new database, dropped afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Agent, request as httpRequest } from 'node:http'
import { connect as tcpConnect } from 'node:net'
import { fileURLToPath, pathToFileURL } from 'node:url'
import pg from 'pg'
import { io as connectSocket, type Socket } from 'socket.io-client'
import type { NewMessagePayload } from '../../contract/socket'
import { SERVER_NODE_FLAGS } from '../../server/node-flags'
import { type RunningServer, startServerProcess } from '../support/server-process'
import { api, type BenchUser, signUp } from './accounts'
import { median, p50p99, round } from './stats'

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** Every rate limit the server reads from the environment (server/env-options.ts), lifted. */
export const BENCH_SERVER_ENV: Record<string, string> = {
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_LOGIN_IP: '1000000',
  RATE_LIMIT_REGISTER: '1000000',
  RATE_LIMIT_OTP: '1000000',
  RATE_LIMIT_USER: '1000000',
  RATE_LIMIT_SEND: '1000000',
  RATE_LIMIT_NEW_CHAT: '1000000',
  RATE_LIMIT_CHANNEL_CREATE: '1000000',
  RATE_LIMIT_CHANNEL_JOIN: '1000000',
  RATE_LIMIT_CHANNEL_JOIN_IP: '1000000',
  RATE_LIMIT_SUGGEST: '1000000',
  // Info, for the 'email queued' lines signUp reads the verification codes from (request logging is
  // off below debug, so this adds a line per email, not per request).
  LOG_LEVEL: 'info',
  // Emails stay in the outbox and are shown at /email-preview/<id>, whatever the shell has set.
  SMTP_URL: '',
  // Shared by every node, so a token from node A is good on node B.
  JWT_SECRET: 'workroom-bench-secret-0123456789-0123456789',
}

const PORTS = { pglite: 3301, postgres: 3302, nodeA: 3303, nodeB: 3304, raw: 3310 }
const RECEIVERS = 200
const MESSAGES = 2_000
/** The open-loop send rates, each a phase of every round (BENCH_RATES=100,200). */
const PACED_RATES = (process.env.BENCH_RATES ?? '100,200').split(',').map(Number)
const PEAK_CONCURRENCY = 32
/** Sent at peak concurrency before measuring, as many as a phase: compiled code (PGlite's first 400 sends left its first rounds 2-3x slower), open connections and their prepared statements. */
const WARMUP_MESSAGES = 2_000
/** The goals each figure is printed against. */
const GOALS = { p99Ms: 150, p99Ratio: 3, peakRatio: 0.5 }
/** Rounds of raw and full phases back to back; the figures are their medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
/** The server's access-token lifetime (server/config.ts): a receiver's socket is dropped when its token ends. */
const ACCESS_TOKEN_MS = 15 * 60_000
/** A delivery phase ends when all arrived, or nothing arrived for this long. */
const IDLE_MS = 10_000
const TEXT = 'Bench message: the quick brown fox jumps over the lazy dog, then checks the release notes for v2.'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Preloaded into every benched server process (the raw relay too): it answers SERVER_PROBE's questions over IPC. */
export const SERVER_PROBE = fileURLToPath(new URL('./server-probe.mjs', import.meta.url))
const PROBED = { preload: [SERVER_PROBE], ipc: true }

/** What server-probe.mjs reports of a server process since the last reset: event-loop delay and main-thread GC pauses (ms), CPU time. */
interface ServerLoad {
  p50: number
  p99: number
  max: number
  gcCount: number
  gcMs: number
  gcMaxMs: number
  /** CPU time of the whole process (every thread: the embedded database's too) and of its main thread, ms. */
  cpuMs: number
  mainCpuMs: number | null
}

/** The probe preloaded into one server process. */
export interface ServerProbe {
  reset(): Promise<void>
  report(): Promise<ServerLoad>
}

export function serverProbe(child: ChildProcess): ServerProbe {
  const ask = <T>(question: string, answer: (msg: unknown) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`the server's probe did not answer ${question}`)), 10_000)
      const listen = (msg: unknown) => {
        const value = answer(msg)
        if (value !== undefined) done(null, value)
      }
      const done = (err: Error | null, value?: T) => {
        clearTimeout(timer)
        child.off('message', listen)
        if (err) reject(err)
        else resolve(value as T)
      }
      child.on('message', listen)
      child.send(question)
    })
  return {
    reset: () => ask('probe:reset', (msg) => (msg === 'probe:reset' ? true : undefined)).then(() => undefined),
    report: () => ask('probe:report', (msg) => (msg as { serverLoad?: ServerLoad } | null)?.serverLoad),
  }
}

/** Several processes' figures as one: the worst node's delays and pauses, every node's CPU time. */
function worstOf(delays: ServerLoad[]): ServerLoad {
  const worst = (key: 'p50' | 'p99' | 'max' | 'gcCount' | 'gcMs' | 'gcMaxMs') => Math.max(...delays.map((d) => d[key]))
  return {
    p50: worst('p50'),
    p99: worst('p99'),
    max: worst('max'),
    gcCount: worst('gcCount'),
    gcMs: worst('gcMs'),
    gcMaxMs: worst('gcMaxMs'),
    // Summed: the work of every node.
    cpuMs: delays.reduce((n, d) => n + d.cpuMs, 0),
    mainCpuMs: delays.every((d) => d.mainCpuMs !== null) ? delays.reduce((n, d) => n + d.mainCpuMs!, 0) : null,
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers (also used by chat-render.ts)

/** Runs fn(0..count-1) with at most `concurrency` in flight; results in index order. */
export async function inPool<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      out[i] = await fn(i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return out
}

/** A public channel of `owner`; returns the id of its General topic (which holds every member). */
export async function channelTopic(base: string, owner: BenchUser, name: string): Promise<{ channelId: string; topicId: string }> {
  const channel = await api<{ _id: string }>(base, 'channel/create', {
    token: owner.accessToken,
    body: { name, description: '<p>Bench</p>', is_public: true },
  })
  const topics = await api<{ _id: string }[]>(base, `topic-in-channel?channel_id=${channel._id}`, { token: owner.accessToken })
  return { channelId: channel._id, topicId: topics[0]._id }
}

/**
 * Keep-alive connections for the senders. node:http costs the bench a fraction of what fetch does
 * per request, and the bench shares this 2-core machine with the server it measures.
 */
const senderAgent = new Agent({ keepAlive: true, maxSockets: 64 })

/** Sends one text message through the HTTP API; returns the HTTP status. */
export function sendMessage(base: string, token: string, topicId: string, clientId: string, text: string): Promise<number> {
  const body = JSON.stringify({ client_id: clientId, topic_id: topicId, message: text })
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/api/message/send`,
      {
        method: 'POST',
        agent: senderAgent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.once('end', () => resolve(res.statusCode ?? 0))
        res.once('error', reject)
      },
    )
    req.once('error', reject)
    req.end(body)
  })
}

// ---------------------------------------------------------------------------------------------
// Reachability of the optional services

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
  try {
    await client.connect()
    await client.query('select 1')
    return null
  } catch (err) {
    return err instanceof Error ? err.message : String(err)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * A new, empty database beside the one `url` names, dropped afterwards: every run starts from the
 * same state, whatever earlier runs (or a server without autovacuum) left behind.
 */
async function withFreshDatabase(url: string, body: (databaseUrl: string) => Promise<void>) {
  const name = `workroom_bench_${randomUUID().slice(0, 8)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
    const fresh = new URL(url)
    fresh.pathname = `/${name}`
    await body(fresh.toString())
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
    await admin.end()
  }
}

function redisReachable(url: string): Promise<string | null> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: hostname, port: Number(port || 6379) })
    const done = (problem: string | null) => {
      socket.destroy()
      resolve(problem)
    }
    socket.setTimeout(3_000, () => done('timed out'))
    socket.once('error', (err) => done(err.message))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => done(data.toString().startsWith('+PONG') ? null : `unexpected answer ${data.toString().trim()}`))
  })
}

// ---------------------------------------------------------------------------------------------
// Sockets and delivery accounting

function openSocket(url: string, auth: Record<string, string>): Promise<Socket> {
  const socket = connectSocket(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (err) => {
      socket.close()
      reject(err)
    })
  })
}

/** Send start times by message id, every receiver's latency for them, and each message's first receiver's. */
class DeliveryLog {
  private starts = new Map<string, number>()
  /** By message id: the latency of the first receiver it reached (the server's part, before the fan-out's spread). */
  firstLatencies = new Map<string, number>()
  latencies: number[] = []
  /** Each send's own latency: to its HTTP answer (full path) or its ack (raw). */
  answers: number[] = []
  delivered = 0
  lastAt = 0

  reset() {
    this.starts.clear()
    this.firstLatencies.clear()
    this.latencies = []
    this.answers = []
    this.delivered = 0
    this.lastAt = 0
  }

  start(id: string) {
    this.starts.set(id, performance.now())
  }

  answered(id: string) {
    const t0 = this.starts.get(id)
    if (t0 !== undefined) this.answers.push(performance.now() - t0)
  }

  receive(id: string | null) {
    if (id === null) return
    const t0 = this.starts.get(id)
    if (t0 === undefined) return
    const now = performance.now()
    if (!this.firstLatencies.has(id)) this.firstLatencies.set(id, now - t0)
    this.latencies.push(now - t0)
    this.delivered++
    this.lastAt = now
  }

  /** Resolves once `expected` deliveries arrived, or none arrived for IDLE_MS. */
  async settled(expected: number, since: number) {
    while (this.delivered < expected && performance.now() - Math.max(this.lastAt, since) < IDLE_MS) await sleep(20)
  }
}

/** Opens one receiver socket per `auths` entry; each reports its NEW_MESSAGE events to `log`. */
async function openReceivers(url: string, auths: Record<string, string>[], log: DeliveryLog): Promise<Socket[]> {
  const sockets: Socket[] = []
  try {
    await inPool(auths.length, 20, async (i) => {
      const socket = await openSocket(url, auths[i])
      sockets.push(socket)
      socket.on('NEW_MESSAGE', (payload: NewMessagePayload) => log.receive(payload.message.client_id))
    })
  } catch (err) {
    closeAll(sockets)
    throw err
  }
  return sockets
}

function closeAll(sockets: Socket[]) {
  for (const socket of sockets) socket.close()
}

// ---------------------------------------------------------------------------------------------
// Phases

/** Starts one send of message `id`; resolves when the sender's side completed (HTTP answer or ack): null, or what went wrong. */
type Send = (id: string) => Promise<string | null>

export interface PhaseResult {
  sends: number
  failures: number
  delivered: number
  expected: number
  seconds: number
  perSecond: number
  p50: number
  p99: number
  /** p50 and p99 of the latency to each message's first receiver. */
  firstP50: number
  firstP99: number
  /** p99 of the sends' own answers (HTTP response, or the raw relay's ack). */
  answerP99: number
  /** The server over the phase (server-probe.mjs; the worst node's delays, every node's CPU). */
  server: ServerLoad
  /** The most common failure, if any. */
  failure: string | null
}

async function sendOne(send: Send, log: DeliveryLog): Promise<string | null> {
  const id = randomUUID()
  log.start(id)
  const problem = await send(id).catch(describe)
  log.answered(id)
  return problem
}

/** An error's message, with its cause (fetch failed: why). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err)
  return err.cause === undefined ? err.message : `${err.message} (${describe(err.cause)})`
}

function mostCommon(problems: (string | null)[]): string | null {
  const counts = new Map<string, number>()
  for (const p of problems) if (p !== null) counts.set(p, (counts.get(p) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null
}

/** Open loop: send i starts at i / rate seconds, whatever the earlier ones are doing. */
async function pacedSends(send: Send, log: DeliveryLog, count: number, perSecond: number): Promise<(string | null)[]> {
  const t0 = performance.now()
  const pending: Promise<string | null>[] = []
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / perSecond - performance.now()
    if (wait > 1) await sleep(wait)
    pending.push(sendOne(send, log))
  }
  return Promise.all(pending)
}

/** Closed loop: `concurrency` senders, each starting its next send when the last one completed. */
async function closedLoopSends(send: Send, log: DeliveryLog, count: number, concurrency: number): Promise<(string | null)[]> {
  return inPool(count, concurrency, () => sendOne(send, log))
}

/** One phase: paced at `perSecond` sends/s, or at peak (closed loop) when null. */
async function runPhase({ send, log, probes }: Path, perSecond: number | null, receivers: number): Promise<PhaseResult> {
  log.reset()
  await Promise.all(probes.map((p) => p.reset()))
  const t0 = performance.now()
  const results =
    perSecond !== null ? await pacedSends(send, log, MESSAGES, perSecond) : await closedLoopSends(send, log, MESSAGES, PEAK_CONCURRENCY)
  const expected = MESSAGES * receivers
  await log.settled(expected, t0)
  const server = worstOf(await Promise.all(probes.map((p) => p.report())))
  const seconds = (Math.max(log.lastAt, t0) - t0) / 1000
  const first = p50p99(log.firstLatencies.values(), 1)
  return {
    sends: results.length,
    failures: results.filter((problem) => problem !== null).length,
    delivered: log.delivered,
    expected,
    seconds: round(seconds, 2),
    perSecond: round(seconds > 0 ? log.delivered / seconds : 0, 0),
    ...p50p99(log.latencies, 1),
    firstP50: first.p50,
    firstP99: first.p99,
    answerP99: p50p99(log.answers, 1).p99,
    server,
    failure: mostCommon(results),
  }
}

/** Sends to warm up (see WARMUP_MESSAGES), and a check that every receiver is in the room. */
async function warmUp(send: Send, log: DeliveryLog, receivers: number, what: string) {
  log.reset()
  const t0 = performance.now()
  await inPool(WARMUP_MESSAGES, PEAK_CONCURRENCY, () => sendOne(send, log))
  await log.settled(WARMUP_MESSAGES * receivers, t0)
  if (log.delivered !== WARMUP_MESSAGES * receivers)
    throw new Error(`${what}: warm-up delivered ${log.delivered} of ${WARMUP_MESSAGES * receivers} NEW_MESSAGE events`)
}

interface PathResult {
  /** By PACED_RATES' order. */
  paced: PhaseResult[]
  peak: PhaseResult
}

// ---------------------------------------------------------------------------------------------
// Raw socket.io baseline

async function startRawRelay(port: number): Promise<{ url: string; probe: ServerProbe; stop(): Promise<void> }> {
  const profile = process.env.SERVER_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROFILE_DIR}/raw-relay`] : []
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, ...SERVER_NODE_FLAGS, '--import', 'tsx', '--import', SERVER_PROBE, 'tests/bench/raw-relay-server.ts', String(port)],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  )
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('raw relay server did not start in 30 s')), 30_000)
      child.once('exit', (code) => reject(new Error(`raw relay server exited with ${code}`)))
      child.stdout?.on('data', (data: Buffer) => {
        if (data.toString().includes('ready')) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
  } catch (err) {
    await stop()
    throw err
  }
  return { url: `http://127.0.0.1:${port}`, probe: serverProbe(child), stop }
}

/** A way to send one message, the log its receivers report to and the probes of its server processes. */
interface Path {
  send: Send
  log: DeliveryLog
  probes: ServerProbe[]
}

/** The raw baseline: the same payloads (a real NEW_MESSAGE payload with a fresh client_id) relayed by a bare socket.io room. */
async function openRaw(template: NewMessagePayload): Promise<Path & { close(): Promise<void> }> {
  const relay = await startRawRelay(PORTS.raw)
  const log = new DeliveryLog()
  const sockets: Socket[] = []
  const close = async () => {
    closeAll(sockets)
    await relay.stop()
  }
  try {
    sockets.push(
      ...(await openReceivers(
        relay.url,
        Array.from({ length: RECEIVERS }, () => ({ role: 'receiver' })),
        log,
      )),
    )
    const sender = await openSocket(relay.url, { role: 'sender' })
    sockets.push(sender)
    const send: Send = async (id) => {
      const payload: NewMessagePayload = { message: { ...template.message, client_id: id } }
      return (await sender.timeout(30_000).emitWithAck('relay', payload)) === true ? null : 'not acked'
    }
    await warmUp(send, log, RECEIVERS, 'raw socket.io')
    return { send, log, probes: [relay.probe], close }
  } catch (err) {
    await close()
    throw err
  }
}

// ---------------------------------------------------------------------------------------------
// Full path: HTTP send -> database -> NEW_MESSAGE to the topic room (Redis between nodes)

interface Topic {
  sender: BenchUser
  receivers: BenchUser[]
  topicId: string
}

async function topicWithReceivers(server: RunningServer): Promise<Topic> {
  const base = server.url
  const sender = await signUp(server, 'sender')
  const receivers = await inPool(RECEIVERS, 10, (i) => signUp(server, `r${i}`))
  const { channelId, topicId } = await channelTopic(base, sender, `Fan-out ${Date.now()}`)
  await inPool(receivers.length, 10, (i) => api(base, 'channel/join', { token: receivers[i].accessToken, body: { channel_id: channelId } }))
  return { sender, receivers, topicId }
}

/** Waits for the first NEW_MESSAGE on `socket` (the payload the raw baseline copies). */
function firstPayload(socket: Socket): Promise<NewMessagePayload> {
  return new Promise((resolve) => socket.once('NEW_MESSAGE', (payload: NewMessagePayload) => resolve(payload)))
}

interface ScenarioResult {
  payloadBytes: number
  /** One entry per round; in each round raw and full ran back to back. */
  raw: PathResult[]
  full: PathResult[]
  /** Why fewer than ROUNDS rounds ran, if they did. */
  cut: string | null
}

/**
 * Sender's HTTP (and the accounts' sign-ups) on `apiServer`, receivers' sockets on `socketBase`, and the raw baseline beside it:
 * ROUNDS rounds, each running both paths' paced phases and then both peak phases back to back
 * (which path goes first alternates), so the two meet the same moment of this noisy machine.
 */
async function measureScenario(apiServer: RunningServer, socketBase: string, probes: ServerProbe[]): Promise<ScenarioResult> {
  const apiBase = apiServer.url
  // The accounts' access tokens (and the receivers' sockets with them) end ACCESS_TOKEN_MS after sign-up.
  const tokensEnd = performance.now() + ACCESS_TOKEN_MS
  const topic = await topicWithReceivers(apiServer)
  const log = new DeliveryLog()
  const sockets = await openReceivers(
    socketBase,
    topic.receivers.map((r) => ({ token: r.accessToken })),
    log,
  )
  try {
    const payload = firstPayload(sockets[0])
    const send: Send = async (id) => {
      const status = await sendMessage(apiBase, topic.sender.accessToken, topic.topicId, id, TEXT)
      return status === 200 ? null : `HTTP ${status}`
    }
    await warmUp(send, log, RECEIVERS, 'full path')
    const template = await payload
    const raw = await openRaw(template)
    try {
      const results: ScenarioResult = { payloadBytes: Buffer.byteLength(JSON.stringify(template)), raw: [], full: [], cut: null }
      const paths: Record<'raw' | 'full', Path> = { raw, full: { send, log, probes } }
      let roundMs = 0
      for (let i = 0; i < ROUNDS; i++) {
        if (performance.now() + roundMs * 1.2 > tokensEnd) {
          results.cut = `${i} of ${ROUNDS} rounds ran: the next would outlast the accounts' ${ACCESS_TOKEN_MS / 60_000}-minute access tokens`
          break
        }
        const started = performance.now()
        const order = i % 2 === 0 ? (['raw', 'full'] as const) : (['full', 'raw'] as const)
        const paced: Record<'raw' | 'full', PhaseResult[]> = { raw: [], full: [] }
        for (const perSecond of PACED_RATES)
          for (const which of order) paced[which].push(await runPhase(paths[which], perSecond, RECEIVERS))
        const peak = new Map<'raw' | 'full', PhaseResult>()
        for (const which of order) peak.set(which, await runPhase(paths[which], null, RECEIVERS))
        results.raw.push({ paced: paced.raw, peak: peak.get('raw')! })
        results.full.push({ paced: paced.full, peak: peak.get('full')! })
        roundMs = performance.now() - started
      }
      return results
    } finally {
      await raw.close()
    }
  } finally {
    closeAll(sockets)
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios and printing

/** The round whose `key` is the median, so a line's figures come from one real phase. */
function medianPhase(phases: PhaseResult[], key: 'p99' | 'perSecond'): PhaseResult {
  const sorted = [...phases].sort((a, b) => a[key] - b[key])
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met')

/** The server's CPU time per send over a phase: the whole process, and its event-loop thread. */
function cpuPerSend(r: PhaseResult): string {
  const per = (ms: number) => round(ms / r.sends, 2)
  return `${per(r.server.cpuMs)} ms${r.server.mainCpuMs === null ? '' : ` (event-loop thread ${per(r.server.mainCpuMs)} ms)`}`
}

function phaseLine(label: string, phases: PhaseResult[], key: 'p99' | 'perSecond'): string {
  const r = medianPhase(phases, key)
  const lost = phases.reduce((n, p) => n + p.expected - p.delivered, 0)
  const failures = phases.reduce((n, p) => n + p.failures, 0)
  const failure = phases.find((p) => p.failure)?.failure
  const each = phases.map((p) => `${key === 'p99' ? p.p99 : p.perSecond} (${p.server.p99})`).join(' / ')
  return [
    `  ${label.padEnd(44)} ${String(r.perSecond).padStart(7)} msg/s delivered, p50 ${r.p50} ms, p99 ${r.p99} ms, first receiver p50 ${r.firstP50} / p99 ${r.firstP99} ms, send answered p99 ${r.answerP99} ms (${r.seconds} s)`,
    `  ${''.padEnd(44)} server event-loop delay p99 ${r.server.p99} ms (max ${r.server.max} ms), GC ${r.server.gcMs} ms in ${r.server.gcCount} pauses (longest ${r.server.gcMaxMs} ms), CPU per send ${cpuPerSend(r)}`,
    `  ${''.padEnd(44)} rounds' ${key === 'p99' ? 'p99' : 'msg/s'} (loop delay p99): ${each}${lost ? `; ${lost} NOT delivered` : ''}${failures ? `; ${failures} sends failed, mostly: ${failure}` : ''}`,
  ].join('\n')
}

function printScenario(title: string, r: ScenarioResult) {
  console.log(
    `\nchat fan-out, ${title}: ${RECEIVERS} receivers in one topic, ${MESSAGES} sends per phase, ${r.raw.length} rounds, NEW_MESSAGE payload ${r.payloadBytes} B`,
  )
  if (r.cut) console.log(`  NOTE: ${r.cut}`)
  const paced = (path: PathResult[], i: number) => path.map((x) => x.paced[i])
  PACED_RATES.forEach((perSecond, i) => {
    console.log(phaseLine(`raw socket.io room, ${perSecond}/s:`, paced(r.raw, i), 'p99'))
    console.log(phaseLine(`full path (HTTP send), ${perSecond}/s:`, paced(r.full, i), 'p99'))
  })
  console.log(
    phaseLine(
      `raw socket.io room, ${PEAK_CONCURRENCY} concurrent (peak):`,
      r.raw.map((x) => x.peak),
      'perSecond',
    ),
  )
  console.log(
    phaseLine(
      `full path (HTTP send), ${PEAK_CONCURRENCY} concurrent (peak):`,
      r.full.map((x) => x.peak),
      'perSecond',
    ),
  )
  PACED_RATES.forEach((perSecond, i) => {
    const full = paced(r.full, i)
    const worst = Math.max(...full.map((p) => p.p99))
    const ratios = full.map((p, k) => round(p.p99 / r.raw[k].paced[i].p99, 2))
    const ratio = median(ratios)
    console.log(
      `  full path p99 at ${perSecond}/s, worst round: ${worst} ms (rounds: ${full.map((p) => p.p99).join(', ')}; goal every round <= ${GOALS.p99Ms} ms: ${met(worst <= GOALS.p99Ms)})`,
    )
    console.log(
      `  full / raw p99 at ${perSecond}/s, median of rounds: ${ratio} (rounds: ${ratios.join(', ')}; goal <= ${GOALS.p99Ratio}: ${met(ratio <= GOALS.p99Ratio)})`,
    )
  })
  const peakRatios = r.full.map((full, k) => round(full.peak.perSecond / r.raw[k].peak.perSecond, 2))
  const peakRatio = median(peakRatios)
  console.log(
    `  full / raw peak throughput, median of rounds: ${peakRatio} (rounds: ${peakRatios.join(', ')}; goal >= ${GOALS.peakRatio}: ${met(peakRatio >= GOALS.peakRatio)})`,
  )
}

/** The scheduled jobs the servers ran meanwhile (their 'scheduled job done' log lines): how often, and the longest run. */
async function scheduledJobs(servers: RunningServer[]): Promise<string> {
  const runs = new Map<string, number[]>()
  for (const { logFile } of servers)
    for (const line of (await readFile(logFile, 'utf8')).split('\n')) {
      if (!line.includes('"scheduled job done"')) continue
      const { job, ms } = JSON.parse(line) as { job: string; ms?: number }
      runs.set(job, [...(runs.get(job) ?? []), ms ?? NaN])
    }
  const each = [...runs].map(([job, ms]) => `${job} ${ms.length}x, longest ${Math.max(...ms)} ms`)
  return `  scheduled jobs during the run (each run's wall time, waits for the database included): ${each.join('; ') || 'none'}`
}

/** Starts the servers, measures, and always stops every server it started. */
async function withServers(starts: (() => Promise<RunningServer>)[], body: (servers: RunningServer[]) => Promise<void>) {
  const servers: RunningServer[] = []
  try {
    for (const start of starts) servers.push(await start())
    await body(servers)
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }
}

async function scenario(
  title: string,
  starts: (() => Promise<RunningServer>)[],
  pick: (servers: RunningServer[]) => { apiServer: RunningServer; socketBase: string },
) {
  try {
    await withServers(starts, async (servers) => {
      const { apiServer, socketBase } = pick(servers)
      printScenario(
        title,
        await measureScenario(
          apiServer,
          socketBase,
          servers.map((s) => serverProbe(s.process)),
        ),
      )
      console.log(await scheduledJobs(servers))
    })
  } catch (err) {
    console.log(`\nchat fan-out, ${title}: FAILED: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** BENCH_FANOUT=pglite,postgres,redis picks scenarios (all by default). */
const wanted = (name: string) => !process.env.BENCH_FANOUT || process.env.BENCH_FANOUT.split(',').includes(name)

export async function chatFanout(): Promise<void> {
  const one = (s: RunningServer[]) => ({ apiServer: s[0], socketBase: s[0].url })
  if (wanted('pglite')) await scenario('1 node, PGlite', [() => startServerProcess(PORTS.pglite, BENCH_SERVER_ENV, PROBED)], one)

  const pgProblem = await postgresReachable(BENCH_DATABASE_URL)
  if (!wanted('postgres')) {
    // not asked for
  } else if (pgProblem) {
    console.log(`\nchat fan-out on PostgreSQL: skipped, ${BENCH_DATABASE_URL} is not reachable (${pgProblem})`)
  } else {
    await withFreshDatabase(BENCH_DATABASE_URL, (databaseUrl) =>
      scenario(
        '1 node, PostgreSQL',
        [() => startServerProcess(PORTS.postgres, { ...BENCH_SERVER_ENV, DATABASE_URL: databaseUrl }, PROBED)],
        one,
      ),
    )
  }

  if (!wanted('redis')) return
  const redisProblem = await redisReachable(BENCH_REDIS_URL)
  if (pgProblem || redisProblem) {
    console.log(
      `\nchat fan-out, 2 nodes + Redis: skipped (${pgProblem ? `PostgreSQL: ${pgProblem}` : `Redis ${BENCH_REDIS_URL}: ${redisProblem}`})`,
    )
    return
  }
  await withFreshDatabase(BENCH_DATABASE_URL, (databaseUrl) => {
    const env = { ...BENCH_SERVER_ENV, DATABASE_URL: databaseUrl, REDIS_URL: BENCH_REDIS_URL }
    return scenario(
      '2 nodes + Redis, PostgreSQL (send via node A, receivers on node B)',
      [() => startServerProcess(PORTS.nodeA, env, PROBED), () => startServerProcess(PORTS.nodeB, env, PROBED)],
      (s) => ({ apiServer: s[0], socketBase: s[1].url }),
    )
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await chatFanout()
