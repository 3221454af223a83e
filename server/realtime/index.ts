import type { Server as HttpServer } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { Server, type Socket } from 'socket.io'
import {
  type ClientToServerEvents,
  FOCUS_FRESH_MS,
  type RoomParticipant,
  type ServerToClientEvents,
  SOCKET_EVENTS,
  topicRoom,
  userRoom,
} from '../../contract'
import type { RoomGrant } from '../auth/room-tokens'
import { type AuthContext, bearerToken, type Revocation } from '../auth/tokens'
import { type ConnectRule, createConnectBudget } from './connect-budget'
import { logRedisErrors, publishErrorsLogged } from './redis-resilience'
import { coalesceWrites } from './write-coalescing'

/** The room (a meeting) a socket is in, as the others see it there. */
export interface RoomSeat {
  /** The room's id (the meeting's). */
  id: string
  participant: RoomParticipant
  /** Its published stream at the SFU, once it published. */
  feed?: string
}

export interface SocketData {
  /** The signed-in user; '' on a room-token socket (a meeting's guest has no account). */
  userId: string
  /** '' on a room-token socket. */
  sessionId: string
  /** When the access token (or room token) of the handshake expires (epoch ms): the socket is dropped then. */
  expiresAt: number
  /** When this socket last reported that its window has the focus (epoch ms); null while blurred or never said. */
  focusedAt?: number | null
  /** A room-token socket (`auth: {room_token}`): the one meeting whose room events it may use, and nothing else. */
  room?: RoomGrant
  /** The meeting room this socket joined (ROOM_JOIN), whoever holds it. */
  seat?: RoomSeat
}

/** What the nodes tell each other (through the Redis adapter): a revocation, so each stops trusting the session at once. */
export interface ServerSideEvents {
  revoked: (revoked: Revocation) => void
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>

/** Every socket of a session joins `session:<id>`: revoking the session disconnects that room. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`

/** A socket relays at most one TYPING per this many ms; the rest are dropped unread. */
export const TYPING_MIN_INTERVAL_MS = 1_000

export interface Realtime {
  io: RealtimeServer
  kind: 'memory' | 'redis'
  /** A Redis connection for commands (shared rate-limit counters), when REDIS_URL is set. */
  redis?: Redis
  /** Sends an event to every socket of a user, on every node. Services publish through this. */
  toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void
  /** Sends an event to every socket in a topic's room (its members' sockets), on every node. */
  toTopic<E extends keyof ServerToClientEvents>(topicId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void
  /**
   * Sends an event once to every socket in any of the users' rooms and the topics' rooms, on every
   * node (a socket in several of them gets it once).
   */
  toRooms<E extends keyof ServerToClientEvents>(
    rooms: { userIds?: readonly string[]; topicIds?: readonly string[] },
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void
  /** Puts every socket of the users (on every node) in the topic's room, or takes them out. */
  joinTopic(userIds: readonly string[], topicId: string): void
  leaveTopic(userIds: readonly string[], topicId: string): void
  /** Takes every socket of the users (on every node) out of the topics' rooms (leaving a channel: its groups). */
  leaveTopics(userIds: readonly string[], topicIds: readonly string[]): void
  /** Disconnects the sockets of a revoked session (or of every session of a user), on every node; the other nodes hear of it (onRemoteRevoked). */
  disconnect(revoked: Revocation): void
  /**
   * Whether any socket of the user (on any node) reported within FOCUS_FRESH_MS that its window
   * has the focus: then a notification shows in that window and no browser push goes out.
   */
  hasFocusedWindow(userId: string): Promise<boolean>
  /** Calls `listener` when another node revoked a session or a user's sessions. */
  onRemoteRevoked(listener: (revoked: Revocation) => void): void
  /** Disconnects this node's sockets and closes the Redis connections. */
  close(): Promise<void>
}

export interface RealtimeOptions {
  redisUrl?: string
  /** The adapter's channel prefix (default 'socket.io'): the nodes that share it hear each other. */
  redisChannel?: string
  /** The handshake's check: `fresh` asks the database, not a node's cache (a revocation elsewhere counts at once). */
  authenticate(token: string, opts: { fresh: boolean }): Promise<AuthContext | null>
  /** The topics a user belongs to: a new socket joins their rooms. */
  topicsOf(userId: string): Promise<string[]>
  /** The user's name when they may write in the topic, else null (checked before relaying TYPING; the topic module's writer check). */
  writerName(userId: string, topicId: string): Promise<string | null>
  /**
   * A room token's grant when it still admits its holder (genuine, unexpired, not removed, the
   * meeting not ended), else null: the handshake of `auth: {room_token}` (meeting guests).
   */
  authenticateRoom?(token: string): Promise<RoomGrant | null>
  /** The clock (epoch ms) the access tokens' expiry is measured on. */
  now: () => number
  /** Connects allowed per user and window (a reconnect storm or a script opening sockets). */
  connectLimit: ConnectRule
  log: FastifyBaseLogger
}

/**
 * socket.io on the API's HTTP server. A socket authenticates with `auth: {token}` or an
 * Authorization Bearer header (a verified account's open session), joins `user:<id>`,
 * `session:<id>` and its topics' rooms, and may announce LOGOUT to its user's other sockets. It is
 * dropped when its access token expires (the client reconnects with a fresh one) and when its
 * session is revoked. With Redis, every room operation also applies on this node at once, so a
 * Redis outage neither keeps a revoked socket nor ends the node.
 */
export async function createRealtime(server: HttpServer, opts: RealtimeOptions): Promise<Realtime> {
  const io: RealtimeServer = new Server(server, { path: '/socket.io', serveClient: false })
  let pub: Redis | undefined
  let sub: Redis | undefined

  if (opts.redisUrl) {
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')])
    // No offline queue: while Redis is down a command fails at once (rate limits then fail open or closed
    // at once, publishes are logged) instead of waiting for reconnects.
    pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5_000, enableOfflineQueue: false, lazyConnect: true })
    // The subscriber keeps its queue: ioredis subscribes again by itself once Redis is back.
    sub = pub.duplicate({ enableOfflineQueue: true, lazyConnect: false })
    logRedisErrors([pub, sub], opts.log)
    try {
      await pub.connect()
      await Promise.all([pub.ping(), sub.ping()])
    } catch (err) {
      pub.disconnect()
      sub.disconnect()
      io.close()
      throw new Error(`Redis at REDIS_URL is not reachable: ${(err as Error).message}`, { cause: err })
    }
    io.adapter(createAdapter(publishErrorsLogged(pub, opts.log), sub, { key: opts.redisChannel }))
  }
  const clustered = Boolean(pub)
  const connects = createConnectBudget(opts.connectLimit, pub, opts.now)

