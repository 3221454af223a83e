/**
 * The raw baseline of the chat fan-out bench, run as its own process: a bare socket.io server
 * (no HTTP API, no database, no auth) that puts every receiver socket in one room and relays
 * each `relay` payload from the sender with `io.to(room).emit('NEW_MESSAGE', payload)`, then acks.
 * Usage: node --import tsx tests/bench/raw-relay-server.ts <port>; prints "ready" once listening.
 */
import { createServer } from 'node:http'
import { Server } from 'socket.io'

const ROOM = 'topic:bench'

interface RelayEvents {
  relay: (payload: unknown, ack: (ok: boolean) => void) => void
}
interface ReceiverEvents {
  NEW_MESSAGE: (payload: unknown) => void
}

const port = Number(process.argv[2])
if (!Number.isInteger(port) || port <= 0) throw new Error(`usage: raw-relay-server.ts <port>, got "${process.argv[2]}"`)

const http = createServer()
const io = new Server<RelayEvents, ReceiverEvents>(http, { path: '/socket.io', serveClient: false })

io.on('connection', (socket) => {
  if (socket.handshake.auth.role !== 'sender') void socket.join(ROOM)
  socket.on('relay', (payload, ack) => {
    io.to(ROOM).emit('NEW_MESSAGE', payload)
    ack(true)
  })
})

http.listen(port, '127.0.0.1', () => console.log('ready'))

process.on('SIGTERM', () => {
  io.close(() => process.exit(0))
  setTimeout(() => process.exit(0), 2_000).unref()
})
