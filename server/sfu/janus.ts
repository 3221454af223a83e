import { createHash, randomBytes } from 'node:crypto'
import type { Sfu } from './sfu'

export interface JanusSfuOptions {
  /** The Janus HTTP API, e.g. http://127.0.0.1:8088/janus. */
  url: string
  /** Janus's `api_secret`, when its configuration sets one. */
  apiSecret?: string
}

/** Janus's videoroom error codes this client expects. */
const NO_SUCH_ROOM = 426
const ROOM_EXISTS = 427
const NO_SUCH_FEED = 428
const ID_EXISTS = 436
/** How long a subscription waits for a feed Janus does not offer yet (its publisher's connection is still being set up). */
const FEED_WAIT_MS = 10_000

type JanusMessage = {
  janus: string
  transaction?: string
  session_id?: number
  sender?: number
  data?: { id: number }
  error?: { code: number; reason: string }
  plugindata?: { plugin: string; data: Record<string, unknown> & { error_code?: number; error?: string; videoroom?: string } }
  jsep?: { type: 'offer' | 'answer'; sdp: string }
}

/** A videoroom reply that carried an error (error_code, error). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus: ${reason} (${code})`)
  }
}

/**
 * A stable number for a string in Janus's id space (a positive integer below 2^53, which JSON
 * carries exactly): every Workroom node sharing the Janus maps a room, or a participant, to the
 * same number without a shared table.
 */
export function janusId(kind: 'room' | 'participant', value: string): number {
  const digest = createHash('sha256').update(`${kind}:${value}`).digest()
  // 53 bits: the top 21 of the first word, all 32 of the second; never 0 (Janus picks a random id for 0).
  return (digest.readUInt32BE(0) & 0x1fffff) * 2 ** 32 + digest.readUInt32BE(4) || 1
}

interface Handle {
  id: number
  roomId: string
  participantId: string
  /** Subscribers: the feed. */
  feed?: string
}

/**
 * The Janus videoroom plugin over Janus's HTTP API: one Janus session for this server, a handle per
 * publication and per subscription, events by long poll. Rooms are made on demand (ids from
 * `janusId`) and tolerate another node having made them first. Several Workroom nodes can share one
 * Janus: each keeps the handles it made.
 */
export class JanusSfu implements Sfu {
  readonly kind = 'janus' as const
  private readonly url: string
  private session?: Promise<number>
  private readonly waiters = new Map<string, { resolve(message: JanusMessage): void; reject(err: Error): void }>()
  private readonly publishers = new Map<string, Handle>()
  private readonly subscribers = new Map<string, Handle>()
  private readonly polling = new AbortController()
  private closed = false

  constructor(private readonly opts: JanusSfuOptions) {
    this.url = opts.url.replace(/\/+$/, '')
  }

