import { Worker } from 'node:worker_threads'
import type { Sfu } from './sfu'

/** A STUN or TURN server as a browser's RTCIceServer names it. */
export interface IceServer {
  urls: string | string[]
  username?: string
  credential?: string
}

export interface EmbeddedSfuOptions {
  /** STUN and TURN servers for the SFU's own candidates; none by default (host candidates only). */
  iceServers?: IceServer[]
  /**
   * Addresses gathered beside the machine's interfaces. Default ['127.0.0.1']: browsers and tests on
   * the same machine reach the SFU over loopback, which interface gathering leaves out.
   */
  iceAdditionalHostAddresses?: string[]
}

type Request =
  | { op: 'publish'; roomId: string; participantId: string; offerSdp: string }
  | { op: 'subscribe'; roomId: string; participantId: string; feed: string }
  | { op: 'subscribeAnswer'; roomId: string; participantId: string; feed: string; answerSdp: string }
  | { op: 'leave'; roomId: string; participantId: string }
  | { op: 'closeRoom'; roomId: string }
  | { op: 'cpu' | 'counts' | 'close' }

type Reply = { id: number; result: unknown; error?: undefined } | { id: number; error: string }

/** The embedded SFU's state, for tests and the bench. */
export interface EmbeddedSfuCounts {
  rooms: number
  /** Publications and subscriptions: one peer connection each. */
  peerConnections: number
}

/**
 * The embedded SFU: werift in a worker thread (embedded-worker.mjs), which receives the publishers'
 * RTP and forwards it to each subscriber's peer connection. This side only passes the calls on. The
 * worker starts at the first call: a server that holds no group call never loads werift.
 */
export class EmbeddedSfu implements Sfu {
  readonly kind = 'embedded' as const
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>()
  private nextId = 1
  private worker?: Promise<Worker>
  private stopped: Error | null = null

  constructor(private readonly opts: EmbeddedSfuOptions = {}) {}

  private start(): Promise<Worker> {
    this.worker ??= new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
        workerData: {
          iceServers: oneUrlEach(this.opts.iceServers ?? []),
          iceAdditionalHostAddresses: this.opts.iceAdditionalHostAddresses ?? ['127.0.0.1'],
        },
      })
      const early = (err: Error) => reject(new Error(`the embedded SFU did not start: ${err.message}`))
      worker.once('error', early)
      worker.once('message', () => {
        worker.off('error', early)
        worker.on('message', (reply: Reply) => this.settle(reply))
        worker.on('error', (err) => this.stop(err))
        worker.on('exit', (code) => this.stop(new Error(`the embedded SFU stopped (exit ${code})`)))
        resolve(worker)
      })
    })
    return this.worker
  }

  private settle(reply: Reply) {
    const waiter = this.pending.get(reply.id)
    if (!waiter) return
    this.pending.delete(reply.id)
    if (reply.error !== undefined) waiter.reject(new Error(`embedded SFU: ${reply.error}`))
    else waiter.resolve(reply.result)
  }

  private stop(err: Error) {
    this.stopped ??= err
    for (const waiter of this.pending.values()) waiter.reject(this.stopped)
    this.pending.clear()
  }

  private async ask<T>(request: Request): Promise<T> {
    const worker = await this.start()
    if (this.stopped) throw this.stopped
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ id, ...request })
    })
  }

  publish(roomId: string, participantId: string, offerSdp: string) {
    return this.ask<{ feed: string; answerSdp: string }>({ op: 'publish', roomId, participantId, offerSdp })
  }

  subscribe(roomId: string, participantId: string, feed: string) {
    return this.ask<{ offerSdp: string }>({ op: 'subscribe', roomId, participantId, feed })
  }

  async subscribeAnswer(roomId: string, participantId: string, feed: string, answerSdp: string) {
    await this.ask({ op: 'subscribeAnswer', roomId, participantId, feed, answerSdp })
  }

  async leave(roomId: string, participantId: string) {
    await this.ask({ op: 'leave', roomId, participantId })
  }

  async closeRoom(roomId: string) {
    await this.ask({ op: 'closeRoom', roomId })
  }

  /** The worker thread's CPU time in seconds (Linux), for the bench; null where it cannot be read. */
  cpuSeconds() {
    return this.ask<number | null>({ op: 'cpu' })
  }

  /** Open rooms and peer connections, for tests. */
  counts() {
    return this.ask<EmbeddedSfuCounts>({ op: 'counts' })
  }

  async close() {
    if (!this.worker || this.stopped) return
    const worker = await this.worker.catch(() => undefined)
    await this.ask({ op: 'close' }).catch(() => undefined)
    this.stop(new Error('the embedded SFU is closed'))
    await worker?.terminate()
  }
}

/** werift takes one URL per server entry. */
function oneUrlEach(servers: IceServer[]) {
  return servers.flatMap(({ urls, username, credential }) =>
    (Array.isArray(urls) ? urls : [urls]).map((url) => ({ urls: url, username, credential })),
  )
}
