import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm'
import {
  type CustomStatus,
  OFFLINE_GRACE_MS,
  type Presence,
  PRESENCE_WATCH_MAX,
  type PresenceState,
  presenceRoom,
  RECEIPT_THROTTLE_MS,
  type Receipts,
  RECEIPTS_MAX_MEMBERS,
  SOCKET_EVENTS,
  type StatusSetBody,
  userRoom,
} from '../../../contract'
import type { AppContext } from '../../context'
import { friendships, topicMembers, userBlocks, userPresence, users } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'
import type { RunningJob } from '../../jobs/job-queue'
import type { RealtimeSocket } from '../../realtime'
import type { AttentionService } from '../attention'
import { requireTopicMember } from '../topic'
import { type Aggregate, memoryPresenceStore, type PresenceStore, redisPresenceStore } from './store'

/** Each node writes its heartbeat this often (Redis); a node silent for NODE_DEAD_MS is swept by another. */
export const HEARTBEAT_MS = 10_000
export const NODE_DEAD_MS = 30_000
/** A custom status may be set for at most this long ahead. */
const STATUS_MAX_AHEAD_MS = 366 * 24 * 3600 * 1000
export const STATUS_EXPIRY_JOB = 'presence.status-expiry'
const statusExpiryKey = (userId: string) => `status-expiry:${userId}`

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

type StatusRow = { statusEmoji: string | null; statusText: string | null; statusExpiresAt: Date | null }

/**
 * Presence (online / away / offline across tabs, devices and nodes), custom status and read
 * receipts: the only writer of user_presence.
 *
 * - Every socket of a signed-in user is in the store (memory, or Redis with REDIS_URL) with its
 *   tab's activity (ACTIVITY: `active` / `away`, sent by the client's activity machine only on its
 *   transitions). A person is online while any socket is active, away while every connected one is
 *   idle; once none is left, OFFLINE_GRACE_MS later they are offline (a reload or a reconnect to
 *   another node does not flap) and their last_seen_at is written.
 * - A change is told once (the store's atomic swap of the state last told) as PRESENCE_CHANGED to
 *   the room `presence:<id>`, which sockets join with PRESENCE_WATCH for the people on their screen
 *   whom they may see (friends, people in a chat with them, never across a block); the sockets of
 *   anyone either of them blocked are left out of each fan-out.
 * - With Redis, each node writes a heartbeat; a node that stops (it died) is swept by another after
 *   NODE_DEAD_MS, whose people are then told offline unless they have sockets elsewhere.
 * - Custom status: set until a time (a job of the queue clears it then, exactly once, and tells the
 *   watchers) or until cleared; reads also leave out a status whose time has passed.
 * - Read receipts: in chats of up to RECEIPTS_MAX_MEMBERS, between members who both keep them on
 *   (users.read_receipts), as topic_members.last_seen_seq says; a reader's new position reaches the
 *   others as RECEIPT at most once per RECEIPT_THROTTLE_MS (the first at once, the latest at the end).
 */
