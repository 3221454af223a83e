/**
 * Thread and reaction cost (issue 26): "a message with reactions and a thread costs no more than 1.2x
 * the server CPU per delivery of a plain one". One node on PGlite, one group chat (a channel's
 * General topic) with RECEIVERS receivers, each on a real socket.io-client socket, and one sender
 * (no socket) posting through POST /api/message/send. Phases of each round, all paced (open loop, so
 * the shared machine is not saturated), interleaved, which of a pair goes first alternating per round:
 *   plain send  a plain text message to the chat;
 *   rich send   the same text as a reply in the thread of a root message of the same chat that
 *               already carries reactions (several emoji, several people) and replies
 *               (thread_root_id, not also_in_chat);
 *   plain read  GET topic/messages (page 1: 20 messages) of a chat whose 20 messages are plain;
 *   rich read   the same of a chat whose 20 messages each carry 3 reactions and a thread summary.
 * A send's delivery: a receiver's socket got that send's NEW_MESSAGE (matched by client_id). A thread
 * reply's NEW_MESSAGE also carries the root's new summary (root_thread); any other event a send makes
 * (the chat got a THREAD_CHANGED per reply before issue 26's change) is part of the same delivery's
 * cost (its CPU is in the figure), and every socket event the receivers got in a phase is tallied by name. A phase ends when every
 * expected delivery arrived (or none for 10 s). Server CPU: the whole process (every thread, the
 * embedded database's too), from the probe preloaded into it (server-probe.mjs), over the phase,
 * less the CPU of the same time idle (measured in each round with every socket connected). Figures:
 * the medians over rounds of CPU per delivery (sends) and per page (reads), and the rich / plain ratio
 * against the goal (<= 1.2). BENCH_ROUNDS (5), BENCH_THREAD_OPS (300 per phase), BENCH_THREAD_RATE
 * (50/s), BENCH_THREAD_RECEIVERS (50), BENCH_THREAD_PORT (3330).
 */
import { randomUUID } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import { pathToFileURL } from 'node:url'
import { io as connectSocket, type Socket } from 'socket.io-client'
import type { Message } from '../../contract/message'
import type { NewMessagePayload } from '../../contract/socket'
import { type RunningServer, startServerProcess } from '../support/server-process'
import { api, type BenchUser, signUp } from './accounts'
import { BENCH_SERVER_ENV, channelTopic, inPool, SERVER_PROBE, serverProbe, type ServerProbe } from './chat-fanout'
import { median, round } from './stats'

const PORT = Number(process.env.BENCH_THREAD_PORT ?? 3330)
const RECEIVERS = Number(process.env.BENCH_THREAD_RECEIVERS ?? 50)
const OPS = Number(process.env.BENCH_THREAD_OPS ?? 300)
const RATE = Number(process.env.BENCH_THREAD_RATE ?? 50)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
/** Unmeasured sends and reads of each kind before the rounds (PGlite's first statements are slow). */
const WARMUP = 150
const GOAL_RATIO = 1.2
/** The root's reactions: this many emoji, each from REACTORS people; and its replies before the bench. */
const ROOT_EMOJI = ['👍', '🎉', '❤️', '😂', '🚀']
const REACTORS = 4
const ROOT_REPLIES = 5
/** Each message of the rich read page: 3 reactions (emoji) and 2 thread replies. */
const PAGE_EMOJI = ['👍', '🎉', '🚀']
const PAGE_REPLIES = 2
const PAGE = 20
/** A phase ends when all arrived, or nothing arrived for this long. */
const IDLE_MS = 10_000
const IDLE_SAMPLE_MS = 2_000
const TEXT = 'Bench message: the quick brown fox jumps over the lazy dog, then checks the release notes for v2.'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const agent = new Agent({ keepAlive: true, maxSockets: 32 })

