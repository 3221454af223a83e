import type { Socket } from 'socket.io-client'
import { fromCallback, fromPromise } from 'xstate'
import type { CallTopology, IceServer, RoomJoinAck, RoomParticipant, RoomSignal, SfuAck, SfuRequest } from '../../contract/call'
import type { CallRoomEvent, CallRoomInput, DeviceKind, MediaDevice, RoomCommand, RoomJoined } from '../machines/call-room'
import { currentSocket, onSocketConnect, onSocketEvent, type AppSocket } from './socket'

/**
 * A room's WebRTC, for the callRoom machine's injected actors (src/services/call-room.ts):
 *
 * - `join`: opens the camera and microphone (what the browser grants), then ROOM_JOIN;
 * - `run`: the session while connected. Topology 'p2p': one RTCPeerConnection per other participant
 *   with perfect negotiation over ROOM_SIGNAL (the participant with the smaller id is polite).
 *   Topology 'sfu': this participant's stream is published with ROOM_SFU {kind: 'publish', offer}
 *   (non-trickle: the offer waits for ICE gathering), and every other participant's feed (ROOM_FEED,
 *   or those already in the room, whose feed the SFU names by their participant id) is subscribed
 *   to: ROOM_SFU subscribe -> the SFU's offer -> our answer with subscribe-answer. An ICE restart
 *   there is ROOM_SFU restart, then publishing and subscribing again. It reports joins, leaves, states, who speaks (an analyser on each
 *   audio track), ICE failures and recoveries, and carries out mute, camera, screen sharing
 *   (getDisplayMedia, replaceTrack), device choice and ICE restarts.
 *
 * What the tiles play (the streams) and how many bytes each remote participant's media brought
 * (getStats inbound-rtp, rendered on the tile) live here, outside the machine: `subscribe` and
 * `view` feed the room view.
 */

export interface TileMedia {
  stream: MediaStream | null
  /** inbound-rtp bytesReceived summed over this participant's connection (remote tiles). */
  bytesReceived: number
}

export interface RoomMediaView {
  local: MediaStream | null
  remote: ReadonlyMap<string, TileMedia>
}

const JOIN_TIMEOUT_MS = 15_000
const SFU_TIMEOUT_MS = 15_000
const SPEAKING_POLL_MS = 200
/** How long those in a room wait for a newcomer's offer before offering themselves (p2p). */
const NEWCOMER_OFFER_WAIT_MS = 1500
const STATS_POLL_MS = 1_000
/**
 * A feed the SFU would not give (Janus says "no such feed" until its publisher's connection is up,
 * and waits 10 s for it): asked for again this often, this many times, while its participant is in
 * the room. On a busy machine a publisher took longer, and that person's video never came.
 */
const SUBSCRIBE_RETRY_MS = 2_000
const SUBSCRIBE_ATTEMPTS = 10
/** RMS level (0..1) above which a participant counts as speaking. */
const SPEAKING_LEVEL = 0.03

/** Waits until the app's socket is connected (it reconnects on its own). */
function connectedSocket(): Promise<AppSocket> {
  const socket = currentSocket()
  if (socket?.connected) return Promise.resolve(socket)
  return new Promise((resolve) => {
    const off = onSocketConnect(() => {
      const next = currentSocket()
      if (next) {
        off()
        resolve(next)
      }
    })
  })
}

function emitSfu(socket: AppSocket, request: SfuRequest): Promise<string> {
  return (socket as Socket)
    .timeout(SFU_TIMEOUT_MS)
    .emitWithAck('ROOM_SFU', request)
    .then((ack: SfuAck) => {
      if (!ack.ok) throw new Error(ack.message)
      if (!ack.sdp) throw new Error('The media server sent no session description')
      return ack.sdp
    })
}

/** Non-trickle: resolves once the connection has gathered all its ICE candidates. */
function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve()
  return new Promise((resolve) => {
    const check = () => {
      if (pc.iceGatheringState !== 'complete') return
      pc.removeEventListener('icegatheringstatechange', check)
      resolve()
    }
    pc.addEventListener('icegatheringstatechange', check)
  })
}

