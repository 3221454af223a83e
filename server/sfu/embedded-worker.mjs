// The embedded SFU in a thread of its own: werift (WebRTC in TypeScript, no native build) receives
// each publisher's RTP and forwards it to the feed's subscribers, so the packets' decryption and
// encryption stay off the server's event loop. embedded.ts is the other side; it sends
// { id, op: 'publish' | 'subscribe' | 'subscribeAnswer' | 'leave' | 'closeRoom' | 'cpu' | 'close', ... }
// and gets { id, result } or { id, error }. Plain JavaScript: a worker runs outside the TypeScript
// loader of tests and tools (as server/db/pglite-worker.mjs).
import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { RTCPeerConnection, useAbsSendTime, useOPUS, useSdesMid, useTransportWideCC, useVP8 } from 'werift'

/** A subscriber's picture loss (or a new subscriber) asks the publisher for a keyframe at most this often. */
const KEYFRAME_REQUEST_GAP_MS = 500

/** The sequence numbers of the last packets forwarded per track, to drop duplicates (a power of 2 that divides 65536). */
const RECENT_PACKETS = 1024

/** @type {{ iceServers: { urls: string; username?: string; credential?: string }[]; iceAdditionalHostAddresses: string[] }} */
const settings = workerData

/**
 * One codec per kind, the one every browser sends and receives (Chromium, Firefox and Safari all
 * have VP8 and Opus): a publisher's packets go to each subscriber unchanged, so both sides of the
 * SFU must speak the same codec.
 */
function peerConnection() {
  return new RTCPeerConnection({
    codecs: { audio: [useOPUS()], video: [useVP8()] },
    headerExtensions: {
      audio: [useSdesMid()],
      video: [useSdesMid(), useAbsSendTime(), useTransportWideCC()],
    },
    iceServers: settings.iceServers,
    iceAdditionalHostAddresses: settings.iceAdditionalHostAddresses,
    bundlePolicy: 'max-bundle',
  })
}

const hasStunServer = settings.iceServers.some((server) => server.urls.startsWith('stun:'))

/**
 * Without a STUN server in its configuration, werift's ICE still asks Google's
 * (stun.l.google.com:19302) and waits 5 s for it when it cannot be reached: the SFU asks none then.
 * Called before each setLocalDescription, once the transports exist.
 * @param {import('werift').RTCPeerConnection} pc
 */
function withoutDefaultStun(pc) {
  if (hasStunServer) return
  for (const transport of pc.iceTransports) transport.connection.stunServer = undefined
}

/**
 * @typedef {{ kind: 'audio' | 'video'; mediaSsrc?: number; receiver: import('werift').RTCRtpReceiver; lastKeyframeRequest: number; recent: Int32Array }} PublishedTrack
 * @typedef {{ pc: import('werift').RTCPeerConnection; tracks: PublishedTrack[] }} Publication
 * @typedef {{ ssrc?: number; seqOffset: number; tsOffset: number; lastSeq?: number; lastTs?: number }} Rewrite
 * @typedef {{ participantId: string; feed: string; pc: import('werift').RTCPeerConnection; senders: import('werift').RTCRtpSender[]; rewrites: Rewrite[] }} Subscription
 * @typedef {{ publication?: Publication; subscribers: Set<Subscription> }} Feed
 * @typedef {{ feeds: Map<string, Feed>; subscriptions: Map<string, Subscription> }} Room
 */

/** @type {Map<string, Room>} */
const rooms = new Map()

/** @param {string} roomId */
function room(roomId) {
  let r = rooms.get(roomId)
  if (!r) {
    r = { feeds: new Map(), subscriptions: new Map() }
    rooms.set(roomId, r)
  }
  return r
}

/** @param {string} participantId @param {string} feed */
const subscriptionKey = (participantId, feed) => `${participantId}\n${feed}`

/** @param {PublishedTrack} track */
function requestKeyframe(track) {
  const now = Date.now()
  if (track.kind !== 'video' || track.mediaSsrc === undefined || now - track.lastKeyframeRequest < KEYFRAME_REQUEST_GAP_MS) return
  track.lastKeyframeRequest = now
  track.receiver.sendRtcpPLI(track.mediaSsrc).catch(() => undefined)
}

/**
 * The packet as this subscriber's sender sends it: its own copy, without the publisher's header
 * extensions (their ids are the publisher's negotiation, not the subscriber's; the sender writes
 * its own), and with sequence numbers and timestamps that go on from the previous publisher's when
 * the feed is published again (a new device, an ICE restart): the subscriber sees one stream.
 * @param {import('werift').RtpPacket} rtp @param {Rewrite} rewrite
 */