  const coalescing = coalesceWrites(io)
  const remoteRevocations = new Set<(revoked: Revocation) => void>()
  io.on('revoked', (revoked) => {
    for (const listener of remoteRevocations) listener(revoked)
  })

  /** Each connecting socket's token and topic rooms, looked up before it is told it is connected. */
  const handshakes = new WeakMap<object, { token: string; topicRooms: string[] }>()

  io.use(async (socket, next) => {
    const { auth, headers } = socket.handshake
    // A meeting's room token: a socket confined to that meeting's room events (no user, session or topic rooms).
    if (typeof auth?.room_token === 'string') {
      const grant = opts.authenticateRoom ? await opts.authenticateRoom(auth.room_token).catch(() => null) : null
      if (!grant) return next(new Error('unauthorized'))
      if (!(await connects.admit(`room:${grant.participantId}`))) return next(new Error('too many connections'))
      socket.data.userId = ''
      socket.data.sessionId = ''
      socket.data.expiresAt = grant.expiresAt
      socket.data.room = grant
      return next()
    }
    const raw = typeof auth?.token === 'string' ? auth.token : bearerToken(headers.authorization)
    const token = raw ? (bearerToken(raw) ?? raw) : undefined
    const who = token ? await opts.authenticate(token, { fresh: true }).catch(() => null) : null
    if (!token || !who) return next(new Error('unauthorized'))
    if (!who.emailVerified) return next(new Error('email not verified'))
    if (!(await connects.admit(who.userId))) return next(new Error('too many connections'))
    socket.data.userId = who.userId
    socket.data.sessionId = who.sessionId
    socket.data.expiresAt = who.expiresAt
    const topicIds = await opts.topicsOf(who.userId).catch((err: unknown) => {
      opts.log.error({ err }, 'joining topic rooms failed')
      return []
    })
    handshakes.set(socket, { token, topicRooms: topicIds.map(topicRoom) })
    next()
  })

  /**
   * A revocation or membership change between the handshake's lookups and the join missed this
   * socket: look again now that it is in its rooms (any later change reaches it through them).
   */
  async function recheck(socket: RealtimeSocket, token: string, joined: readonly string[]) {
    const [who, topicIds] = await Promise.all([opts.authenticate(token, { fresh: true }), opts.topicsOf(socket.data.userId)])
    if (!who) return void socket.disconnect(true)
    const current = new Set(topicIds.map(topicRoom))
    for (const r of joined) if (!current.has(r)) void socket.leave(r)
    const missing = [...current].filter((r) => !socket.rooms.has(r))
    if (missing.length) void socket.join(missing)
  }