async function openLocalMedia(video: boolean): Promise<MediaStream> {
  const attempts: MediaStreamConstraints[] = video ? [{ audio: true, video: true }, { audio: true }, { video: true }] : [{ audio: true }]
  for (const constraints of attempts) {
    try {
      return await navigator.mediaDevices.getUserMedia(constraints)
    } catch {
      // try with less (no camera, or the camera is refused)
    }
  }
  return new MediaStream()
}

async function bytesReceivedOf(pc: RTCPeerConnection): Promise<number> {
  let total = 0
  const report = await pc.getStats()
  report.forEach((stat: { type: string; bytesReceived?: number }) => {
    if (stat.type === 'inbound-rtp' && typeof stat.bytesReceived === 'number') total += stat.bytesReceived
  })
  return total
}

type SendBack = (event: CallRoomEvent) => void

export interface SessionInput extends RoomJoined {
  roomId: string
}

/** One room's media for one visit of the room view. */
export class RoomMedia {
  /** The callRoom machine's joinRoom and roomSession actors, over this room's media (a call's room and a meeting alike). */
  actors() {
    return {
      joinRoom: fromPromise<RoomJoined, CallRoomInput>(async ({ input: joining }) => {
        try {
          return await this.join(joining)
        } catch (failure) {
          this.stop()
          throw failure
        }
      }),
      roomSession: fromCallback<RoomCommand, SessionInput>(({ input: session, sendBack, receive }) => this.run(session, sendBack, receive)),
    }
  }

  private local: MediaStream | null = null
  private camera: MediaStreamTrack | null = null
  private screenTrack: MediaStreamTrack | null = null
  private remote = new Map<string, TileMedia>()
  private listeners = new Set<() => void>()
  private snapshot: RoomMediaView = { local: null, remote: new Map() }
  private joinPayload: { room_id: string; token?: string; audio: boolean; video: boolean } | null = null

  constructor(private readonly roomId: string) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
  view = (): RoomMediaView => this.snapshot

  private publish() {
    this.snapshot = { local: this.local, remote: new Map(this.remote) }
    for (const listener of this.listeners) listener()
  }
  private setRemote(id: string, change: Partial<TileMedia>) {
    const before = this.remote.get(id) ?? { stream: null, bytesReceived: 0 }
    this.remote.set(id, { ...before, ...change })
    this.publish()
  }
  private dropRemote(id: string) {
    if (this.remote.delete(id)) this.publish()
  }

  /** The camera and microphone, then ROOM_JOIN. */
  async join(input: CallRoomInput): Promise<RoomJoined> {
    if (!this.local) {
      this.local = await openLocalMedia(input.video)
      this.camera = this.local.getVideoTracks()[0] ?? null
      this.publish()
    }
    const audio = this.local.getAudioTracks().length > 0
    const video = this.camera !== null
    this.joinPayload = { room_id: this.roomId, ...(input.token ? { token: input.token } : {}), audio, video }
    const socket = await connectedSocket()
    const ack: RoomJoinAck = await (socket as Socket).timeout(JOIN_TIMEOUT_MS).emitWithAck('ROOM_JOIN', this.joinPayload)
    if (!ack.ok) throw new Error(ack.message)
    return {
      self: ack.self,
      topology: ack.topology,
      iceServers: ack.ice_servers,
      participants: ack.participants,
      kind: ack.kind,
      topicId: ack.topic_id,
      title: ack.title,
      audio,
      video,
    }
  }

  /** Stops the camera, the microphone and a shared screen. */
  stop() {
    for (const track of this.local?.getTracks() ?? []) track.stop()
    this.screenTrack?.stop()
    this.local = null
    this.camera = null
    this.screenTrack = null
    this.remote.clear()
    this.publish()
  }

  /** The connected room's session: returns its cleanup. */
  run(input: SessionInput, sendBack: SendBack, receive: (listener: (command: RoomCommand) => void) => void): () => void {
    const session = new RoomSession(this, input, sendBack)
    receive((command) => void session.command(command))
    return () => session.close()
  }