function rewritten(rtp, rewrite) {
  const packet = rtp.clone()
  const header = packet.header
  if (rewrite.ssrc !== header.ssrc) {
    if (rewrite.lastSeq !== undefined && rewrite.lastTs !== undefined) {
      rewrite.seqOffset = (rewrite.lastSeq + 1 - header.sequenceNumber) & 0xffff
      rewrite.tsOffset = (rewrite.lastTs + 3000 - header.timestamp) >>> 0
    }
    rewrite.ssrc = header.ssrc
  }
  header.sequenceNumber = (header.sequenceNumber + rewrite.seqOffset) & 0xffff
  header.timestamp = (header.timestamp + rewrite.tsOffset) >>> 0
  rewrite.lastSeq = header.sequenceNumber
  rewrite.lastTs = header.timestamp
  header.extensions = []
  header.extension = false
  return packet
}

/** @param {Subscription} subscription @param {number} index @param {import('werift').RtpPacket} rtp */
function forward(subscription, index, rtp) {
  const sender = subscription.senders[index]
  if (!sender) return
  sender.sendRtp(rewritten(rtp, subscription.rewrites[index])).catch(() => undefined)
}

/**
 * Forwards the publication's RTP to the feed's subscribers, transceiver by transceiver (in m-line
 * order: a subscription has one sender per publisher's transceiver).
 * @param {Feed} owner @param {Publication} publication
 */
function forwardTracks(owner, publication) {
  const media = publication.pc.getTransceivers().filter((t) => t.kind === 'audio' || t.kind === 'video')
  media.forEach((transceiver, index) => {
    transceiver.setDirection('recvonly')
    // werift makes the receiving track while it applies the offer.
    const track = transceiver.receiver.track
    /** @type {PublishedTrack} */
    const published = {
      kind: transceiver.kind === 'audio' ? 'audio' : 'video',
      receiver: transceiver.receiver,
      mediaSsrc: track.ssrc,
      lastKeyframeRequest: 0,
      recent: new Int32Array(RECENT_PACKETS).fill(-1),
    }
    publication.tracks.push(published)
    track.onReceiveRtp.subscribe((rtp) => {
      if (owner.publication !== publication) return
      // A packet received twice (a retransmission asked for by a NACK, the original only late) goes out once.
      const seq = rtp.header.sequenceNumber
      if (published.recent[seq % RECENT_PACKETS] === seq) return
      published.recent[seq % RECENT_PACKETS] = seq
      if (published.mediaSsrc !== rtp.header.ssrc) {
        published.mediaSsrc = rtp.header.ssrc
        // Subscribers already there (a publication replacing another) need a keyframe of the new stream.
        if (owner.subscribers.size > 0) requestKeyframe(published)
      }
      for (const subscription of owner.subscribers) forward(subscription, index, rtp)
    })
  })
}

/**
 * A participant's publication. Published again (another device, or a new peer connection after a
 * network change), the new publication replaces the old one under the same feed; the feed's
 * subscriptions go on with the new stream (Janus's need subscribing again: clients do so for both).
 * @param {string} roomId @param {string} participantId @param {string} offerSdp
 */
async function publish(roomId, participantId, offerSdp) {
  const r = room(roomId)
  const feed = participantId
  let entry = r.feeds.get(feed)
  if (!entry) {
    entry = { subscribers: new Set() }
    r.feeds.set(feed, entry)
  }
  const previous = entry.publication
  const pc = peerConnection()
  /** @type {Publication} */
  const publication = { pc, tracks: [] }
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp })
    forwardTracks(entry, publication)
    withoutDefaultStun(pc)
    await pc.setLocalDescription(await pc.createAnswer())
  } catch (err) {
    await pc.close().catch(() => undefined)
    throw err
  }
  entry.publication = publication
  if (previous) await previous.pc.close().catch(() => undefined)
  return { feed, answerSdp: pc.localDescription?.sdp ?? '' }
}

/** @param {string} roomId @param {string} participantId @param {string} feed */
async function subscribe(roomId, participantId, feed) {
  const r = rooms.get(roomId)
  const entry = r?.feeds.get(feed)
  const publication = entry?.publication
  if (!r || !entry || !publication) throw new Error(`no feed ${feed} in room ${roomId}`)
  const key = subscriptionKey(participantId, feed)
  const existing = r.subscriptions.get(key)
  if (existing) await closeSubscription(r, existing)
  const pc = peerConnection()
  /** @type {Subscription} */
  const subscription = { participantId, feed, pc, senders: [], rewrites: [] }
  for (const track of publication.tracks) {
    subscription.senders.push(pc.addTransceiver(track.kind, { direction: 'sendonly' }).sender)
    subscription.rewrites.push({ seqOffset: 0, tsOffset: 0 })
  }
  try {
    withoutDefaultStun(pc)
    await pc.setLocalDescription(await pc.createOffer())
  } catch (err) {
    await pc.close().catch(() => undefined)
    throw err
  }
  r.subscriptions.set(key, subscription)
  // A subscriber that lost a picture (or is new: connected, it waits for a keyframe) asks the
  // publisher for one, whichever publication the feed has by then.
  const askKeyframes = () => {
    for (const track of entry.publication?.tracks ?? []) requestKeyframe(track)
  }
  for (const sender of subscription.senders) sender.onPictureLossIndication.subscribe(askKeyframes)
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') askKeyframes()
  })
  return { offerSdp: pc.localDescription?.sdp ?? '' }
}

