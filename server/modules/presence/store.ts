import type { Redis } from 'ioredis'
import type { PresenceState } from '../../../contract/presence'

/** One socket's report: its tab in use (`active`) or idle for AWAY_AFTER_MS (`idle`). */
export type SocketActivity = 'active' | 'idle'
/** A person's sockets together: any active (`online`), all idle (`away`), none left (`none`). */
export type Aggregate = 'online' | 'away' | 'none'

export const aggregateOf = (states: Iterable<string>): Aggregate => {
  let any = false
  for (const s of states) {
    if (s === 'active') return 'online'
    any = true
  }
  return any ? 'away' : 'none'
}

/**
 * Where the connected sockets of every person are kept, per socket, across nodes: in memory on one
 * node, in Redis with REDIS_URL. Beside them, the state last told to watchers (`swapPublished`:
 * atomic, so two nodes deciding at once tell it once).
 */
export interface PresenceStore {
  /** Records (or changes) one socket's activity; answers the person's aggregate after it. */
  put(userId: string, socketId: string, activity: SocketActivity): Promise<Aggregate>
  /** Forgets one socket; answers the person's aggregate after it. */
  drop(userId: string, socketId: string): Promise<Aggregate>
  aggregate(userId: string): Promise<Aggregate>
  /** Sets the state watchers were told and answers the one before (null: never told). */
  swapPublished(userId: string, state: PresenceState): Promise<PresenceState | null>
  /** The states watchers were told (absent: offline). */
  published(userIds: readonly string[]): Promise<Map<string, PresenceState>>
  /** This node is alive (with Redis: its heartbeat at `now`). */
  heartbeat(now: number): Promise<void>
  /**
   * The nodes whose heartbeat stopped before `deadBefore` (they died without closing): their
   * sockets are forgotten, by one node only; answers the people who had sockets there.
   */
  sweepDead(deadBefore: number): Promise<string[]>
  /** This node closes: its sockets are forgotten (answers their people); its heartbeat goes. */
  leave(): Promise<string[]>
}

export function memoryPresenceStore(): PresenceStore {
  const sockets = new Map<string, Map<string, SocketActivity>>()
  const told = new Map<string, PresenceState>()
  const aggregate = async (userId: string) => aggregateOf(sockets.get(userId)?.values() ?? [])
  return {
    async put(userId, socketId, activity) {
      let mine = sockets.get(userId)
      if (!mine) sockets.set(userId, (mine = new Map()))
      mine.set(socketId, activity)
      return aggregate(userId)
    },
    async drop(userId, socketId) {
      const mine = sockets.get(userId)
      mine?.delete(socketId)
      if (mine && mine.size === 0) sockets.delete(userId)
      return aggregate(userId)
    },
    aggregate,
    async swapPublished(userId, state) {
      const before = told.get(userId) ?? null
      if (state === 'offline') told.delete(userId)
      else told.set(userId, state)
      return before ?? (state === 'offline' ? 'offline' : null)
    },
    async published(userIds) {
      const out = new Map<string, PresenceState>()
      for (const id of userIds) {
        const s = told.get(id)
        if (s) out.set(id, s)
      }
      return out
    },
    async heartbeat() {},
    async sweepDead() {
      return []
    },
    async leave() {
      const people = [...sockets.keys()]
      sockets.clear()
      return people
    },
  }
}

/** How long the state told to watchers is kept in Redis after someone went offline (absent reads as offline anyway). */
const OFFLINE_KEY_TTL_S = 24 * 3600

/**
 * The store in Redis, under `<prefix>`: `u:<user>` a hash of `<node>/<socket>` -> activity (every
 * node's sockets of the person), `n:<node>` the set of people with sockets on that node (what a
 * sweep of a dead node cleans), `nodes` a hash of node -> last heartbeat, `p:<user>` the state told.
 */
export function redisPresenceStore(redis: Redis, prefix: string, nodeId: string): PresenceStore {
  const userKey = (userId: string) => `${prefix}u:${userId}`
  const nodeKey = (node: string) => `${prefix}n:${node}`
  const toldKey = (userId: string) => `${prefix}p:${userId}`
  const nodesKey = `${prefix}nodes`
  const field = (socketId: string) => `${nodeId}/${socketId}`

  /** Removes the node's fields from the person's hash; answers whether any were there. */
  async function forgetNodeOf(userId: string, node: string): Promise<void> {
    const fields = await redis.hkeys(userKey(userId))
    const theirs = fields.filter((f) => f.startsWith(`${node}/`))
    if (theirs.length) await redis.hdel(userKey(userId), ...theirs)
  }

  return {
    async put(userId, socketId, activity) {
      const [, , all] = (await redis
        .multi()
        .hset(userKey(userId), field(socketId), activity)
        .sadd(nodeKey(nodeId), userId)
        .hvals(userKey(userId))
        .exec())!
      return aggregateOf(all![1] as string[])
    },
    async drop(userId, socketId) {
      const [, all] = (await redis.multi().hdel(userKey(userId), field(socketId)).hkeys(userKey(userId)).exec())!
      const fields = all![1] as string[]
      if (!fields.some((f) => f.startsWith(`${nodeId}/`))) await redis.srem(nodeKey(nodeId), userId)
      return this.aggregate(userId)
    },
    async aggregate(userId) {
      return aggregateOf(await redis.hvals(userKey(userId)))
    },
    async swapPublished(userId, state) {
      const before =
        state === 'offline'
          ? await redis.call('SET', toldKey(userId), state, 'EX', OFFLINE_KEY_TTL_S, 'GET')
          : await redis.call('SET', toldKey(userId), state, 'GET')
      return typeof before === 'string' ? (before as PresenceState) : state === 'offline' ? 'offline' : null
    },
    async published(userIds) {
      const out = new Map<string, PresenceState>()
      if (!userIds.length) return out
      const values = await redis.mget(...userIds.map(toldKey))
      userIds.forEach((id, i) => {
        const v = values[i]
        if (v === 'online' || v === 'away') out.set(id, v)
      })
      return out
    },
    async heartbeat(now) {
      await redis.hset(nodesKey, nodeId, String(now))
    },
    async sweepDead(deadBefore) {
      const beats = await redis.hgetall(nodesKey)
      const affected: string[] = []
      for (const [node, at] of Object.entries(beats)) {
        if (node === nodeId || Number(at) >= deadBefore) continue
        // Whoever removes the node's heartbeat sweeps it: one node only.
        if ((await redis.hdel(nodesKey, node)) !== 1) continue
        const people = await redis.smembers(nodeKey(node))
        for (const userId of people) await forgetNodeOf(userId, node)
        await redis.del(nodeKey(node))
        affected.push(...people)
      }
      return affected
    },
    async leave() {
      await redis.hdel(nodesKey, nodeId)
      const people = await redis.smembers(nodeKey(nodeId))
      for (const userId of people) await forgetNodeOf(userId, nodeId)
      await redis.del(nodeKey(nodeId))
      return people
    },
  }
}
