import { Socket as NetSocket } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { Server } from 'socket.io'

/** The event loop's busy share over a sample above which sockets are corked per turn, and below which they are written at once again. */
export const COALESCE_ABOVE = 0.8
export const DIRECT_BELOW = 0.6
const SAMPLE_MS = 100

/** The TCP socket under an engine.io connection, when it is a WebSocket (not long-polling). */
function tcpSocketOf(engineSocket: unknown): NetSocket | null {
  const raw = (engineSocket as { transport?: { socket?: { _socket?: unknown } } }).transport?.socket?._socket
  return raw instanceof NetSocket ? raw : null
}

/**
 * Whether to coalesce, given the loop's busy share over the last sample: on above `above`, off
 * below `below`, unchanged between (so it does not flap around one value).
 */
export function loadGate(above: number, below: number): (busy: number) => boolean {
  let on = false
  return (busy) => {
    if (!on && busy > above) on = true
    else if (on && busy < below) on = false
    return on
  }
}

/**
 * Under load, one system call per socket and event-loop turn for everything the server sends it.
 *
 * engine.io writes every packet to a WebSocket as its own frame and `writev`; at a fan-out of a
 * room of hundreds those calls are most of the server's time. While the event loop is saturated a
 * socket is corked when engine.io starts flushing to it and uncorked once the turn's I/O is handled
 * (setImmediate), so frames queued meanwhile (engine.io holds further packets until the write
 * completes) leave together. When the loop has time to spare each write goes out at once: corking
 * then saves nothing and costs every message a little latency (in the fan-out bench it doubled the
 * p99 at 200 messages/s).
 */
export function coalesceWrites(io: Server): { stop(): void } {
  const corked = new Set<NetSocket>()
  let releasing = false
  const release = () => {
    releasing = false
    for (const socket of corked) socket.uncork()
    corked.clear()
  }
  const corkForThisTurn = (engineSocket: unknown) => {
    const socket = tcpSocketOf(engineSocket)
    if (!socket || corked.has(socket) || socket.destroyed) return
    socket.cork()
    corked.add(socket)
    if (!releasing) {
      releasing = true
      setImmediate(release)
    }
  }

  const gate = loadGate(COALESCE_ABOVE, DIRECT_BELOW)
  let coalescing = false
  let last = performance.eventLoopUtilization()
  const sampling = setInterval(() => {
    const now = performance.eventLoopUtilization()
    const wanted = gate(performance.eventLoopUtilization(now, last).utilization)
    last = now
    if (wanted === coalescing) return
    coalescing = wanted
    if (coalescing) io.engine.on('flush', corkForThisTurn)
    else io.engine.off('flush', corkForThisTurn)
  }, SAMPLE_MS)
  sampling.unref()
  return {
    stop() {
      clearInterval(sampling)
      io.engine.off('flush', corkForThisTurn)
      release()
    },
  }
}
