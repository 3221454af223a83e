/**
 * Presence: the server's CPU for presence changes of 1,000 connected people. 1,000 accounts and 100
 * watchers in one channel (so each may see the others); each watcher's real socket.io-client socket
 * watches 200 of the people (PRESENCE_WATCH, as a member list on screen does), so each person is
 * watched by 20 sockets and every change fans out to 20. Per round, four phases of 1,000 changes
 * each (the 1,000 people's own real sockets), measured with the server's own probe (server-probe.mjs:
 * the process's CPU time over the phase):
 *   online   the 1,000 sockets connect (paced at 200/s);
 *   away     each reports ACTIVITY away (200/s);
 *   active   each reports ACTIVITY active (200/s);
 *   offline  the sockets close (200/s); each person goes offline after the 30 s grace (the phase
 *            lasts the closing, the grace and 2 s).
 * A phase lasts until all its 20,000 PRESENCE_CHANGED events reached the watchers. Its CPU less the
 * CPU of the same time idle (every socket connected for away and active, the watchers' only for
 * online and offline, each measured in the round) is the changes' CPU; per change it is that over
 * 1,000 (the online phase's also holds the sockets' handshakes). The figure
 * against the goal: CPU per change x the realistic rate of 1,000 people each changing state about
 * once per 10 minutes (1,000 / 600 s = 1.67 changes/s), as a share of one core; goal under 5 %.
 * Rounds: BENCH_PRESENCE_ROUNDS (3 by default), medians. One node on PGlite.
 */
import { pathToFileURL } from 'node:url'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { type RunningServer, startServerProcess } from '../support/server-process'
import { api, type BenchUser, signUp } from './accounts'
import { BENCH_SERVER_ENV, inPool, SERVER_PROBE, serverProbe, type ServerProbe } from './chat-fanout'
import { median, round } from './stats'

const PORT = Number(process.env.BENCH_PRESENCE_PORT ?? 3320)
const PEOPLE = Number(process.env.BENCH_PRESENCE_PEOPLE ?? 1_000)
/** Sockets watching each person; each watcher watches PRESENCE_WATCH_MAX (200) people. */
const WATCHED = 20
const WATCH_EACH = Math.min(200, PEOPLE)
const WATCHERS = (PEOPLE * WATCHED) / WATCH_EACH
const ROUNDS = Number(process.env.BENCH_PRESENCE_ROUNDS ?? 3)
const RATE = 200
/** The product's grace before offline (contract/presence.ts OFFLINE_GRACE_MS), and a margin for the timers. */
const GRACE_MS = 30_000
const REALISTIC_PER_SECOND = PEOPLE / 600
const GOAL_CORE_SHARE = 0.05

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

type Load = Awaited<ReturnType<ServerProbe['report']>>

function openSocket(url: string, token: string): Promise<Socket> {
  const socket = connectSocket(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (err) => reject(err))
  })
}

/** Runs `fn(i)` for i in 0..count-1 at `perSecond`, waiting for all. */
async function paced<T>(count: number, perSecond: number, fn: (i: number) => Promise<T> | T): Promise<T[]> {
  const started = performance.now()
  const out: Promise<T>[] = []
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / perSecond
    const wait = due - performance.now()
    if (wait > 0) await sleep(wait)
    out.push(Promise.resolve(fn(i)))
  }
  return Promise.all(out)
}

interface Phase {
  name: string
  cpuMs: number
  seconds: number
  /** PRESENCE_CHANGED events the watchers received in the phase. */
  delivered: number
}

/** Waits until the watchers got `target` events (or `ms` passed): the phase's work is all done. */
async function delivery(delivered: () => number, target: number, ms: number) {
  const until = performance.now() + ms
  while (delivered() < target && performance.now() < until) await sleep(50)
}

async function measure(probe: ServerProbe, name: string, body: () => Promise<void>, delivered: () => number): Promise<Phase> {
  const before = delivered()
  await probe.reset()
  const started = performance.now()
  await body()
  // Every change reaches its 20 watchers before the phase ends (the server may be behind the senders).
  await delivery(delivered, before + PEOPLE * WATCHED, 60_000)
  const load: Load = await probe.report()
  return { name, cpuMs: load.cpuMs, seconds: (performance.now() - started) / 1000, delivered: delivered() - before }
}

async function setUp(server: RunningServer): Promise<{ people: BenchUser[]; watchers: BenchUser[] }> {
  const everyone = await inPool(PEOPLE + WATCHERS, 8, (i) => signUp(server, `presence-${i}`))
  const owner = everyone[0]!
  const channel = await api<{ _id: string }>(server.url, 'channel/create', {
    token: owner.accessToken,
    body: { name: 'Presence bench', description: '<p>Bench</p>', is_public: true },
  })
  await inPool(everyone.length - 1, 8, (i) =>
    api(server.url, 'channel/join', { token: everyone[i + 1]!.accessToken, body: { channel_id: channel._id } }),
  )
  return { people: everyone.slice(0, PEOPLE), watchers: everyone.slice(PEOPLE) }
}