  io.on('connection', (socket) => {
    if (socket.data.room) {
      // Only the meeting's room handler listens on it (server/modules/meeting/room.ts); dropped when its token expires.
      const until = setTimeout(() => socket.disconnect(true), Math.max(0, socket.data.expiresAt - opts.now()))
      socket.on('disconnect', () => clearTimeout(until))
      return
    }
    const room = userRoom(socket.data.userId)
    const { token, topicRooms } = handshakes.get(socket) ?? { token: '', topicRooms: [] }
    handshakes.delete(socket)
    // Joined as the connection opens: whatever reaches a room after the client hears it is connected reaches it.
    void socket.join([room, sessionRoom(socket.data.sessionId), ...topicRooms])
    recheck(socket, token, topicRooms).catch((err: unknown) => opts.log.error({ err }, 'checking topic rooms failed'))

    // The access token's end is the socket's end: the client comes back with a fresh token.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, socket.data.expiresAt - opts.now()))
    socket.on('disconnect', () => clearTimeout(expiry))

    let lastTyping = -Infinity
    socket.on(SOCKET_EVENTS.TYPING, (payload) => {
      const topicId = typeof payload?.topic_id === 'string' ? payload.topic_id : null
      if (!topicId || !socket.rooms.has(topicRoom(topicId))) return
      const at = Date.now()
      if (at - lastTyping < TYPING_MIN_INTERVAL_MS) return
      lastTyping = at
      opts
        .writerName(socket.data.userId, topicId)
        .then((name) => {
          if (name !== null)
            socket.to(topicRoom(topicId)).emit(SOCKET_EVENTS.TYPING, { topic_id: topicId, user: { _id: socket.data.userId, name } })
        })
        .catch((err: unknown) => opts.log.error({ err }, 'typing relay failed'))
    })
    // The window's focus, for the push decision (hasFocusedWindow).
    socket.on(SOCKET_EVENTS.FOCUS, (payload) => {
      socket.data.focusedAt = payload?.focused === true ? opts.now() : null
    })
    // This device logs out: the user's other sockets learn that their login status changed.
    socket.on(SOCKET_EVENTS.LOGOUT, () => {
      socket.to(room).emit(SOCKET_EVENTS.LOGOUT, { user_id: socket.data.userId })
    })
  })

  /** The rooms' sockets on this node at once, and (with Redis) on the other nodes through the adapter. */
  function everywhere(rooms: string | string[], apply: (target: ReturnType<RealtimeServer['in']>) => void) {
    apply(io.local.in(rooms))
    if (clustered) apply(io.in(rooms))
  }

  function leaveTopics(userIds: readonly string[], topicIds: readonly string[]) {
    if (userIds.length && topicIds.length) everywhere(userIds.map(userRoom), (target) => target.socketsLeave(topicIds.map(topicRoom)))
  }

  return {
    io,
    kind: clustered ? 'redis' : 'memory',
    redis: pub,
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args)
    },
    toTopic(topicId, event, ...args) {
      io.to(topicRoom(topicId)).emit(event, ...args)
    },
    toRooms({ userIds = [], topicIds = [] }, event, ...args) {
      const rooms = [...userIds.map(userRoom), ...topicIds.map(topicRoom)]
      if (rooms.length) io.to(rooms).emit(event, ...args)
    },
    joinTopic(userIds, topicId) {
      if (userIds.length) everywhere(userIds.map(userRoom), (target) => target.socketsJoin(topicRoom(topicId)))
    },
    leaveTopic: (userIds, topicId) => leaveTopics(userIds, [topicId]),
    leaveTopics,
    async hasFocusedWindow(userId) {
      const focused = (sockets: { data: Partial<SocketData> }[]) => {
        const now = opts.now()
        return sockets.some((s) => typeof s.data.focusedAt === 'number' && now - s.data.focusedAt < FOCUS_FRESH_MS)
      }
      try {
        return focused(await io.in(userRoom(userId)).fetchSockets())
      } catch (err) {
        // Redis down, or a node that does not answer in time: this node's windows decide (a push too many beats a lost one).
        opts.log.warn({ err }, 'realtime: the other nodes did not say whether a window has the focus')
        return focused(await io.local.in(userRoom(userId)).fetchSockets())
      }
    },
    disconnect(revoked) {
      everywhere('sessionId' in revoked ? sessionRoom(revoked.sessionId) : userRoom(revoked.userId), (target) =>
        target.disconnectSockets(true),
      )
      if (clustered) io.serverSideEmit('revoked', revoked)
    },
    onRemoteRevoked(listener) {
      remoteRevocations.add(listener)
    },
    async close() {
      coalescing.stop()
      io.local.disconnectSockets(true)
      io.engine.close()
      await Promise.all([pub?.quit().catch(() => undefined), sub?.quit().catch(() => undefined)])
    },
  }
}
