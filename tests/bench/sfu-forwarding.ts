/**
 * SFU forwarding cost (issue 24): for each SFU (embedded: werift in a worker thread; Janus: its
 * videoroom plugin, from tests/support/janus.ts), rooms of 4, 8 and 12 fake participants (werift
 * peers in this process, tests/support/sfu-peer.ts), each publishing one video stream of generated
 * RTP at ~1 Mbit/s (100 packets/s of 1200 bytes, ~30 fps) and subscribing to everyone else's:
 * n x (n - 1) forwarded streams. The SFU's CPU time is read over a fixed window (the embedded SFU's
 * worker thread: /proc/thread-self/schedstat; Janus: its process's utime + stime in /proc/<pid>/stat)
 * and given as forwarded streams per core: streams / (CPU seconds / wall seconds). The streams are
 * counted from the packets the publishers sent in the window, times the n - 1 subscribers of each (a
 * stream = 100 packets/s): on a loaded machine this process, which shares the cores, may send less
 * than the nominal rate, and the line says how much it sent and what share reached the subscribers. For each size both SFUs' rooms are set up
 * at once, media paused, then take turns sending in interleaved rounds (BENCH_SFU_ROUNDS, 3 by
 * default; medians). The well-known C SFUs reach several hundred streams per core.
 */
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { EmbeddedSfu } from '../../server/sfu/embedded'
import { JanusSfu } from '../../server/sfu/janus'
import type { Sfu } from '../../server/sfu/sfu'
import { janusMissing, startJanus } from '../support/janus'
import { SfuPeer } from '../support/sfu-peer'
import { median, round } from './stats'

const ROUNDS = Number(process.env.BENCH_SFU_ROUNDS ?? 3)
const SIZES = [4, 8, 12]
const PACKETS_PER_SECOND = 100
const WARM_MS = 1000
const WINDOW_MS = 3000
/** Clock ticks per second of /proc/<pid>/stat (getconf CLK_TCK: 100 on Linux). */
const CLOCK_TICKS = 100

interface Contender {
  name: string
  sfu: Sfu
  /** CPU seconds the SFU has used so far. */
  cpu(): Promise<number>
}

/** A process's CPU time (all its threads, user + system) from /proc/<pid>/stat. */
function processCpuSeconds(pid: number) {
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

async function room(sfu: Sfu, size: number, tag: string) {
  const roomId = `bench-${tag}-${size}-${Date.now()}`
  const peers = Array.from({ length: size }, (_, i) => new SfuPeer(sfu, roomId, `p${i}`, { audio: false }))
  for (const peer of peers) {
    await peer.publish()
    peer.stopMedia()
  }
  // Three subscriptions at a time, each tried twice: on a loaded machine many DTLS handshakes at once time out.
  const pairs = peers.flatMap((peer) => peers.filter((other) => other !== peer).map((other) => [peer, other.feed!] as const))
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      for (let pair = pairs.shift(); pair; pair = pairs.shift()) {
        const [peer, feed] = pair
        await peer.subscribe(feed).catch(() => peer.subscribe(feed))
      }
    }),
  )
  return { roomId, peers }
}

const sent = (peers: SfuPeer[]) => peers.reduce((sum, peer) => sum + peer.videoSent, 0)
const received = (peers: SfuPeer[]) => peers.reduce((sum, peer) => sum + [...peer.received.values()].reduce((a, b) => a + b, 0), 0)

async function measure(contender: Contender, peers: SfuPeer[]) {
  for (const peer of peers) peer.startMedia()
  await new Promise((resolve) => setTimeout(resolve, WARM_MS))
  const cpu0 = await contender.cpu()
  const sent0 = sent(peers)
  const t0 = performance.now()
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS))
  const cpu1 = await contender.cpu()
  const sent1 = sent(peers)
  const wall = (performance.now() - t0) / 1000
  for (const peer of peers) peer.stopMedia()
  const cores = (cpu1 - cpu0) / wall
  // What the SFU had to forward in the window: each packet sent, to the n - 1 others.
  const streams = ((sent1 - sent0) * (peers.length - 1)) / wall / PACKETS_PER_SECOND
  return { cores, streams, perCore: streams / cores }
}

export async function sfuForwarding() {
  const contenders: Contender[] = []
  const stops: (() => Promise<void>)[] = []
  const embedded = new EmbeddedSfu()
  const cpuOfEmbedded = async () => {
    const seconds = await embedded.cpuSeconds()
    if (seconds === null) throw new Error('the embedded SFU cannot read its CPU time here (Linux /proc/thread-self)')
    return seconds
  }
  contenders.push({ name: 'embedded (werift, worker thread)', sfu: embedded, cpu: cpuOfEmbedded })
  stops.push(() => embedded.close())
  const missing = janusMissing()
  if (missing) {
    console.log(`\nSFU forwarding: Janus skipped (${missing})`)
  } else {
    const janus = await startJanus()
    const sfu = new JanusSfu({ url: janus.url })
    contenders.push({ name: 'janus 1.1 (videoroom, HTTP API)', sfu, cpu: async () => processCpuSeconds(janus.pid) })
    stops.push(async () => {
      await sfu.close()
      await janus.stop()
    })
  }
  console.log(
    `\nSFU forwarding: each participant publishes 1 video stream (${PACKETS_PER_SECOND} packets/s of 1200 bytes, ~1 Mbit/s) and subscribes to all others; ` +
      `${ROUNDS} interleaved rounds of ${WINDOW_MS / 1000} s per SFU and size, medians`,
  )
  try {
    for (const size of SIZES) {
      const rooms = []
      for (const contender of contenders) {
        const started = performance.now()
        rooms.push({ contender, ...(await room(contender.sfu, size, contender.name.split(' ')[0]!)), setUpMs: performance.now() - started })
      }
      const results = new Map<string, Awaited<ReturnType<typeof measure>>[]>()
      for (let r = 0; r < ROUNDS; r++) {
        for (const { contender, peers } of rooms) {
          const result = await measure(contender, peers)
          results.set(contender.name, [...(results.get(contender.name) ?? []), result])
        }
      }
      for (const { contender, roomId, peers, setUpMs } of rooms) {
        const runs = results.get(contender.name)!
        const expected = size * (size - 1)
        const streams = median(runs.map((x) => x.streams))
        // Of every packet sent in the rounds (and warm-ups), the share that reached each of the others.
        const delivered = received(peers) / (sent(peers) * (size - 1))
        console.log(
          `  ${contender.name}, ${size} participants (${expected} streams forwarded): ${round(median(runs.map((x) => x.perCore)), 0)} streams per core; ` +
            `CPU ${round(median(runs.map((x) => x.cores)) * 100, 1)}% of a core for ${round(streams, 1)} streams' packets ` +
            `(the publishers sent ${round((streams / expected) * 100, 0)}% of the nominal rate; ${round(delivered * 100, 1)}% of the packets reached each subscriber); ` +
            `set-up of the room ${round(setUpMs / 1000, 1)} s`,
        )
        await contender.sfu.closeRoom(roomId)
        await Promise.all(peers.map((peer) => peer.close()))
      }
    }
  } finally {
    for (const stop of stops) await stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await sfuForwarding()