  private async post(path: string, body: Record<string, unknown>): Promise<JanusMessage> {
    const res = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, ...(this.opts.apiSecret ? { apisecret: this.opts.apiSecret } : {}) }),
    })
    if (!res.ok) throw new Error(`Janus ${path}: HTTP ${res.status}`)
    const message = (await res.json()) as JanusMessage
    if (message.janus === 'error') throw new JanusError(message.error?.code ?? 0, message.error?.reason ?? 'error')
    return message
  }

  private sessionId(): Promise<number> {
    this.session ??= (async () => {
      const created = await this.post('', { janus: 'create', transaction: transaction() })
      const id = created.data?.id
      if (!id) throw new Error('Janus: no session id')
      void this.poll(id)
      return id
    })().catch((err: unknown) => {
      this.session = undefined
      throw err
    })
    return this.session
  }

  /** Events of the session, by long poll, for as long as the SFU runs (the poll also keeps the session alive). */
  private async poll(sessionId: number) {
    while (!this.closed) {
      try {
        const secret = this.opts.apiSecret ? `&apisecret=${encodeURIComponent(this.opts.apiSecret)}` : ''
        const res = await fetch(`${this.url}/${sessionId}?maxev=20&rid=${Date.now()}${secret}`, { signal: this.polling.signal })
        const body = (await res.json()) as JanusMessage | JanusMessage[]
        for (const message of Array.isArray(body) ? body : [body]) {
          if (message.janus === 'error' && message.error?.code === 458) throw new Error('Janus: the session is gone')
          this.dispatch(message)
        }
      } catch (err) {
        if (this.closed) return
        // The session is gone (Janus restarted) or Janus is unreachable: fail what waits, start again on the next call.
        for (const waiter of this.waiters.values()) waiter.reject(err instanceof Error ? err : new Error(String(err)))
        this.waiters.clear()
        this.session = undefined
        this.publishers.clear()
        this.subscribers.clear()
        return
      }
    }
  }

  private dispatch(message: JanusMessage) {
    if (!message.transaction || message.janus === 'ack') return
    const waiter = this.waiters.get(message.transaction)
    if (!waiter) return
    this.waiters.delete(message.transaction)
    const data = message.plugindata?.data
    if (data?.error_code) waiter.reject(new JanusError(data.error_code, data.error ?? 'videoroom error'))
    else waiter.resolve(message)
  }

  private async attach(): Promise<number> {
    const sessionId = await this.sessionId()
    const attached = await this.post(`/${sessionId}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', transaction: transaction() })
    const id = attached.data?.id
    if (!id) throw new Error('Janus: no handle id')
    return id
  }

  private async detach(handleId: number) {
    const sessionId = await this.sessionId()
    await this.post(`/${sessionId}/${handleId}`, { janus: 'detach', transaction: transaction() }).catch(() => undefined)
  }

  /** A videoroom request answered at once (create, destroy, exists). */
  private async request(handleId: number, body: Record<string, unknown>) {
    const sessionId = await this.sessionId()
    const reply = await this.post(`/${sessionId}/${handleId}`, { janus: 'message', body, transaction: transaction() })
    const data = reply.plugindata?.data
    if (data?.error_code) throw new JanusError(data.error_code, data.error ?? 'videoroom error')
    return data ?? {}
  }

  /** A videoroom request answered by an event (join, configure, start), with its session description. */
  private async asyncRequest(handleId: number, body: Record<string, unknown>, jsep?: { type: 'offer' | 'answer'; sdp: string }) {
    const sessionId = await this.sessionId()
    const tx = transaction()
    const event = new Promise<JanusMessage>((resolve, reject) => {
      this.waiters.set(tx, { resolve, reject })
      setTimeout(() => {
        if (this.waiters.delete(tx)) reject(new Error(`Janus: no answer to ${String(body.request)} in 20 s`))
      }, 20_000).unref()
    })
    // Janus may answer by event before the POST returns: the rejection is handled by whoever awaits `event`.
    event.catch(() => undefined)
    try {
      const reply = await this.post(`/${sessionId}/${handleId}`, {
        janus: 'message',
        body,
        transaction: tx,
        ...(jsep ? { jsep: { ...jsep, trickle: false } } : {}),
      })
      // A plugin may answer at once instead of by event.
      if (reply.janus === 'success') {
        this.dispatch(reply)
      }
    } catch (err) {
      this.waiters.delete(tx)
      throw err
    }
    return event
  }

  /** The room in Janus, made if missing (another node may have made it: "already exists" is fine). */
  private async ensureRoom(handleId: number, roomId: string) {
    try {
      await this.request(handleId, {
        request: 'create',
        room: janusId('room', roomId),
        description: `workroom ${roomId}`.slice(0, 100),
        is_private: true,
        publishers: 100,
        audiocodec: 'opus',
        videocodec: 'vp8',
        notify_joining: false,
        permanent: false,
      })
    } catch (err) {
      if (!(err instanceof JanusError && err.code === ROOM_EXISTS)) throw err
    }
  }

  async publish(roomId: string, participantId: string, offerSdp: string) {
    const key = handleKey(roomId, participantId)
    const existing = this.publishers.get(key)
    // The feed is the participant's id, as in the embedded SFU; Janus knows it by its number.
    const feed = participantId
    const feedId = janusId('participant', participantId)
    if (existing) {
      // Published again (another device, or a new peer connection after a network change): the old
      // publication ends before the new one joins under the same id; subscribers subscribe again.
      this.publishers.delete(key)
      await this.detach(existing.id)
    }
    const handleId = await this.attach()
    try {
      await this.ensureRoom(handleId, roomId)
      const join = () =>
        this.asyncRequest(
          handleId,
          { request: 'joinandconfigure', ptype: 'publisher', room: janusId('room', roomId), id: feedId, audio: true, video: true },
          { type: 'offer', sdp: offerSdp },
        )
      const event = await join().catch(async (err: unknown) => {
        if (!(err instanceof JanusError)) throw err
        if (err.code === NO_SUCH_ROOM) {
          // Destroyed meanwhile by another node's closeRoom: made again once.
          await this.ensureRoom(handleId, roomId)
          return join()
        }
        if (err.code === ID_EXISTS) {
          // The old publication (detached just now, or on another node) is still leaving: it goes within moments.
          for (let attempt = 0; ; attempt++) {
            await new Promise((resolve) => setTimeout(resolve, 100))
            try {
              return await join()
            } catch (again) {
              if (!(again instanceof JanusError && again.code === ID_EXISTS) || attempt === 20) throw again
            }
          }
        }
        throw err
      })
      this.publishers.set(key, { id: handleId, roomId, participantId })
      return { feed, answerSdp: answerOf(event) }
    } catch (err) {
      await this.detach(handleId)
      throw err
    }
  }

  async subscribe(roomId: string, participantId: string, feed: string) {
    const key = subscriptionKey(roomId, participantId, feed)
    const existing = this.subscribers.get(key)
    if (existing) {
      this.subscribers.delete(key)
      await this.detach(existing.id)
    }
    const handleId = await this.attach()
    try {
      const join = () =>
        this.asyncRequest(handleId, {
          request: 'join',
          ptype: 'subscriber',
          room: janusId('room', roomId),
          streams: [{ feed: janusId('participant', feed) }],
        })
      // The feed is announced as soon as its publisher has Janus's answer, and Janus offers it once
      // that publisher's connection is up, moments later: until then it says "no such feed" while
      // listing the publisher among the room's participants. A feed nobody publishes is refused at once.
      const deadline = Date.now() + FEED_WAIT_MS
      let joined: boolean | undefined
      const joining = async (err: unknown): Promise<JanusMessage> => {
        if (!(err instanceof JanusError && err.code === NO_SUCH_FEED) || Date.now() > deadline) throw err
        // Whether the publisher has joined is asked once: then only its media is awaited.
        joined ??= await this.inRoom(handleId, roomId, feed)
        if (!joined) throw err
        await new Promise((resolve) => setTimeout(resolve, 250))
        return join().catch(joining)
      }
      const event = await join().catch(joining)
      if (event.jsep?.type !== 'offer') throw new Error('Janus: no offer for the subscription')
      this.subscribers.set(key, { id: handleId, roomId, participantId, feed })
      return { offerSdp: event.jsep.sdp }
    } catch (err) {
      await this.detach(handleId)
      throw err
    }
  }

  /** Whether the participant has joined the room in Janus (as a publisher whose media may still be starting). */
  private async inRoom(handleId: number, roomId: string, participantId: string): Promise<boolean> {
    const listed = await this.request(handleId, { request: 'listparticipants', room: janusId('room', roomId) }).catch(() => ({}))
    const participants = (listed as { participants?: { id: number }[] }).participants ?? []
    return participants.some((p) => p.id === janusId('participant', participantId))
  }

  async subscribeAnswer(roomId: string, participantId: string, feed: string, answerSdp: string) {
    const handle = this.subscribers.get(subscriptionKey(roomId, participantId, feed))
    if (!handle) throw new Error(`${participantId} has no subscription to ${feed} in room ${roomId}`)
    await this.asyncRequest(handle.id, { request: 'start' }, { type: 'answer', sdp: answerSdp })
  }

  async leave(roomId: string, participantId: string) {
    const feed = participantId
    const handles: number[] = []
    const publisher = this.publishers.get(handleKey(roomId, participantId))
    if (publisher) {
      this.publishers.delete(handleKey(roomId, participantId))
      handles.push(publisher.id)
    }
    for (const [key, handle] of this.subscribers) {
      if (handle.roomId === roomId && (handle.participantId === participantId || handle.feed === feed)) {
        this.subscribers.delete(key)
        handles.push(handle.id)
      }
    }
    await Promise.all(handles.map((id) => this.detach(id)))
  }

  async closeRoom(roomId: string) {
    const handles: number[] = []
    for (const map of [this.publishers, this.subscribers]) {
      for (const [key, handle] of map) {
        if (handle.roomId !== roomId) continue
        map.delete(key)
        handles.push(handle.id)
      }
    }
    await Promise.all(handles.map((id) => this.detach(id)))
    const control = await this.attach()
    try {
      await this.request(control, { request: 'destroy', room: janusId('room', roomId) }).catch((err: unknown) => {
        if (!(err instanceof JanusError && err.code === NO_SUCH_ROOM)) throw err
      })
    } finally {
      await this.detach(control)
    }
  }

  async close() {
    if (this.closed) return
    const session = this.session
    if (session) {
      const handles = [...this.publishers.values(), ...this.subscribers.values()].map((h) => h.id)
      await Promise.all(handles.map((id) => this.detach(id)))
      const sessionId = await session.catch(() => undefined)
      if (sessionId) await this.post(`/${sessionId}`, { janus: 'destroy', transaction: transaction() }).catch(() => undefined)
    }
    this.closed = true
    this.polling.abort()
    for (const waiter of this.waiters.values()) waiter.reject(new Error('the Janus SFU is closed'))
    this.waiters.clear()
  }
}

function transaction() {
  return randomBytes(9).toString('base64url')
}

const handleKey = (roomId: string, participantId: string) => `${roomId}\n${participantId}`
const subscriptionKey = (roomId: string, participantId: string, feed: string) => `${roomId}\n${participantId}\n${feed}`

function answerOf(event: JanusMessage) {
  if (event.jsep?.type !== 'answer') throw new Error('Janus: no answer to the offer')
  return event.jsep.sdp
}
