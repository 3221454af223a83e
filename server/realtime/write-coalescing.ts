import { Socket as NetSocket } from 'node:net'
import type { Server } from 'socket.io'

/** The TCP socket under an engine.io connection, when it is a WebSocket (not long-polling). */
function tcpSocketOf(engineSocket: unknown): NetSocket | null {
  const raw = (engineSocket as { transport?: { socket?: { _socket?: unknown } } }).transport?.socket?._socket
  return raw instanceof NetSocket ? raw : null
}

/**
 * One system call per socket and event-loop turn for everything the server sends it in that turn.
 *
 * engine.io writes every packet to a WebSocket as its own frame and `writev`; at a fan-out of a
 * room of hundreds those calls are most of the server's time. Here a socket is corked when
 * engine.io starts flushing to it and uncorked once the turn's I/O is handled (setImmediate), so
 * frames queued meanwhile (engine.io holds further packets until the write completes) leave
 * together. With one message a turn nothing waits longer than the rest of that turn.
 */
export function coalesceWrites(io: Server): void {
  const corked = new Set<NetSocket>()
  let releasing = false
  const release = () => {
    releasing = false
    for (const socket of corked) socket.uncork()
    corked.clear()
  }
  io.engine.on('flush', (engineSocket: unknown) => {
    const socket = tcpSocketOf(engineSocket)
    if (!socket || corked.has(socket) || socket.destroyed) return
    socket.cork()
    corked.add(socket)
    if (!releasing) {
      releasing = true
      setImmediate(release)
    }
  })
}