export function createPresenceService(ctx: AppContext, { attention }: { attention: Pick<AttentionService, 'dndOf'> }) {
  const { db, realtime, config, queue } = ctx
  const { io } = realtime
  const nodeId = randomUUID()
  const prefix = `${config.redisChannel ?? 'socket.io'}:presence:`
  const store: PresenceStore = realtime.redis ? redisPresenceStore(realtime.redis, prefix, nodeId) : memoryPresenceStore()

  /** One change at a time per person on this node (their sockets' events arrive in order). */
  const chains = new Map<string, Promise<unknown>>()
  function serial<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const before = chains.get(userId) ?? Promise.resolve()
    const next = before.then(work, work)
    const settled = next.catch(() => undefined)
    chains.set(userId, settled)
    void settled.then(() => {
      if (chains.get(userId) === settled) chains.delete(userId)
    })
    return next
  }

  const graces = new Map<string, () => void>()
  let halted = false
  let closing = false
  let changes = 0

  /** The people either of whom blocked `userId`: their sockets hear nothing about them. */
  async function blockedWith(userId: string): Promise<string[]> {
    const rows = await db
      .select({ blocker: userBlocks.blockerId, blocked: userBlocks.blockedId })
      .from(userBlocks)
      .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)))
    return rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker))
  }

  /** Sends to the person's watchers (and `alsoSelf`: their own sockets), never to anyone across a block. */
  async function tellWatchers<E extends 'PRESENCE_CHANGED' | 'STATUS_CHANGED'>(
    userId: string,
    event: E,
    payload: Parameters<import('../../../contract').ServerToClientEvents[E]>[0],
    alsoSelf = false,
  ) {
    const rooms = alsoSelf ? [presenceRoom(userId), userRoom(userId)] : presenceRoom(userId)
    const others = await blockedWith(userId)
    const target = others.length ? io.to(rooms).except(others.map(userRoom)) : io.to(rooms)
    ;(target.emit as (e: string, p: unknown) => void)(event, payload)
  }

  /** Tells the watchers the person's state when it is not what they were last told (once, across nodes). */
  async function publish(userId: string, aggregate: Aggregate): Promise<void> {
    const state: PresenceState = aggregate === 'none' ? 'offline' : aggregate
    const before = await store.swapPublished(userId, state)
    if (before === state) return
    changes++
    let lastSeen: string | null = null
    if (state === 'offline') {
      const at = new Date(config.now())
      await db
        .insert(userPresence)
        .values({ userId, lastSeenAt: at })
        .onConflictDoUpdate({ target: userPresence.userId, set: { lastSeenAt: at } })
      lastSeen = at.toISOString()
    }
    await tellWatchers(userId, SOCKET_EVENTS.PRESENCE_CHANGED, { user_id: userId, state, last_seen_at: lastSeen })
  }

  function cancelGrace(userId: string) {
    graces.get(userId)?.()
    graces.delete(userId)
  }

  /** No socket left (on any node): offline after the grace, unless one came back by then. */
  function startGrace(userId: string) {
    cancelGrace(userId)
    const cancel = config.setTimer(() => {
      graces.delete(userId)
      if (halted || closing) return
      serial(userId, async () => publish(userId, await store.aggregate(userId))).catch(() => undefined)
    }, OFFLINE_GRACE_MS)
    graces.set(userId, cancel)
  }

  async function settle(userId: string, aggregate: Aggregate) {
    if (aggregate === 'none') return startGrace(userId)
    cancelGrace(userId)
    await publish(userId, aggregate)
  }

  /** The subset of `ids` that `viewer` may see: themselves, friends, people in a chat with them; never across a block. */
  async function visibleTo(viewer: string, ids: readonly string[]): Promise<string[]> {
    const wanted = [...new Set(ids)].slice(0, PRESENCE_WATCH_MAX)
    if (!wanted.length) return []
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, wanted),
          sql`not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${users.id} and b.blocked_id = ${viewer}) or (b.blocker_id = ${viewer} and b.blocked_id = ${users.id}))`,
          sql`(${users.id} = ${viewer}
            or exists (select 1 from ${friendships} f where f.accepted_at is not null
              and ((f.user_low = ${users.id} and f.user_high = ${viewer}) or (f.user_low = ${viewer} and f.user_high = ${users.id})))
            or exists (select 1 from ${topicMembers} m join ${topicMembers} mine on mine.topic_id = m.topic_id and mine.user_id = ${viewer}
              where m.user_id = ${users.id}))`,
        ),
      )
    return rows.map((r) => r.id)
  }

  const statusOf = (row: StatusRow | undefined, now: number): CustomStatus | null =>
    row?.statusEmoji && row.statusText && (!row.statusExpiresAt || row.statusExpiresAt.getTime() > now)
      ? { emoji: row.statusEmoji, text: row.statusText, expires_at: iso(row.statusExpiresAt) }
      : null

  // --- sockets -------------------------------------------------------------------------------

  function attach(socket: RealtimeSocket) {
    const userId = socket.data.userId
    if (!userId) return
    const watching = new Set<string>()
    serial(userId, async () => settle(userId, await store.put(userId, socket.id, 'active'))).catch(() => undefined)

    socket.on(SOCKET_EVENTS.ACTIVITY, (payload) => {
      if (halted || closing) return
      const state = payload?.state === 'away' ? 'idle' : payload?.state === 'active' ? 'active' : null
      if (!state || !socket.connected) return
      serial(userId, async () => settle(userId, await store.put(userId, socket.id, state))).catch(() => undefined)
    })

    let watch = Promise.resolve()
    socket.on(SOCKET_EVENTS.PRESENCE_WATCH, (payload, ack) => {
      const ids = Array.isArray(payload?.user_ids)
        ? payload.user_ids.filter((id): id is string => typeof id === 'string' && id.length <= 64)
        : []
      watch = watch
        .then(async () => {
          const allowed = new Set(await visibleTo(userId, ids))
          const leave = [...watching].filter((id) => !allowed.has(id))
          const join = [...allowed].filter((id) => !watching.has(id))
          for (const id of leave) {
            watching.delete(id)
            void socket.leave(presenceRoom(id))
          }
          for (const id of join) watching.add(id)
          if (join.length) await socket.join(join.map(presenceRoom))
        })
        .catch(() => undefined)
        .then(() => (typeof ack === 'function' ? ack({ watching: [...watching] }) : undefined))
    })

    socket.on('disconnect', () => {
      if (halted || closing) return
      serial(userId, async () => settle(userId, await store.drop(userId, socket.id))).catch(() => undefined)
    })
  }

  let beat: (() => void) | null = null
  async function heartbeatAndSweep() {
    await store.heartbeat(config.now())
    const people = await store.sweepDead(config.now() - NODE_DEAD_MS)
    for (const userId of new Set(people)) await serial(userId, async () => publish(userId, await store.aggregate(userId)))
  }
  function scheduleBeat() {
    beat = config.setTimer(() => {
      if (halted || closing) return
      heartbeatAndSweep()
        .catch(() => undefined)
        .finally(() => {
          if (!halted && !closing) scheduleBeat()
        })
    }, HEARTBEAT_MS)
  }

  // --- read receipts -------------------------------------------------------------------------

  const receiptTimers = new Map<string, { last: number; pending: (() => void) | null }>()

  /** Sends the reader's position to the members who see receipts in the chat (none: they or it do not take them). */
  async function sendReceipt(userId: string, topicId: string) {
    const rows = await db
      .select({
        userId: topicMembers.userId,
        seq: topicMembers.lastSeenSeq,
        receipts: users.readReceipts,
        members: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(topicMembers)
      .innerJoin(users, eq(users.id, topicMembers.userId))
      .where(
        and(
          eq(topicMembers.topicId, topicId),
          sql`not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${topicMembers.userId} and b.blocked_id = ${userId}) or (b.blocker_id = ${userId} and b.blocked_id = ${topicMembers.userId}))`,
        ),
      )
      .limit(RECEIPTS_MAX_MEMBERS + 1)
    const reader = rows.find((r) => r.userId === userId)
    if (!reader || reader.receipts !== 1 || rows.length > RECEIPTS_MAX_MEMBERS || (rows[0]?.members ?? 0) > RECEIPTS_MAX_MEMBERS) return
    const to = rows.filter((r) => r.userId !== userId && r.receipts === 1).map((r) => r.userId)
    if (to.length) realtime.toRooms({ userIds: to }, SOCKET_EVENTS.RECEIPT, { topic_id: topicId, user_id: userId, seq: reader.seq })
  }

  const service = {
    nodeId,
    /** Presence changes told by this node (the bench reads it). */
    get changes() {
      return changes
    },

    /** Starts following this node's sockets and, with Redis, its heartbeat. */
    start() {
      io.on('connection', attach)
      if (realtime.redis) {
        void store.heartbeat(config.now()).catch(() => undefined)
        scheduleBeat()
      }
    },

    /** The heartbeat and the sweep of dead nodes now (tests; the timer does it every HEARTBEAT_MS). */
    beat: heartbeatAndSweep,

    /** Tests: this node stops as a crash would (no heartbeat, its sockets' ends unheard, nothing cleaned). */
    halt() {
      halted = true
      beat?.()
      for (const cancel of graces.values()) cancel()
      graces.clear()
    },

    /**
     * This node closes: its sockets' ends are not reported one by one; with Redis its heartbeat is
     * marked stopped, so another node sweeps its people (told offline unless connected elsewhere).
     */
    async close() {
      closing = true
      beat?.()
      for (const cancel of graces.values()) cancel()
      graces.clear()
      if (realtime.redis) await store.heartbeat(0).catch(() => undefined)
      else await store.leave()
    },

    /** Presence of the people the caller may see among `ids` (the others are left out). */
    async of(viewer: string, ids: readonly string[]): Promise<Presence[]> {
      const wanted = [...new Set(ids)]
      const known = await db.select({ id: users.id }).from(users).where(inArray(users.id, wanted))
      if (known.length < wanted.length) throw notFound()
      const visible = await visibleTo(viewer, wanted)
      if (!visible.length) return []
      const [told, rows, dnd] = await Promise.all([
        store.published(visible),
        db.select().from(userPresence).where(inArray(userPresence.userId, visible)),
        attention.dndOf(visible),
      ])
      const byId = new Map(rows.map((r) => [r.userId, r]))
      const now = config.now()
      return visible.map((id) => {
        const state = told.get(id) ?? 'offline'
        const row = byId.get(id)
        return {
          user_id: id,
          state,
          last_seen_at: state === 'offline' ? iso(row?.lastSeenAt) : null,
          dnd: dnd.has(id),
          status: statusOf(row, now),
        }
      })
    },

    async setStatus(userId: string, body: StatusSetBody): Promise<CustomStatus> {
      const expiresAt = body.expires_at ? new Date(body.expires_at) : null
      if (expiresAt && expiresAt.getTime() <= config.now()) throw badRequest('scheduledInPast', 'expires_at')
      if (expiresAt && expiresAt.getTime() > config.now() + STATUS_MAX_AHEAD_MS) throw badRequest('scheduledTooFar', 'expires_at')
      const values = { statusEmoji: body.emoji, statusText: body.text, statusExpiresAt: expiresAt, statusSetAt: new Date(config.now()) }
      await db.transaction(async (tx) => {
        await tx
          .insert(userPresence)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: userPresence.userId, set: values })
        if (expiresAt)
          await queue.schedule(tx, { kind: STATUS_EXPIRY_JOB, key: statusExpiryKey(userId), runAt: expiresAt, payload: { userId } })
        else await queue.cancel(tx, statusExpiryKey(userId))
      })
      const status = { emoji: body.emoji, text: body.text, expires_at: iso(expiresAt) }
      await tellWatchers(userId, SOCKET_EVENTS.STATUS_CHANGED, { user_id: userId, status }, true)
      return status
    },

    async clearStatus(userId: string): Promise<{ cleared: boolean }> {
      const cleared = await db.transaction(async (tx) => {
        const rows = await tx
          .update(userPresence)
          .set({ statusEmoji: null, statusText: null, statusExpiresAt: null, statusSetAt: null })
          .where(and(eq(userPresence.userId, userId), isNotNull(userPresence.statusEmoji)))
          .returning({ userId: userPresence.userId })
        await queue.cancel(tx, statusExpiryKey(userId))
        return rows.length > 0
      })
      if (cleared) await tellWatchers(userId, SOCKET_EVENTS.STATUS_CHANGED, { user_id: userId, status: null }, true)
      return { cleared }
    },

    /** The job at a status's time: clears it (when it is still that status, and only once) and tells the watchers. */
    async expireStatus(job: RunningJob): Promise<void> {
      const userId = typeof job.payload.userId === 'string' ? job.payload.userId : null
      if (!userId) return
      const cleared = await db.transaction(async (tx) => {
        const rows = await tx
          .update(userPresence)
          .set({ statusEmoji: null, statusText: null, statusExpiresAt: null, statusSetAt: null })
          .where(
            and(
              eq(userPresence.userId, userId),
              isNotNull(userPresence.statusExpiresAt),
              lte(userPresence.statusExpiresAt, new Date(config.now())),
            ),
          )
          .returning({ userId: userPresence.userId })
        await job.markDone(tx)
        return rows.length > 0
      })
      if (cleared) await tellWatchers(userId, SOCKET_EVENTS.STATUS_CHANGED, { user_id: userId, status: null }, true)
    },

    /** How far the other members of a chat have read, as the caller may see it. */
    async receipts(userId: string, topicId: string): Promise<Receipts> {
      await requireTopicMember(db, topicId, userId)
      const rows = await db
        .select({
          userId: topicMembers.userId,
          name: users.name,
          photoUrl: users.photoUrl,
          seq: topicMembers.lastSeenSeq,
          receipts: users.readReceipts,
          blocked: sql<boolean>`exists (select 1 from ${userBlocks} b where (b.blocker_id = ${topicMembers.userId} and b.blocked_id = ${userId}) or (b.blocker_id = ${userId} and b.blocked_id = ${topicMembers.userId}))`,
        })
        .from(topicMembers)
        .innerJoin(users, eq(users.id, topicMembers.userId))
        .where(eq(topicMembers.topicId, topicId))
        .limit(RECEIPTS_MAX_MEMBERS + 1)
      if (rows.length > RECEIPTS_MAX_MEMBERS) return { topic_id: topicId, mode: 'too_big', readers: [] }
      const me = rows.find((r) => r.userId === userId)
      if (!me || me.receipts !== 1) return { topic_id: topicId, mode: 'off_mine', readers: [] }
      return {
        topic_id: topicId,
        mode: 'on',
        readers: rows
          .filter((r) => r.userId !== userId && r.receipts === 1 && !r.blocked)
          .map((r) => ({ user_id: r.userId, name: r.name, photo_url: r.photoUrl, seq: r.seq })),
      }
    },

    /** A member's read position moved (topic/seen): the others hear it, throttled per reader and chat. */
    seen(userId: string, topicId: string) {
      const key = `${topicId}/${userId}`
      const entry = receiptTimers.get(key) ?? { last: -Infinity, pending: null }
      receiptTimers.set(key, entry)
      const send = () => {
        entry.last = config.now()
        sendReceipt(userId, topicId).catch(() => undefined)
        // Forget quiet readers (the map does not grow with every chat ever read).
        config.setTimer(() => {
          if (!entry.pending && receiptTimers.get(key) === entry && config.now() - entry.last >= RECEIPT_THROTTLE_MS)
            receiptTimers.delete(key)
        }, RECEIPT_THROTTLE_MS)
      }
      const wait = entry.last + RECEIPT_THROTTLE_MS - config.now()
      if (wait <= 0 && !entry.pending) return send()
      if (entry.pending) return
      entry.pending = config.setTimer(
        () => {
          entry.pending = null
          send()
        },
        Math.max(0, wait),
      )
    },
  }
  queue.handle(STATUS_EXPIRY_JOB, (job) => service.expireStatus(job))
  return service
}

export type PresenceService = ReturnType<typeof createPresenceService>
