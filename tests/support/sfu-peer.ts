import { EventEmitter } from 'node:events'
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RtpHeader,
  RtpPacket,
  useAbsSendTime,
  useOPUS,
  useSdesMid,
  useTransportWideCC,
  useVP8,
} from 'werift'
import type { Sfu } from '../../server/sfu/sfu'

/**
 * A participant of an SFU room as a browser would be one, on werift: one peer connection publishing
 * an audio and a video track of generated RTP, and one per feed it subscribes to, which counts the
 * packets it receives by feed and kind. The counts are the test's own observation at the receiver:
 * nothing from the SFU under test.
 */
export interface SfuPeerOptions {
  /** Video packets per second (default 100: ~30 fps at ~1 Mbit/s). Audio goes at 50 packets/s when `audio`. */
  videoPacketsPerSecond?: number
  /** Bytes of video payload per packet (default 1200). */
  videoPayloadBytes?: number
  /** Publish an audio track too (default true). */
  audio?: boolean
}

function peerConnection() {
  return new RTCPeerConnection({
    codecs: { audio: [useOPUS()], video: [useVP8()] },
    headerExtensions: { audio: [useSdesMid()], video: [useSdesMid(), useAbsSendTime(), useTransportWideCC()] },
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
    bundlePolicy: 'max-bundle',
  })
}

/** No STUN server: werift's ICE would otherwise ask Google's and wait 5 s for it (see server/sfu/embedded-worker.mjs). */
async function setLocal(pc: RTCPeerConnection, description: { type: 'offer' | 'answer'; sdp: string }) {
  for (const transport of pc.iceTransports) transport.connection.stunServer = undefined
  await pc.setLocalDescription(description)
}

/** A VP8 payload descriptor (S bit on the first packet of a frame) and a frame's bytes; a keyframe's payload header on the first packet of every 30th frame. */
function vp8Payload(bytes: number, frameStart: boolean, keyframe: boolean) {
  const payload = Buffer.alloc(bytes, 0x5a)
  payload[0] = frameStart ? 0x10 : 0x00
  // VP8 payload header: bit 0 of the first byte is 0 on a keyframe (P bit).
  payload[1] = frameStart && keyframe ? 0x90 : 0x91
  if (frameStart && keyframe) {
    // Keyframe start code and a 640x480 size, as a real keyframe carries them.
    payload.set([0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01], 4)
  }
  return payload
}

export class SfuPeer extends EventEmitter {
  feed?: string
  publisher = peerConnection()
  readonly subscriptions = new Map<string, RTCPeerConnection>()
  /**
   * Packets sent (each one's sequence number: they go on across stopMedia and startMedia, as SRTP's
   * replay protection wants; the sender puts its own SSRC and payload type on them).
   */
  videoSent = 0
  audioSent = 0
  private videoFrame = 0
  /** Packets received (each sequence number once), by `${feed}/${kind}`. */
  readonly received = new Map<string, number>()
  private audioTrack = new MediaStreamTrack({ kind: 'audio' })
  private videoTrack = new MediaStreamTrack({ kind: 'video' })
  private timers: NodeJS.Timeout[] = []
  private readonly videoPps: number
  private readonly videoBytes: number
  private readonly withAudio: boolean

  constructor(
    private readonly sfu: Sfu,
    readonly roomId: string,
    readonly participantId: string,
    opts: SfuPeerOptions = {},
  ) {
    super()
    this.setMaxListeners(0)
    this.videoPps = opts.videoPacketsPerSecond ?? 100
    this.videoBytes = opts.videoPayloadBytes ?? 1200
    this.withAudio = opts.audio ?? true
  }

  count(feed: string, kind: 'audio' | 'video') {
    return this.received.get(`${feed}/${kind}`) ?? 0
  }

  /**
   * Publishes from a new peer connection (a failed or earlier one is closed), then sends generated
   * RTP until `close`. With `connected: false` it returns once the SFU's answer is applied, while the
   * connection is still starting (the media starts when it is up), as a browser announces its feed.
   */
  async publish({ connected = true }: { connected?: boolean } = {}) {
    if (this.publisher.localDescription) {
      this.stopMedia()
      await this.publisher.close().catch(() => undefined)
      this.publisher = peerConnection()
      this.audioTrack = new MediaStreamTrack({ kind: 'audio' })
      this.videoTrack = new MediaStreamTrack({ kind: 'video' })
    }
    if (this.withAudio) this.publisher.addTransceiver(this.audioTrack, { direction: 'sendonly' })
    this.publisher.addTransceiver(this.videoTrack, { direction: 'sendonly' })
    await setLocal(this.publisher, await this.publisher.createOffer())
    const offerSdp = this.publisher.localDescription?.sdp
    if (!offerSdp) throw new Error('no local offer')
    const { feed, answerSdp } = await this.sfu.publish(this.roomId, this.participantId, offerSdp)
    this.feed = feed
    await this.publisher.setRemoteDescription({ type: 'answer', sdp: answerSdp })
    const up = waitForState(this.publisher, 'connected').then(() => this.startMedia())
    if (connected) await up
    else up.catch(() => undefined)
    return feed
  }