  // What RoomSession needs of the media.
  /** @internal */ localStream = () => this.local
  /** @internal */ outgoingVideo = () => this.screenTrack ?? this.camera
  /** @internal */ rejoinPayload = () => this.joinPayload
  /** @internal */ remoteStream = (id: string, stream: MediaStream) => this.setRemote(id, { stream })
  /** @internal */ remoteBytes = (id: string, bytesReceived: number) => this.setRemote(id, { bytesReceived })
  /** @internal */ remoteGone = (id: string) => this.dropRemote(id)
  /** @internal */ setAudio(on: boolean) {
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = on
  }
  /** @internal */ async setCamera(on: boolean, deviceId?: string): Promise<MediaStreamTrack | null> {
    if (this.camera) {
      this.local?.removeTrack(this.camera)
      this.camera.stop()
      this.camera = null
    }
    if (on) {
      const stream = await navigator.mediaDevices.getUserMedia({ video: deviceId ? { deviceId: { exact: deviceId } } : true })
      this.camera = stream.getVideoTracks()[0] ?? null
      if (this.camera) this.local?.addTrack(this.camera)
    }
    this.publish()
    return this.camera
  }
  /** @internal */ async setMicrophone(deviceId: string): Promise<MediaStreamTrack | null> {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: { deviceId: { exact: deviceId } } })
    const track = stream.getAudioTracks()[0] ?? null
    const old = this.local?.getAudioTracks()[0]
    if (track && old) {
      track.enabled = old.enabled
      this.local?.removeTrack(old)
      old.stop()
    }
    if (track) this.local?.addTrack(track)
    this.publish()
    return track
  }
  /** @internal */ async startScreen(onEnded: () => void): Promise<MediaStreamTrack> {
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: true })
    const track = stream.getVideoTracks()[0]
    track.addEventListener('ended', onEnded)
    this.screenTrack = track
    return track
  }
  /** @internal */ stopScreen() {
    this.screenTrack?.stop()
    this.screenTrack = null
  }
}

/** One participant link: a peer connection to another participant (p2p) or to the SFU for one feed. */
interface Link {
  pc: RTCPeerConnection
  participantId: string
  /** Perfect negotiation (p2p). */
  polite: boolean
  makingOffer: boolean
  ignoreOffer: boolean
}

class RoomSession {
  private links = new Map<string, Link>()
  private publisher: RTCPeerConnection | null = null
  private publishing: Promise<void> = Promise.resolve()
  private feeds = new Map<string, string>()
  private offs: (() => void)[] = []
  private timers: ReturnType<typeof setInterval>[] = []
  /** Participants who left the room (until they join again): no more subscriptions to their feeds. */
  private readonly gone = new Set<string>()
  private audioContext: AudioContext | null = null
  private analysers = new Map<string, { analyser: AnalyserNode; stream: MediaStream; speaking: boolean }>()
  private failed = false
  private closed = false
  private screen = false
  private audio: boolean
  private video: boolean