/** @param {string} roomId @param {string} participantId @param {string} feed @param {string} answerSdp */
async function subscribeAnswer(roomId, participantId, feed, answerSdp) {
  const r = rooms.get(roomId)
  const subscription = r?.subscriptions.get(subscriptionKey(participantId, feed))
  const entry = r?.feeds.get(feed)
  if (!r || !subscription || !entry) throw new Error(`${participantId} has no subscription to ${feed} in room ${roomId}`)
  await subscription.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp })
  entry.subscribers.add(subscription)
}

/** @param {Room} r @param {Subscription} subscription */
async function closeSubscription(r, subscription) {
  r.subscriptions.delete(subscriptionKey(subscription.participantId, subscription.feed))
  r.feeds.get(subscription.feed)?.subscribers.delete(subscription)
  await subscription.pc.close().catch(() => undefined)
}

/** @param {string} roomId @param {string} participantId */
async function leave(roomId, participantId) {
  const r = rooms.get(roomId)
  if (!r) return
  const closing = []
  for (const subscription of r.subscriptions.values()) {
    if (subscription.participantId === participantId || subscription.feed === participantId)
      closing.push(closeSubscription(r, subscription))
  }
  const entry = r.feeds.get(participantId)
  r.feeds.delete(participantId)
  if (entry?.publication) closing.push(entry.publication.pc.close().catch(() => undefined))
  await Promise.all(closing)
  if (r.feeds.size === 0 && r.subscriptions.size === 0) rooms.delete(roomId)
}

/** @param {string} roomId */
async function closeRoom(roomId) {
  const r = rooms.get(roomId)
  if (!r) return
  rooms.delete(roomId)
  const closing = [...r.subscriptions.values()].map((s) => s.pc.close().catch(() => undefined))
  for (const entry of r.feeds.values()) if (entry.publication) closing.push(entry.publication.pc.close().catch(() => undefined))
  await Promise.all(closing)
}

/**
 * This thread's CPU time in seconds (Linux: /proc/thread-self/schedstat, nanoseconds on a core),
 * for the bench; null elsewhere.
 */
function cpuSeconds() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e9
  } catch {
    return null
  }
}

/** What the tests and the bench may ask about the rooms: how many peer connections are open. */
function counts() {
  let peerConnections = 0
  for (const r of rooms.values()) {
    peerConnections += r.subscriptions.size
    for (const entry of r.feeds.values()) if (entry.publication) peerConnections++
  }
  return { rooms: rooms.size, peerConnections }
}

const ops = {
  /** @param {{ roomId: string; participantId: string; offerSdp: string }} m */
  publish: (m) => publish(m.roomId, m.participantId, m.offerSdp),
  /** @param {{ roomId: string; participantId: string; feed: string }} m */
  subscribe: (m) => subscribe(m.roomId, m.participantId, m.feed),
  /** @param {{ roomId: string; participantId: string; feed: string; answerSdp: string }} m */
  subscribeAnswer: (m) => subscribeAnswer(m.roomId, m.participantId, m.feed, m.answerSdp),
  /** @param {{ roomId: string; participantId: string }} m */
  leave: (m) => leave(m.roomId, m.participantId),
  /** @param {{ roomId: string }} m */
  closeRoom: (m) => closeRoom(m.roomId),
  cpu: async () => cpuSeconds(),
  counts: async () => counts(),
  close: async () => {
    await Promise.all([...rooms.keys()].map((roomId) => closeRoom(roomId)))
  },
}

// One operation at a time, in the order they came: a subscribe waits for the publish before it.
let queue = Promise.resolve()
parentPort?.on('message', (message) => {
  queue = queue.then(async () => {
    const op = ops[/** @type {keyof typeof ops} */ (message.op)]
    try {
      if (!op) throw new Error(`unknown operation ${message.op}`)
      const result = await op(message)
      parentPort?.postMessage({ id: message.id, result: result ?? null })
    } catch (err) {
      parentPort?.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) })
    }
    if (message.op === 'close') process.exit(0)
  })
})
parentPort?.postMessage({ ready: true })