  /** Sends generated RTP (publish starts it; after `stopMedia`, this starts it again). */
  startMedia() {
    if (this.timers.length > 0) return
    let sent = 0
    const started = performance.now()
    const video = setInterval(() => {
      // A frame every 1/30 s: as many packets as keep the rate, the last with the marker bit. A timer
      // late by more than two frames drops the frames it missed, as a camera would, instead of bursting.
      const frame = ++this.videoFrame
      const owed = Math.floor(((performance.now() - started) / 1000) * this.videoPps) - sent
      const due = Math.min(owed, Math.ceil((this.videoPps / 30) * 2))
      sent += owed - due
      for (let i = 0; i < due; i++) {
        const header = new RtpHeader({
          payloadType: 96,
          sequenceNumber: this.videoSent++ & 0xffff,
          timestamp: (frame * 3000) >>> 0,
          ssrc: 1,
          marker: i === due - 1,
        })
        this.videoTrack.writeRtp(new RtpPacket(header, vp8Payload(this.videoBytes, i === 0, frame % 30 === 1)))
      }
      sent += Math.max(0, due)
    }, 1000 / 30)
    this.timers.push(video)
    if (this.withAudio) {
      const opusSilence = Buffer.from([0xf8, 0xff, 0xfe])
      this.timers.push(
        setInterval(() => {
          const seq = this.audioSent++
          const header = new RtpHeader({ payloadType: 111, sequenceNumber: seq & 0xffff, timestamp: (seq * 960) >>> 0, ssrc: 2 })
          this.audioTrack.writeRtp(new RtpPacket(header, opusSilence))
        }, 20),
      )
    }
  }

  /** Subscribes to another participant's feed and counts what arrives. */
  async subscribe(feed: string) {
    await this.subscriptions.get(feed)?.close()
    const { offerSdp } = await this.sfu.subscribe(this.roomId, this.participantId, feed)
    const pc = peerConnection()
    this.subscriptions.set(feed, pc)
    pc.onTrack.subscribe((track) => this.countOn(feed, track))
    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp })
    for (const transceiver of pc.getTransceivers()) transceiver.setDirection('recvonly')
    await setLocal(pc, await pc.createAnswer())
    const answerSdp = pc.localDescription?.sdp
    if (!answerSdp) throw new Error('no local answer')
    await this.sfu.subscribeAnswer(this.roomId, this.participantId, feed, answerSdp)
    await waitForState(pc, 'connected')
  }

  /** Counts each packet once: a retransmission of a packet that was only late is not counted again. */
  private countOn(feed: string, track: MediaStreamTrack) {
    const recent = new Int32Array(1024).fill(-1)
    track.onReceiveRtp.subscribe((rtp) => {
      const seq = rtp.header.sequenceNumber
      if (recent[seq % 1024] === seq) return
      recent[seq % 1024] = seq
      const key = `${feed}/${track.kind}`
      this.received.set(key, (this.received.get(key) ?? 0) + 1)
      this.emit('packet', key)
    })
  }

  /** Resolves once `check` holds, checked at every packet this peer receives. */
  until(check: () => boolean, what: string, timeoutMs = 20_000) {
    return new Promise<void>((resolve, reject) => {
      if (check()) return resolve()
      const timer = setTimeout(() => {
        this.off('packet', onPacket)
        reject(
          new Error(`${this.participantId}: timed out waiting for ${what}; received ${JSON.stringify(Object.fromEntries(this.received))}`),
        )
      }, timeoutMs)
      const onPacket = () => {
        if (!check()) return
        clearTimeout(timer)
        this.off('packet', onPacket)
        resolve()
      }
      this.on('packet', onPacket)
    })
  }

  stopMedia() {
    for (const timer of this.timers) clearInterval(timer)
    this.timers = []
  }

  async close() {
    this.stopMedia()
    await Promise.all([this.publisher, ...this.subscriptions.values()].map((pc) => pc.close().catch(() => undefined)))
  }
}

/** Resolves when the connection reaches `state`; rejects if it fails or after 20 s. */
export function waitForState(pc: RTCPeerConnection, state: 'connected', timeoutMs = 20_000) {
  return new Promise<void>((resolve, reject) => {
    if (pc.connectionState === state) return resolve()
    const timer = setTimeout(() => {
      sub.unSubscribe()
      reject(new Error(`peer connection still ${pc.connectionState} after ${timeoutMs} ms`))
    }, timeoutMs)
    const sub = pc.connectionStateChange.subscribe((now) => {
      if (now === state) {
        clearTimeout(timer)
        sub.unSubscribe()
        resolve()
      } else if (now === 'failed' || now === 'closed') {
        clearTimeout(timer)
        sub.unSubscribe()
        reject(new Error(`peer connection ${now}`))
      }
    })
  })
}