  constructor(
    private readonly media: RoomMedia,
    private readonly input: SessionInput,
    private readonly sendBack: SendBack,
  ) {
    this.audio = input.audio
    this.video = input.video
    const mine = (payload: { room_id: string }) => payload.room_id === input.roomId
    this.offs.push(
      onSocketEvent('ROOM_PEER_JOINED', (payload) => {
        if (!mine(payload) || payload.participant._id === input.self) return
        this.gone.delete(payload.participant._id)
        sendBack({ type: 'PEER_JOINED', participant: payload.participant })
        if (this.topology === 'p2p') this.awaitNewcomersOffer(payload.participant._id)
      }),
      onSocketEvent('ROOM_PEER_LEFT', (payload) => {
        if (!mine(payload)) return
        sendBack({ type: 'PEER_LEFT', participantId: payload.participant_id })
        this.dropParticipant(payload.participant_id)
      }),
      onSocketEvent('ROOM_STATE', (payload) => {
        if (mine(payload) && payload.participant._id !== input.self) sendBack({ type: 'PEER_STATE', participant: payload.participant })
      }),
      onSocketEvent('ROOM_ENDED', (payload) => {
        if (mine(payload)) sendBack({ type: 'ROOM_ENDED' })
      }),
      onSocketEvent('ROOM_SIGNAL', (payload) => {
        if (mine(payload)) void this.signalled(payload)
      }),
      // A feed announced again was published again (an ICE restart, another device): the SFU ended the old subscription.
      onSocketEvent('ROOM_FEED', (payload) => {
        if (mine(payload) && payload.participant_id !== input.self) void this.subscribeFeed(payload.feed, payload.participant_id, true)
      }),
      // A network blip that dropped the socket: back into the room, then new ICE.
      onSocketConnect(() => void this.rejoin()),
    )
    const devices = navigator.mediaDevices
    const listDevices = () => void this.listDevices()
    devices.addEventListener('devicechange', listDevices)
    this.offs.push(() => devices.removeEventListener('devicechange', listDevices))
    this.timers.push(setInterval(() => this.pollSpeaking(), SPEAKING_POLL_MS))
    this.timers.push(setInterval(() => void this.pollStats(), STATS_POLL_MS))
    listDevices()
    this.watchSpeaking(input.self, media.localStream())
    this.tellState()
    if (this.topology === 'p2p') for (const p of this.others()) this.peer(p._id)
    else {
      void this.publish()
      for (const p of this.others()) if (p.audio || p.video || p.screen) void this.subscribeFeed(p._id, p._id)
    }
  }

  private get topology(): CallTopology {
    return this.input.topology
  }
  private get iceServers(): IceServer[] {
    return this.input.iceServers
  }
  private others(): RoomParticipant[] {
    return this.input.participants.filter((p) => p._id !== this.input.self)
  }
  private socket(): AppSocket | null {
    return currentSocket()
  }

  private tellState() {
    this.socket()?.emit('ROOM_STATE', { room_id: this.input.roomId, audio: this.audio, video: this.video, screen: this.screen })
  }

  private async listDevices() {
    const all = await navigator.mediaDevices.enumerateDevices()
    const devices: MediaDevice[] = all
      .filter((d): d is MediaDeviceInfo & { kind: DeviceKind } => d.kind === 'audioinput' || d.kind === 'videoinput')
      .map((d, i) => ({
        deviceId: d.deviceId,
        kind: d.kind,
        label: d.label || `${d.kind === 'audioinput' ? 'Microphone' : 'Camera'} ${i + 1}`,
      }))
    if (!this.closed) this.sendBack({ type: 'DEVICES', devices })
  }

  // ---------------------------------------------------------------- peer to peer