/** One request through node:http (cheaper for the bench than fetch); resolves with the status once the body is read. */
function call(base: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<number> {
  const data = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string | number> = { authorization: `Bearer ${token}` }
  if (data !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) })
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/${path}`, { method, agent, headers }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode ?? 0))
      res.once('error', reject)
    })
    req.once('error', reject)
    req.end(data)
  })
}

/** Runs fn(i) for i in 0..count-1, the i-th at i / perSecond s whatever the earlier ones are doing; the failed count. */
async function paced(count: number, perSecond: number, fn: (i: number) => Promise<number>): Promise<number> {
  const t0 = performance.now()
  const pending: Promise<boolean>[] = []
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / perSecond - performance.now()
    if (wait > 1) await sleep(wait)
    pending.push(
      fn(i).then(
        (status) => status >= 200 && status < 300,
        () => false,
      ),
    )
  }
  return (await Promise.all(pending)).filter((ok) => !ok).length
}

function openSocket(url: string, token: string): Promise<Socket> {
  const socket = connectSocket(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (err) => {
      socket.close()
      reject(err)
    })
  })
}

/** What the receivers got in the current phase. */
class Tally {
  /** client_id prefix of the phase's sends: a NEW_MESSAGE with it is a delivery. */
  prefix = ''
  delivered = 0
  lastAt = 0
  events = new Map<string, number>()

  reset(prefix: string) {
    this.prefix = prefix
    this.delivered = 0
    this.lastAt = performance.now()
    this.events = new Map()
  }

  event(name: string, payload: unknown) {
    this.events.set(name, (this.events.get(name) ?? 0) + 1)
    this.lastAt = performance.now()
    if (name === 'NEW_MESSAGE' && this.prefix && (payload as NewMessagePayload).message.client_id?.startsWith(this.prefix)) this.delivered++
  }

  async settled(expected: number) {
    while (this.delivered < expected && performance.now() - this.lastAt < IDLE_MS) await sleep(20)
    // Events that may trail the last NEW_MESSAGE.
    await sleep(200)
  }
}

type Kind = 'plainSend' | 'richSend' | 'plainRead' | 'richRead'
const KINDS: Kind[] = ['plainSend', 'richSend', 'plainRead', 'richRead']

interface Phase {
  ops: number
  failures: number
  /** Server CPU ms over the phase, and the same less the idle rate x the phase's time. */
  cpuMs: number
  netCpuMs: number
  seconds: number
  delivered: number
  events: Map<string, number>
}

interface Setup {
  sender: BenchUser
  receivers: BenchUser[]
  topicId: string
  rootId: string
  plainReadTopic: string
  richReadTopic: string
}

async function setUp(server: RunningServer): Promise<Setup> {
  const base = server.url
  const sender = await signUp(server, 'thread-sender')
  const receivers = await inPool(RECEIVERS, 8, (i) => signUp(server, `thread-r${i}`))
  const join = (channelId: string, users: BenchUser[]) =>
    inPool(users.length, 8, (i) => api(base, 'channel/join', { token: users[i]!.accessToken, body: { channel_id: channelId } }))
  const send = (user: BenchUser, topicId: string, extra: Record<string, unknown> = {}) =>
    api<Message>(base, 'message/send', {
      token: user.accessToken,
      body: { client_id: randomUUID(), topic_id: topicId, message: TEXT, ...extra },
    })
  const react = (user: BenchUser, messageId: string, emoji: string) =>
    api(base, 'reaction/add', { token: user.accessToken, body: { message_id: messageId, emoji } })

  const chat = await channelTopic(base, sender, `Thread cost ${Date.now()}`)
  await join(chat.channelId, receivers)
  // The root the rich sends reply to: reactions from several people, and some replies.
  const root = await send(sender, chat.topicId)
  for (const emoji of ROOT_EMOJI) for (const user of receivers.slice(0, REACTORS)) await react(user, root._id, emoji)
  for (let i = 0; i < ROOT_REPLIES; i++) await send(receivers[i % receivers.length]!, chat.topicId, { thread_root_id: root._id })

  // The chats read: 20 plain messages; 20 messages each with reactions and a thread.
  const readers = receivers.slice(0, Math.max(PAGE_EMOJI.length, PAGE_REPLIES))
  // An account may own one channel: each read chat has its own owner, and the sender (who reads) joins both.
  const [plainOwner, richOwner] = await Promise.all([signUp(server, 'thread-plain-owner'), signUp(server, 'thread-rich-owner')])
  const plain = await channelTopic(base, plainOwner, `Plain page ${Date.now()}`)
  const rich = await channelTopic(base, richOwner, `Rich page ${Date.now()}`)
  await join(plain.channelId, [sender])
  await join(rich.channelId, [sender, ...readers])
  for (let i = 0; i < PAGE; i++) await send(sender, plain.topicId)
  for (let i = 0; i < PAGE; i++) {
    const message = await send(sender, rich.topicId)
    for (const [k, emoji] of PAGE_EMOJI.entries()) await react(readers[k]!, message._id, emoji)
    for (let k = 0; k < PAGE_REPLIES; k++) await send(readers[k]!, rich.topicId, { thread_root_id: message._id })
  }
  // What the read phases read: check it is what they claim to be.
  const page = (topicId: string) => api<Message[]>(base, `topic/messages?topic_id=${topicId}&page=1`, { token: sender.accessToken })
  const [plainPage, richPage] = await Promise.all([page(plain.topicId), page(rich.topicId)])
  if (plainPage.length !== PAGE || plainPage.some((m) => m.reactions.length || m.thread))
    throw new Error('the plain page is not 20 messages without reactions or thread')
  if (richPage.length !== PAGE || richPage.some((m) => m.reactions.length !== PAGE_EMOJI.length || m.thread?.reply_count !== PAGE_REPLIES))
    throw new Error(`the rich page is not 20 messages each with ${PAGE_EMOJI.length} reactions and ${PAGE_REPLIES} replies`)
  return { sender, receivers, topicId: chat.topicId, rootId: root._id, plainReadTopic: plain.topicId, richReadTopic: rich.topicId }
}

/** The ops of each kind: op(i) with the phase's client_id prefix. */
function operations(base: string, s: Setup): Record<Kind, (prefix: string, i: number) => Promise<number>> {
  const token = s.sender.accessToken
  const message = (prefix: string, i: number) => ({ client_id: `${prefix}${i}`, topic_id: s.topicId, message: TEXT })
  return {
    plainSend: (prefix, i) => call(base, token, 'POST', 'message/send', message(prefix, i)),
    richSend: (prefix, i) => call(base, token, 'POST', 'message/send', { ...message(prefix, i), thread_root_id: s.rootId }),
    plainRead: () => call(base, token, 'GET', `topic/messages?topic_id=${s.plainReadTopic}&page=1`),
    richRead: () => call(base, token, 'GET', `topic/messages?topic_id=${s.richReadTopic}&page=1`),
  }
}

async function runPhase(
  probe: ServerProbe,
  tally: Tally,
  kind: Kind,
  op: (prefix: string, i: number) => Promise<number>,
  idlePerSecond: number,
): Promise<Phase> {
  // A client_id prefix of this phase (UUID-like length is not required: client_id is any string).
  const prefix = `${kind}-${randomUUID().slice(0, 8)}-`
  const sends = kind === 'plainSend' || kind === 'richSend'
  tally.reset(sends ? prefix : '')
  await probe.reset()
  const t0 = performance.now()
  const failures = await paced(OPS, RATE, (i) => op(prefix, i))
  if (sends) await tally.settled((OPS - failures) * RECEIVERS)
  const load = await probe.report()
  const seconds = (performance.now() - t0) / 1000
  return {
    ops: OPS,
    failures,
    cpuMs: load.cpuMs,
    netCpuMs: Math.max(0, load.cpuMs - idlePerSecond * seconds),
    seconds,
    delivered: tally.delivered,
    events: tally.events,
  }
}

/** The server's CPU ms per second with every socket connected and nothing happening. */
async function idleRate(probe: ServerProbe): Promise<number> {
  await sleep(500)
  await probe.reset()
  const t0 = performance.now()
  await sleep(IDLE_SAMPLE_MS)
  const load = await probe.report()
  return load.cpuMs / ((performance.now() - t0) / 1000)
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met')
const events = (m: Map<string, number>) =>
  [...m]
    .sort()
    .map(([name, n]) => `${name} ${n}`)
    .join(', ') || 'none'

export async function threadReactionCost(): Promise<void> {
  const server = await startServerProcess(PORT, BENCH_SERVER_ENV, { preload: [SERVER_PROBE], ipc: true })
  const sockets: Socket[] = []
  try {
    const probe = serverProbe(server.process)
    const setUpStarted = performance.now()
    const s = await setUp(server)
    const tally = new Tally()
    await inPool(s.receivers.length, 10, async (i) => {
      const socket = await openSocket(server.url, s.receivers[i]!.accessToken)
      sockets.push(socket)
      socket.onAny((name: string, payload: unknown) => tally.event(name, payload))
    })
    const ops = operations(server.url, s)
    // Warm-up, unmeasured: compiled code, prepared statements; and a check that every receiver gets the sends.
    for (const kind of KINDS) {
      const prefix = `warm-${kind}-`
      tally.reset(kind.endsWith('Send') ? prefix : '')
      const failed = await paced(WARMUP, RATE * 2, (i) => ops[kind](prefix, i))
      if (failed) throw new Error(`warm-up: ${failed} of ${WARMUP} ${kind} failed`)
      if (kind.endsWith('Send')) {
        await tally.settled(WARMUP * RECEIVERS)
        if (tally.delivered !== WARMUP * RECEIVERS)
          throw new Error(`warm-up: ${kind} delivered ${tally.delivered} of ${WARMUP * RECEIVERS} NEW_MESSAGE events`)
      }
    }
    console.log(
      `\nthread and reaction cost: 1 node, PGlite; ${RECEIVERS} receivers (real socket.io-client sockets) in one group chat; ` +
        `${OPS} ops per phase paced at ${RATE}/s, ${ROUNDS} interleaved rounds; set up and warmed up in ${round((performance.now() - setUpStarted) / 1000)} s`,
    )
    console.log(
      `  rich send = a reply in the thread of a root with ${ROOT_EMOJI.length} emoji x ${REACTORS} people and ${ROOT_REPLIES}+ replies (thread_root_id, not also in the chat); ` +
        `rich page = 20 messages each with ${PAGE_EMOJI.length} reactions and a ${PAGE_REPLIES}-reply thread summary`,
    )

    const rounds: { idle: number; phases: Record<Kind, Phase> }[] = []
    for (let r = 0; r < ROUNDS; r++) {
      const idle = await idleRate(probe)
      const order: Kind[] = r % 2 === 0 ? KINDS : ['richSend', 'plainSend', 'richRead', 'plainRead']
      const phases = {} as Record<Kind, Phase>
      for (const kind of order) phases[kind] = await runPhase(probe, tally, kind, ops[kind], idle)
      rounds.push({ idle, phases })
    }

    const per = (kind: Kind, p: Phase) => p.netCpuMs / (kind.endsWith('Send') ? Math.max(1, p.delivered) : p.ops - p.failures)
    const line = (kind: Kind, label: string, unit: string) => {
      const phases = rounds.map((r) => r.phases[kind])
      const each = phases.map((p) => per(kind, p))
      const failures = phases.reduce((n, p) => n + p.failures, 0)
      const lost = kind.endsWith('Send') ? phases.reduce((n, p) => n + (p.ops - p.failures) * RECEIVERS - p.delivered, 0) : 0
      const mid = phases[Math.floor(phases.length / 2)]!
      console.log(
        `  ${label.padEnd(12)} server CPU ${round(median(phases.map((p) => p.cpuMs)), 0)} ms per phase (${round(median(phases.map((p) => p.netCpuMs)), 0)} ms above idle) over ${round(median(phases.map((p) => p.seconds)), 1)} s; ` +
          `${round(median(each), 4)} ms per ${unit} (rounds: ${each.map((x) => round(x, 4)).join(', ')})` +
          (kind.endsWith('Send') ? `; deliveries ${median(phases.map((p) => p.delivered))} of ${OPS * RECEIVERS}` : '') +
          (failures ? `; ${failures} ops FAILED` : '') +
          (lost > 0 ? `; ${lost} deliveries NOT received` : ''),
      )
      if (kind.endsWith('Send')) {
        const perSend = median(phases.map((p) => p.netCpuMs / Math.max(1, p.ops - p.failures)))
        const perEvent = median(
          phases.map(
            (p) =>
              p.netCpuMs /
              Math.max(
                1,
                [...p.events.values()].reduce((n, x) => n + x, 0),
              ),
          ),
        )
        console.log(
          `  ${''.padEnd(12)} socket events the receivers got (round ${Math.floor(phases.length / 2) + 1}): ${events(mid.events)}; ` +
            `beside it (medians): ${round(perSend, 2)} ms per send, ${round(perEvent, 4)} ms per socket event received`,
        )
      }
      return each
    }
    const idle = median(rounds.map((r) => r.idle))
    console.log(
      `  idle: ${round(idle, 1)} ms CPU per second with the ${RECEIVERS} sockets connected (subtracted from each phase, per round)`,
    )
    console.log(
      '  a delivery = one receiver socket got the send’s NEW_MESSAGE (a reply’s carries its root’s new summary); any other event the send makes is part of it (its CPU is in the figure)',
    )
    const plainSend = line('plainSend', 'plain send', 'delivery')
    const richSend = line('richSend', 'rich send', 'delivery')
    const plainRead = line('plainRead', 'plain page', 'page')
    const richRead = line('richRead', 'rich page', 'page')
    const ratio = (rich: number[], plain: number[]) => {
      const each = rich.map((x, k) => round(x / plain[k]!, 2))
      return { each, median: median(each) }
    }
    const sendRatio = ratio(richSend, plainSend)
    const readRatio = ratio(richRead, plainRead)
    console.log(
      `  rich / plain server CPU per delivery, median of rounds: ${sendRatio.median} (rounds: ${sendRatio.each.join(', ')}; goal <= ${GOAL_RATIO}: ${met(sendRatio.median <= GOAL_RATIO)})`,
    )
    console.log(
      `  rich / plain server CPU per page read, median of rounds: ${readRatio.median} (rounds: ${readRatio.each.join(', ')}; goal <= ${GOAL_RATIO}: ${met(readRatio.median <= GOAL_RATIO)})`,
    )
  } finally {
    for (const socket of sockets) socket.close()
    agent.destroy()
    await server.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await threadReactionCost()
