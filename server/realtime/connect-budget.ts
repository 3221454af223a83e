import type { Redis } from 'ioredis'

/** Socket connects allowed per user and window. */
export interface ConnectRule {
  max: number
  windowMs: number
}

/**
 * Counts a user's socket connects in fixed windows: in Redis when the nodes share one (INCR, and the
 * window's expiry set by the first connect), else on this node. `admit` answers false once the
 * window's budget is spent; a Redis error admits (the socket still had to authenticate).
 */
export function createConnectBudget(rule: ConnectRule, redis: Redis | undefined, now: () => number) {
  const local = new Map<string, { count: number; resetAt: number }>()

  async function sharedCount(key: string): Promise<number> {
    const [[, count]] = (await redis!.multi().incr(key).pexpire(key, rule.windowMs, 'NX').exec()) as [[Error | null, number]]
    return count
  }

  function localCount(key: string): number {
    const at = now()
    for (const [k, v] of local) if (v.resetAt <= at) local.delete(k)
    const entry = local.get(key) ?? { count: 0, resetAt: at + rule.windowMs }
    entry.count++
    local.set(key, entry)
    return entry.count
  }

  return {
    async admit(userId: string): Promise<boolean> {
      const key = `workroom-socket-connect:${userId}`
      const count = redis ? await sharedCount(key).catch(() => 0) : localCount(key)
      return count <= rule.max
    },
  }
}