  private newConnection(participantId: string): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers })
    pc.addEventListener('track', ({ track, streams }) => {
      const stream = streams[0] ?? new MediaStream([track])
      this.media.remoteStream(participantId, stream)
      if (track.kind === 'audio') this.watchSpeaking(participantId, stream)
    })
    pc.addEventListener('iceconnectionstatechange', () => this.iceChanged())
    return pc
  }

  /**
   * Peer to peer, a newcomer offers to everyone it finds in the room; those already there make their
   * link when that offer comes. Both offering at once (glare) left Chromium's polite side, after its
   * rollback, without a single ICE candidate in about one call of twenty here. This side makes the
   * link itself (and offers) only when no offer came within a moment: a newcomer with no microphone
   * or camera to send has nothing to offer.
   */
  private awaitNewcomersOffer(participantId: string) {
    this.timers.push(
      setTimeout(() => {
        if (!this.closed) this.peer(participantId)
      }, NEWCOMER_OFFER_WAIT_MS),
    )
  }

  /** The link to another participant (p2p), made on first need: our tracks go out, theirs come in. */
  private peer(participantId: string): Link {
    const known = this.links.get(participantId)
    if (known) return known
    const pc = this.newConnection(participantId)
    const link: Link = { pc, participantId, polite: this.input.self < participantId, makingOffer: false, ignoreOffer: false }
    this.links.set(participantId, link)
    const local = this.media.localStream()
    for (const track of local?.getAudioTracks() ?? []) pc.addTrack(track, local as MediaStream)
    const video = this.media.outgoingVideo()
    if (video && local) pc.addTrack(video, local)
    pc.addEventListener('negotiationneeded', async () => {
      try {
        link.makingOffer = true
        await pc.setLocalDescription()
        this.signal(participantId, { description: pc.localDescription as RTCSessionDescription })
      } catch {
        // a newer negotiation superseded this one
      } finally {
        link.makingOffer = false
      }
    })
    pc.addEventListener('icecandidate', ({ candidate }) => this.signal(participantId, { candidate: candidate ? candidate.toJSON() : null }))
    return link
  }

  private signal(peer: string, body: { description?: RTCSessionDescription; candidate?: RTCIceCandidateInit | null }) {
    const payload: RoomSignal = { room_id: this.input.roomId, peer }
    if (body.description) payload.description = { type: body.description.type as 'offer' | 'answer', sdp: body.description.sdp }
    if (body.candidate !== undefined)
      payload.candidate = body.candidate
        ? { candidate: body.candidate.candidate ?? '', sdpMid: body.candidate.sdpMid, sdpMLineIndex: body.candidate.sdpMLineIndex }
        : null
    this.socket()?.emit('ROOM_SIGNAL', payload)
  }

  private async signalled({ peer, description, candidate }: RoomSignal) {
    if (this.topology !== 'p2p' || peer === this.input.self) return
    const link = this.peer(peer)
    const { pc } = link
    try {
      if (description) {
        const collision = description.type === 'offer' && (link.makingOffer || pc.signalingState !== 'stable')
        link.ignoreOffer = !link.polite && collision
        if (link.ignoreOffer) return
        await pc.setRemoteDescription(description)
        if (description.type === 'offer') {
          await pc.setLocalDescription()
          this.signal(peer, { description: pc.localDescription as RTCSessionDescription })
        }
      } else if (candidate !== undefined) {
        try {
          await pc.addIceCandidate(candidate ?? undefined)
        } catch (error) {
          if (!link.ignoreOffer) throw error
        }
      }
    } catch {
      // A description out of order (the peer left meanwhile): the next negotiation settles it.
    }
  }

  // ---------------------------------------------------------------- SFU

  /** (Re)publishes this participant's tracks: one offer with every candidate, the SFU's answer. */
  private publish(): Promise<void> {
    this.publishing = this.publishing.then(async () => {
      if (this.closed) return
      const socket = await connectedSocket()
      let pc = this.publisher
      if (!pc) {
        pc = new RTCPeerConnection({ iceServers: this.iceServers })
        pc.addEventListener('iceconnectionstatechange', () => this.iceChanged())
        this.publisher = pc
        const local = this.media.localStream()
        for (const track of local?.getAudioTracks() ?? [])
          pc.addTransceiver(track, { direction: 'sendonly', streams: [local as MediaStream] })
        const video = this.media.outgoingVideo()
        pc.addTransceiver(video ?? 'video', { direction: 'sendonly', ...(local ? { streams: [local] } : {}) })
      }
      await pc.setLocalDescription(await pc.createOffer())
      await gathered(pc)
      const sdp = await emitSfu(socket, { room_id: this.input.roomId, kind: 'publish', offer: pc.localDescription?.sdp ?? '' })
      await pc.setRemoteDescription({ type: 'answer', sdp })
    })
    return this.publishing.catch(() => {
      this.reportFailed()
    })
  }

  private async subscribeFeed(feed: string, participantId: string, again = false, attempt = 1) {
    if (this.closed) return
    const key = `feed:${feed}`
    if (this.feeds.has(feed)) {
      if (!again) return
      this.links.get(key)?.pc.close()
      this.links.delete(key)
    }
    this.feeds.set(feed, participantId)
    const socket = await connectedSocket()
    const pc = this.newConnection(participantId)
    this.links.set(key, { pc, participantId, polite: true, makingOffer: false, ignoreOffer: false })
    try {
      const offer = await emitSfu(socket, { room_id: this.input.roomId, kind: 'subscribe', feed })
      await pc.setRemoteDescription({ type: 'offer', sdp: offer })
      await pc.setLocalDescription(await pc.createAnswer())
      await gathered(pc)
      await emitSfu(socket, { room_id: this.input.roomId, kind: 'subscribe-answer', feed, answer: pc.localDescription?.sdp ?? '' }).catch(
        (error: Error) => {
          // The ack of an answer may carry no description.
          if (error.message !== 'The media server sent no session description') throw error
        },
      )
    } catch {
      pc.close()
      // Only when no newer subscription to the feed took this one's place.
      if (this.links.get(key)?.pc !== pc) return
      this.feeds.delete(feed)
      this.links.delete(key)
      if (attempt < SUBSCRIBE_ATTEMPTS)
        this.timers.push(
          setTimeout(() => {
            if (!this.closed && !this.gone.has(participantId) && !this.feeds.has(feed))
              void this.subscribeFeed(feed, participantId, false, attempt + 1)
          }, SUBSCRIBE_RETRY_MS),
        )
    }
  }

  // ---------------------------------------------------------------- the room's health

  private connections(): RTCPeerConnection[] {
    return [...this.links.values()].map((link) => link.pc).concat(this.publisher ? [this.publisher] : [])
  }

  private reportFailed() {
    if (this.failed || this.closed) return
    this.failed = true
    this.sendBack({ type: 'ICE_FAILED' })
  }

  private iceChanged() {
    const states = this.connections().map((pc) => pc.iceConnectionState)
    if (states.some((state) => state === 'failed' || state === 'disconnected')) this.reportFailed()
    else if (this.failed && states.every((state) => state === 'connected' || state === 'completed')) {
      this.failed = false
      this.sendBack({ type: 'ICE_RECOVERED' })
    }
  }

  private restartIce() {
    if (this.topology === 'p2p') for (const link of this.links.values()) link.pc.restartIce()
    else void this.restartSfu()
  }

  /** Through the SFU: its side of this participant's streams stops (restart), then publish and subscribe again. */
  private async restartSfu() {
    const socket = await connectedSocket()
    await (socket as Socket)
      .timeout(SFU_TIMEOUT_MS)
      .emitWithAck('ROOM_SFU', { room_id: this.input.roomId, kind: 'restart' } satisfies SfuRequest)
      .catch(() => null)
    if (this.closed) return
    this.publisher?.close()
    this.publisher = null
    void this.publish()
    for (const [key, link] of [...this.links]) {
      link.pc.close()
      this.links.delete(key)
    }
    const feeds = [...this.feeds]
    this.feeds.clear()
    for (const [feed, participantId] of feeds) void this.subscribeFeed(feed, participantId)
  }

  private async rejoin() {
    const payload = this.media.rejoinPayload()
    const socket = this.socket()
    if (!payload || !socket || this.closed) return
    const ack: RoomJoinAck = await (socket as Socket)
      .timeout(JOIN_TIMEOUT_MS)
      .emitWithAck('ROOM_JOIN', { ...payload, audio: this.audio, video: this.video })
      .catch(() => ({ ok: false as const, message: '' }))
    if (!ack.ok || this.closed) return
    this.tellState()
    this.reportFailed()
    this.restartIce()
  }

  private dropParticipant(participantId: string) {
    this.gone.add(participantId)
    for (const [key, link] of [...this.links]) {
      if (link.participantId !== participantId) continue
      link.pc.close()
      this.links.delete(key)
    }
    for (const [feed, owner] of [...this.feeds]) if (owner === participantId) this.feeds.delete(feed)
    this.analysers.delete(participantId)
    this.media.remoteGone(participantId)
  }

  // ---------------------------------------------------------------- who speaks, what arrives

  private watchSpeaking(participantId: string, stream: MediaStream | null) {
    if (!stream || stream.getAudioTracks().length === 0 || this.analysers.get(participantId)?.stream === stream) return
    try {
      this.audioContext ??= new AudioContext()
      void this.audioContext.resume().catch(() => {})
      const analyser = this.audioContext.createAnalyser()
      analyser.fftSize = 512
      this.audioContext.createMediaStreamSource(stream).connect(analyser)
      this.analysers.set(participantId, { analyser, stream, speaking: false })
    } catch {
      // no WebAudio: nobody shows as speaking
    }
  }

  private pollSpeaking() {
    const samples = new Uint8Array(512)
    for (const [participantId, entry] of this.analysers) {
      entry.analyser.getByteTimeDomainData(samples)
      let sum = 0
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2
      const speaking = Math.sqrt(sum / samples.length) > SPEAKING_LEVEL
      if (speaking === entry.speaking) continue
      entry.speaking = speaking
      this.sendBack({ type: 'SPEAKING', participantId, speaking })
    }
  }

  private async pollStats() {
    const byParticipant = new Map<string, number>()
    for (const link of this.links.values()) {
      const bytes = await bytesReceivedOf(link.pc).catch(() => 0)
      byParticipant.set(link.participantId, (byParticipant.get(link.participantId) ?? 0) + bytes)
    }
    if (!this.closed) for (const [participantId, bytes] of byParticipant) this.media.remoteBytes(participantId, bytes)
  }

  // ---------------------------------------------------------------- commands

  private videoSenders(): RTCRtpSender[] {
    return this.connections()
      .flatMap((pc) => pc.getTransceivers())
      .filter((t) => t.sender.track?.kind === 'video' || (t.receiver.track.kind === 'video' && t.direction !== 'recvonly'))
      .map((t) => t.sender)
  }

  /** The outgoing video changed (camera on or off, screen shared or not): every connection sends it. */
  private async sendVideo(track: MediaStreamTrack | null) {
    const senders = this.videoSenders()
    await Promise.all(senders.map((sender) => sender.replaceTrack(track)))
    const local = this.media.localStream()
    if (!track || !local) return
    // A connection without a video sender yet (a voice call) gets one: it renegotiates.
    if (this.topology === 'p2p')
      for (const link of this.links.values())
        if (!link.pc.getSenders().some((sender) => sender.track === track)) link.pc.addTrack(track, local)
  }

  async command(command: RoomCommand) {
    switch (command.type) {
      case 'SET_AUDIO':
        this.audio = command.on
        this.media.setAudio(command.on)
        break
      case 'SET_CAMERA': {
        this.video = command.on
        const track = await this.media.setCamera(command.on).catch(() => null)
        if (!this.screen) await this.sendVideo(track)
        break
      }
      case 'START_SCREEN':
        try {
          const track = await this.media.startScreen(() => {
            if (!this.screen) return
            this.sendBack({ type: 'SCREEN_STOPPED' })
            void this.command({ type: 'STOP_SCREEN' })
          })
          this.screen = true
          await this.sendVideo(track)
          this.sendBack({ type: 'SCREEN_STARTED' })
        } catch {
          this.sendBack({ type: 'SCREEN_STOPPED' })
        }
        break
      case 'STOP_SCREEN':
        this.screen = false
        this.media.stopScreen()
        await this.sendVideo(this.media.outgoingVideo())
        break
      case 'USE_DEVICE':
        if (command.kind === 'videoinput') {
          if (!this.video) break
          const track = await this.media.setCamera(true, command.deviceId).catch(() => null)
          if (!this.screen) await this.sendVideo(track)
        } else {
          const track = await this.media.setMicrophone(command.deviceId).catch(() => null)
          if (track)
            await Promise.all(
              this.connections()
                .flatMap((pc) => pc.getSenders())
                .filter((sender) => sender.track?.kind === 'audio')
                .map((sender) => sender.replaceTrack(track)),
            )
        }
        break
      case 'RESTART_ICE':
        this.restartIce()
        break
    }
    if (command.type !== 'RESTART_ICE' && command.type !== 'USE_DEVICE') this.tellState()
  }

  close() {
    this.closed = true
    for (const off of this.offs) off()
    for (const timer of this.timers) clearInterval(timer)
    for (const pc of this.connections()) pc.close()
    this.links.clear()
    this.publisher = null
    void this.audioContext?.close().catch(() => {})
    this.socket()?.emit('ROOM_LEAVE', { room_id: this.input.roomId })
    this.media.stop()
  }
}
