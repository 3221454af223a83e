import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../server/config'
import { optionsFromEnv } from '../../server/env-options'
import { createSfu } from '../../server/sfu/create'
import { EmbeddedSfu } from '../../server/sfu/embedded'
import { janusId, JanusSfu } from '../../server/sfu/janus'
import type { Sfu } from '../../server/sfu/sfu'
import { janusMissing, type RunningJanus, startJanus } from '../support/janus'
import { SfuPeer } from '../support/sfu-peer'

/**
 * One suite for both SFUs of server/sfu/sfu.ts: werift peers in this process publish an audio and
 * a video track of generated RTP and subscribe to each other; what they receive is counted at each
 * receiver, by feed and kind. Janus runs from tests/support/janus.ts (or JANUS_URL when set); its
 * run is skipped, saying why, only where Janus is not installed.
 */
const VIDEO = 30
const AUDIO = 15

type Counts = Map<string, number>
const snapshot = (peers: SfuPeer[]) => new Map(peers.map((p) => [p.participantId, new Map(p.received)] as const))
const grown = (peer: SfuPeer, before: Map<string, Counts>, key: string) =>
  (peer.received.get(key) ?? 0) - (before.get(peer.participantId)?.get(key) ?? 0)

/**
 * Everyone publishes, then subscribes to everyone else, one at a time. A connection that fails is
 * tried once more: beside the other test files' servers on two cores, werift's ICE checks (7 tries
 * over ~6 s) can starve; a second failure fails the test.
 */
async function meet(sfu: Sfu, roomId: string, names: string[]) {
  const peers = names.map((name) => new SfuPeer(sfu, roomId, name))
  for (const peer of peers) await publish(peer)
  for (const peer of peers) {
    for (const other of peers) if (other !== peer) await subscribe(peer, other.feed!)
  }
  return peers
}

const publish = (peer: SfuPeer) => peer.publish().catch(() => peer.publish())
const subscribe = (peer: SfuPeer, feed: string) => peer.subscribe(feed).catch(() => peer.subscribe(feed))

/** Resolves once every peer has received `video` video and `audio` audio packets more than in `before` from every feed in `feeds`. */
function receiveMore(peers: SfuPeer[], feeds: (peer: SfuPeer) => string[], before: Map<string, Counts>, video = VIDEO, audio = AUDIO) {
  return Promise.all(
    peers.map((peer) =>
      peer.until(
        () => feeds(peer).every((feed) => grown(peer, before, `${feed}/video`) >= video && grown(peer, before, `${feed}/audio`) >= audio),
        `${video} video and ${audio} audio packets more from ${feeds(peer).join(', ')}`,
      ),
    ),
  )
}

const janusSkip = process.env.JANUS_URL ? null : janusMissing()
const implementations: { name: string; skip: string | null; start(): Promise<{ sfu: Sfu; janusUrl?: string; stop(): Promise<void> }> }[] = [
  {
    name: 'embedded',
    skip: null,
    async start() {
      const sfu = new EmbeddedSfu()
      return { sfu, stop: () => sfu.close() }
    },
  },
  {
    name: 'janus',
    skip: janusSkip,
    async start() {
      const janus: RunningJanus | null = process.env.JANUS_URL ? null : await startJanus()
      const url = process.env.JANUS_URL ?? janus!.url
      const sfu = new JanusSfu({ url })
      return {
        sfu,
        janusUrl: url,
        async stop() {
          await sfu.close()
          await janus?.stop()
        },
      }
    },
  },
]

/** Asks Janus itself, not the code under test, whether a videoroom exists. */
async function janusRoomExists(url: string, roomId: string) {
  const post = async (path: string, body: object) =>
    (await (await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify({ ...body, transaction: randomUUID() }) })).json()) as {
      data?: { id: number }
      plugindata?: { data: { exists?: boolean } }
    }
  const session = (await post('', { janus: 'create' })).data!.id
  const handle = (await post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id
  const reply = await post(`/${session}/${handle}`, { janus: 'message', body: { request: 'exists', room: janusId('room', roomId) } })
  await post(`/${session}`, { janus: 'destroy' })
  return reply.plugindata!.data.exists
}

