import pLimit, { type LimitFunction } from 'p-limit'

export interface PushQueueLimits {
  /** Pushes in flight at once, for every user together. */
  concurrency: number
  /** Pushes in flight at once to one user's devices. */
  perUserConcurrency: number
  /** Pushes waiting or in flight, in all; beyond it a push is dropped. */
  maxQueued: number
  /** Pushes waiting or in flight for one user; beyond it a push is dropped. */
  maxQueuedPerUser: number
}

/**
 * The bounded queue every push goes through: a user with many devices, or many notifications at
 * once, waits behind their own few slots, and the node never has more than `concurrency` pushes
 * open; a push beyond the waiting bounds is dropped (the notification itself is stored and shown).
 */
export function createPushQueue(limits: PushQueueLimits) {
  const all = pLimit(limits.concurrency)
  const users = new Map<string, { limit: LimitFunction; queued: number }>()
  let queued = 0

  return {
    /** Runs `task` within the bounds; 'dropped' without running it when the queue is full. */
    run<T>(userId: string, task: () => Promise<T>): Promise<T | 'dropped'> {
      let mine = users.get(userId)
      if (queued >= limits.maxQueued || (mine?.queued ?? 0) >= limits.maxQueuedPerUser) return Promise.resolve('dropped')
      if (!mine) users.set(userId, (mine = { limit: pLimit(limits.perUserConcurrency), queued: 0 }))
      const own = mine
      own.queued++
      queued++
      return own
        .limit(() => all(task))
        .finally(() => {
          queued--
          if (--own.queued === 0) users.delete(userId)
        })
    },
  }
}

export type PushQueue = ReturnType<typeof createPushQueue>