/** The watchers' sockets: watcher j watches people j*10 .. j*10+199 (so each person has 20 watchers). */
async function openWatchers(server: RunningServer, people: BenchUser[], watchers: BenchUser[], onChange: () => void): Promise<Socket[]> {
  const step = PEOPLE / WATCHERS
  return inPool(watchers.length, 8, async (j) => {
    const socket = await openSocket(server.url, watchers[j]!.accessToken)
    socket.on('PRESENCE_CHANGED', onChange)
    const ids = Array.from({ length: WATCH_EACH }, (_, k) => people[(j * step + k) % PEOPLE]!.userId)
    const answer = (await socket.timeout(10_000).emitWithAck('PRESENCE_WATCH', { user_ids: ids })) as { watching: string[] }
    if (answer.watching.length !== WATCH_EACH) throw new Error(`a watcher may watch ${answer.watching.length} of ${WATCH_EACH}`)
    return socket
  })
}

interface Round {
  /** CPU ms per second with every socket connected and quiet, and with only the watchers'. */
  idleAll: number
  idleWatchers: number
  phases: Phase[]
}

/** The server's CPU ms per second over 5 s with nothing happening (after 2 s for what is left to settle). */
async function idleRate(probe: ServerProbe): Promise<number> {
  await sleep(2_000)
  await probe.reset()
  const started = performance.now()
  await sleep(5_000)
  const idle = await probe.report()
  return idle.cpuMs / ((performance.now() - started) / 1000)
}

async function oneRound(server: RunningServer, probe: ServerProbe, people: BenchUser[], counted: { delivered: number }): Promise<Round> {
  const delivered = () => counted.delivered
  const sockets: Socket[] = new Array(PEOPLE)
  const phases: Phase[] = []
  phases.push(
    await measure(
      probe,
      'online',
      async () => {
        await paced(PEOPLE, RATE, async (i) => {
          sockets[i] = await openSocket(server.url, people[i]!.accessToken)
        })
      },
      delivered,
    ),
  )
  // The same sockets, connected and quiet: the server's CPU without changes (pings, timers).
  const idleAll = await idleRate(probe)

  for (const state of ['away', 'active'] as const)
    phases.push(
      await measure(
        probe,
        state,
        async () => {
          await paced(PEOPLE, RATE, (i) => void sockets[i]!.emit('ACTIVITY', { state }))
        },
        delivered,
      ),
    )
  phases.push(
    await measure(
      probe,
      'offline',
      async () => {
        await paced(PEOPLE, RATE, (i) => void sockets[i]!.disconnect())
        await sleep(GRACE_MS)
      },
      delivered,
    ),
  )
  const idleWatchers = await idleRate(probe)
  return { idleAll, idleWatchers, phases }
}

export async function presenceBench(): Promise<void> {
  const server = await startServerProcess(PORT, BENCH_SERVER_ENV, { preload: [SERVER_PROBE], ipc: true })
  try {
    const probe = serverProbe(server.process)
    const setUpStarted = performance.now()
    const { people, watchers } = await setUp(server)
    console.log(
      `\npresence: ${PEOPLE} people and ${WATCHERS} watchers (each watching ${WATCH_EACH}: ${WATCHED} sockets per person) in one channel, signed up in ${round((performance.now() - setUpStarted) / 1000)} s`,
    )
    const counted = { delivered: 0 }
    const watching = await openWatchers(server, people, watchers, () => counted.delivered++)
    const rounds: Round[] = []
    try {
      for (let r = 0; r < ROUNDS; r++) rounds.push(await oneRound(server, probe, people, counted))
    } finally {
      for (const s of watching) s.disconnect()
    }
    const names = rounds[0]!.phases.map((p) => p.name)
    const perChange: number[] = []
    for (const name of names) {
      // Away and active happen with every socket connected; online and offline mostly with the watchers' only.
      const of = rounds.map((r) => ({
        phase: r.phases.find((p) => p.name === name)!,
        idle: name === 'away' || name === 'active' ? r.idleAll : r.idleWatchers,
      }))
      const net = of.map(({ phase, idle }) => Math.max(0, phase.cpuMs - idle * phase.seconds))
      const ms = median(net.map((n) => n / PEOPLE))
      perChange.push(ms)
      console.log(
        `  ${name.padEnd(8)} ${PEOPLE} changes: server CPU ${round(median(of.map((o) => o.phase.cpuMs)), 0)} ms over ${round(median(of.map((o) => o.phase.seconds)), 1)} s, ` +
          `${round(median(net), 0)} ms above idle; ${round(ms, 3)} ms per change; PRESENCE_CHANGED delivered ${median(of.map((o) => o.phase.delivered))} (median of ${ROUNDS} rounds)`,
      )
    }
    const idle = median(rounds.map((r) => r.idleAll))
    const worst = Math.max(...perChange)
    const share = (worst * REALISTIC_PER_SECOND) / 1000
    console.log(
      `  idle: ${round(idle, 1)} ms CPU per second with all ${PEOPLE + WATCHERS} sockets connected (${round(idle / 10, 2)} % of one core), ${round(median(rounds.map((r) => r.idleWatchers)), 1)} ms with the ${WATCHERS} watchers' only`,
    )
    console.log(
      `  presence changes at the realistic rate (${PEOPLE} people each changing state about once per 10 minutes: ${round(REALISTIC_PER_SECOND, 2)} changes/s) ` +
        `x the costliest phase's CPU per change (${round(worst, 3)} ms): ${round(share * 100, 3)} % of one core ` +
        `(goal under ${GOAL_CORE_SHARE * 100} %: ${share < GOAL_CORE_SHARE ? 'met' : 'NOT met'})`,
    )
  } finally {
    await server.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await presenceBench()