for (const impl of implementations) {
  describe.skipIf(impl.skip !== null)(
    `the ${impl.name} SFU${impl.skip ? ` (skipped: Janus cannot start here: ${impl.skip})` : ''}`,
    { timeout: 90_000 },
    () => {
      let sfu: Sfu
      let janusUrl: string | undefined
      let stop: () => Promise<void>
      const roomId = `room-${randomUUID()}`
      const controlRoomId = `control-${randomUUID()}`
      let peers: SfuPeer[] = []
      let control: SfuPeer[] = []

      beforeAll(async () => {
        ;({ sfu, janusUrl, stop } = await impl.start())
      })
      afterAll(async () => {
        await Promise.all([...peers, ...control].map((peer) => peer.close()))
        await stop?.()
      })

      it(`is ${impl.name}`, () => {
        expect(sfu.kind).toBe(impl.name)
      })

      it('forwards every publisher’s audio and video to each of the other three participants, and keeps forwarding', async () => {
        peers = await meet(sfu, roomId, ['ana', 'bao', 'chi', 'dung'])
        // Four feeds, each named by its publisher's id (a later joiner subscribes by id), each received by the three others (and not by its own publisher).
        for (const peer of peers) expect(peer.feed).toBe(peer.participantId)
        const others = (peer: SfuPeer) => peers.filter((p) => p !== peer).map((p) => p.feed!)
        await receiveMore(peers, others, new Map())
        for (const peer of peers) expect(peer.count(peer.feed!, 'video')).toBe(0)
        // The counts keep growing.
        await receiveMore(peers, others, snapshot(peers))
      })

      it('stops a participant’s packets for the others, and theirs, when they leave; the others go on', async () => {
        control = await meet(sfu, controlRoomId, ['eve', 'phu'])
        const [ana, ...rest] = peers
        await sfu.leave(roomId, ana.participantId)
        const remaining = (peer: SfuPeer) => rest.filter((p) => p !== peer).map((p) => p.feed!)
        // Packets already on their way when leave returned are let in first: the others receive more from each other.
        await receiveMore(rest, remaining, snapshot(peers))
        const before = snapshot(peers)
        await receiveMore(rest, remaining, before)
        for (const peer of rest) {
          expect(grown(peer, before, `${ana.feed}/video`)).toBe(0)
          expect(grown(peer, before, `${ana.feed}/audio`)).toBe(0)
        }
        for (const feed of rest.map((p) => p.feed!)) expect(grown(ana, before, `${feed}/video`)).toBe(0)
        await ana.close()
      })

      it('keeps the feed of a participant who publishes again from another device; subscribing again receives the new stream', async () => {
        const [, bao, chi, dung] = peers
        await bao.close()
        const bao2 = new SfuPeer(sfu, roomId, 'bao')
        peers.push(bao2)
        expect(await publish(bao2)).toBe(bao.feed)
        await subscribe(chi, bao2.feed!)
        await subscribe(dung, bao2.feed!)
        await subscribe(bao2, chi.feed!)
        await subscribe(bao2, dung.feed!)
        const everyone = [bao2, chi, dung]
        await receiveMore(everyone, (peer) => everyone.filter((p) => p !== peer).map((p) => p.feed!), snapshot(everyone))
      })

      it('closeRoom stops everyone’s packets in the room and forgets it; another room goes on', async () => {
        const inRoom = peers.slice(2)
        await sfu.closeRoom(roomId)
        const others = (peer: SfuPeer) => control.filter((p) => p !== peer).map((p) => p.feed!)
        // Packets already on their way are let in first; then time passes, measured in the control room's packets: ~1 s of video.
        await receiveMore(control, others, snapshot(control))
        const before = snapshot([...inRoom, ...control])
        await receiveMore(control, others, before, 100, 40)
        for (const peer of inRoom) {
          for (const key of peer.received.keys()) expect(grown(peer, before, key), `${peer.participantId} ${key}`).toBe(0)
        }
        if (sfu instanceof EmbeddedSfu) {
          // Only the control room's two publications and two subscriptions are left.
          expect(await sfu.counts()).toEqual({ rooms: 1, peerConnections: 4 })
        }
        if (janusUrl) {
          expect(await janusRoomExists(janusUrl, roomId)).toBe(false)
          expect(await janusRoomExists(janusUrl, controlRoomId)).toBe(true)
        }
      })

      it('a feed subscribed to as soon as its publisher has the answer, its connection still starting, is received', async () => {
        const raceRoomId = `race-${randomUUID()}`
        const [eve, fay] = [new SfuPeer(sfu, raceRoomId, 'eve'), new SfuPeer(sfu, raceRoomId, 'fay')]
        control.push(eve, fay)
        await publish(fay)
        await eve.publish({ connected: false })
        await subscribe(fay, 'eve')
        await receiveMore([fay], () => ['eve'], snapshot([fay]))
        await sfu.closeRoom(raceRoomId)
      })

      it('refuses a subscription to a feed nobody publishes', async () => {
        const outsider = new SfuPeer(sfu, controlRoomId, 'gia')
        await expect(outsider.subscribe('404')).rejects.toThrow()
        await sfu.closeRoom(controlRoomId)
      })
    },
  )
}

describe('the SFU of a server', () => {
  const configFrom = (env: NodeJS.ProcessEnv) =>
    resolveConfig({ ...optionsFromEnv(env, { port: 0, host: '127.0.0.1' }), jwtSecret: 'a-test-secret-of-at-least-32-characters' })

  it('is Janus at JANUS_URL when it is set, the embedded SFU otherwise', async () => {
    const janus = await configFrom({ JANUS_URL: 'http://127.0.0.1:8088/janus/', JANUS_API_SECRET: 's3cret' })
    expect(janus.janus).toEqual({ url: 'http://127.0.0.1:8088/janus', apiSecret: 's3cret' })
    expect(createSfu({ janus: janus.janus }).kind).toBe('janus')
    const embedded = createSfu({ janus: (await configFrom({})).janus })
    expect(embedded.kind).toBe('embedded')
    // Never used: closing it starts no worker.
    await embedded.close()
  })
})
