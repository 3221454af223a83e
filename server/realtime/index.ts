import type { Server as HttpServer } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { Server } from 'socket.io'
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_EVENTS, topicRoom, userRoom } from '../../contract'
import { type AuthContext, bearerToken } from '../auth/tokens'
import { coalesceWrites } from './write-coalescing'

export interface SocketData {
  userId: string
  sessionId: string
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>

export interface Realtime {
  io: RealtimeServer
  kind: 'memory' | 'redis'
  /** A Redis connection for commands (shared rate-limit counters), when REDIS_URL is set. */
  redis?: Redis
  /** Sends an event to every socket of a user, on every node. Services publish through this. */
  toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void
  /** Sends an event to every socket in a topic's room (its members' sockets), on every node. */
  toTopic<E extends keyof ServerToClientEvents>(topicId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void
  /** Puts every socket of the users (on every node) in the topic's room, or takes them out. */
  joinTopic(userIds: readonly string[], topicId: string): void
  leaveTopic(userIds: readonly string[], topicId: string): void
  /** Disconnects this node's sockets and closes the Redis connections. */
  close(): Promise<void>
}

export interface RealtimeOptions {
  redisUrl?: string
  authenticate(token: string): Promise<AuthContext | null>
  /** The topics a user belongs to: a new socket joins their rooms. */
  topicsOf(userId: string): Promise<string[]>
  /** The user's name when they belong to the topic, else null (checked before relaying TYPING). */
  memberName(userId: string, topicId: string): Promise<string | null>
  log: FastifyBaseLogger
}

/**
 * socket.io on the API's HTTP server. A socket authenticates with `auth: {token}` or an
 * Authorization Bearer header, joins `user:<id>`, and may announce LOGOUT to its user's other sockets.
 */
export async function createRealtime(server: HttpServer, opts: RealtimeOptions): Promise<Realtime> {
  const io: RealtimeServer = new Server(server, { path: '/socket.io', serveClient: false })
  let pub: Redis | undefined
  let sub: Redis | undefined

  if (opts.redisUrl) {
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')])
    pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5_000 })
    sub = pub.duplicate()
    for (const c of [pub, sub]) c.on('error', (err) => opts.log.error({ err }, 'redis error'))
    try {
      await Promise.all([pub.ping(), sub.ping()])
    } catch (err) {
      pub.disconnect()
      sub.disconnect()
      io.close()
      throw new Error(`Redis at REDIS_URL is not reachable: ${(err as Error).message}`, { cause: err })
    }
    io.adapter(createAdapter(pub, sub))
  }

  const coalescing = coalesceWrites(io)

  /** Each connecting socket's topic rooms, looked up before it is told it is connected. */
  const topicRoomsOf = new WeakMap<object, string[]>()

  io.use(async (socket, next) => {
    const { auth, headers } = socket.handshake
    const raw = typeof auth?.token === 'string' ? auth.token : bearerToken(headers.authorization)
    const token = raw ? (bearerToken(raw) ?? raw) : undefined
    const who = token ? await opts.authenticate(token).catch(() => null) : null
    if (!who) return next(new Error('unauthorized'))
    socket.data.userId = who.userId
    socket.data.sessionId = who.sessionId
    const topicIds = await opts.topicsOf(who.userId).catch((err: unknown) => {
      opts.log.error({ err }, 'joining topic rooms failed')
      return []
    })
    topicRoomsOf.set(socket, topicIds.map(topicRoom))
    next()
  })

  io.on('connection', (socket) => {
    const room = userRoom(socket.data.userId)
    // Joined as the connection opens: whatever reaches a room after the client hears it is connected reaches it.
    void socket.join([room, ...(topicRoomsOf.get(socket) ?? [])])
    topicRoomsOf.delete(socket)
    socket.on(SOCKET_EVENTS.TYPING, (payload) => {
      const topicId = typeof payload?.topic_id === 'string' ? payload.topic_id : null
      if (!topicId || !socket.rooms.has(topicRoom(topicId))) return
      opts
        .memberName(socket.data.userId, topicId)
        .then((name) => {
          if (name !== null) socket.to(topicRoom(topicId)).emit(SOCKET_EVENTS.TYPING, { topic_id: topicId, user: { _id: socket.data.userId, name } })
        })
        .catch((err: unknown) => opts.log.error({ err }, 'typing relay failed'))
    })
    // This device logs out: the user's other sockets learn that their login status changed.
    socket.on(SOCKET_EVENTS.LOGOUT, () => {
      socket.to(room).emit(SOCKET_EVENTS.LOGOUT, { user_id: socket.data.userId })
    })
  })

  return {
    io,
    kind: opts.redisUrl ? 'redis' : 'memory',
    redis: pub,
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args)
    },
    toTopic(topicId, event, ...args) {
      io.to(topicRoom(topicId)).emit(event, ...args)
    },
    joinTopic(userIds, topicId) {
      if (userIds.length) io.in(userIds.map(userRoom)).socketsJoin(topicRoom(topicId))
    },
    leaveTopic(userIds, topicId) {
      if (userIds.length) io.in(userIds.map(userRoom)).socketsLeave(topicRoom(topicId))
    },
    async close() {
      coalescing.stop()
      io.local.disconnectSockets(true)
      io.engine.close()
      await Promise.all([pub?.quit().catch(() => undefined), sub?.quit().catch(() => undefined)])
    },
  }
}
