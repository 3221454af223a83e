import { HttpError } from '../http/errors'

/**
 * A pool of `workers` that runs tasks of many owners (users) fairly: when a worker frees, the next
 * task is the oldest of the owner with the fewest tasks running, ties going round-robin (to the owner
 * whose last task started longest ago; one that has not started any yet goes first). One owner never
 * holds more than `perOwnerRunning` workers, and has at most `perOwnerQueued` tasks running or
 * waiting: one more is refused (429) before it waits. So a user who floods the queue waits behind
 * their own tasks, and everyone else's next task starts as soon as a worker frees (or at once, while
 * one is left free).
 */
export interface FairQueueOptions {
  workers: number
  perOwnerRunning: number
  perOwnerQueued: number
}

/** A task that started: whose, how long it waited, and how many other owners' tasks queued before it were still waiting (it overtook them). */
export interface TaskStart {
  owner: string
  waitedMs: number
  overtook: number
}

interface Waiting {
  seq: number
  at: number
  start: () => void
}

interface Owner {
  running: number
  waiting: Waiting[]
  /** When its last task started (the pool's start count then); -1 before its first. */
  lastStart: number
}

export function createFairQueue(options: FairQueueOptions) {
  const owners = new Map<string, Owner>()
  let running = 0
  let seq = 0
  let starts = 0
  const listeners = new Set<(start: TaskStart) => void>()

  const ownerOf = (name: string) => {
    let owner = owners.get(name)
    if (!owner) owners.set(name, (owner = { running: 0, waiting: [], lastStart: -1 }))
    return owner
  }

  /** Whether `a`'s next task goes before `b`'s: fewer running, then the earlier last start, then the older task. */
  const before = (a: Owner, b: Owner) =>
    a.running !== b.running
      ? a.running < b.running
      : a.lastStart !== b.lastStart
        ? a.lastStart < b.lastStart
        : a.waiting[0]!.seq < b.waiting[0]!.seq

  /** The owner whose task starts next (one with a task waiting and a worker of its share left), if any. */
  function next(): string | undefined {
    let best: string | undefined
    for (const [name, owner] of owners) {
      if (!owner.waiting.length || owner.running >= options.perOwnerRunning) continue
      if (best === undefined || before(owner, owners.get(best)!)) best = name
    }
    return best
  }

  function dispatch() {
    while (running < options.workers) {
      const name = next()
      if (name === undefined) return
      const owner = owners.get(name)!
      const task = owner.waiting.shift()!
      owner.lastStart = starts++
      owner.running++
      running++
      if (listeners.size) {
        let overtook = 0
        for (const [other, o] of owners) if (other !== name) overtook += o.waiting.filter((w) => w.seq < task.seq).length
        for (const listener of listeners) listener({ owner: name, waitedMs: performance.now() - task.at, overtook })
      }
      task.start()
    }
  }

  function done(name: string) {
    const owner = owners.get(name)!
    owner.running--
    running--
    if (!owner.running && !owner.waiting.length) owners.delete(name)
    dispatch()
  }

  return {
    /** Runs `work` for `owner` when its turn comes; 429 at once when the owner already has `perOwnerQueued` tasks in the queue. */
    run<T>(name: string, work: () => Promise<T>): Promise<T> {
      const queued = owners.get(name)
      if (queued && queued.running + queued.waiting.length >= options.perOwnerQueued)
        return Promise.reject(new HttpError(429, 'tooManyRequests'))
      const owner = ownerOf(name)
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          Promise.resolve()
            .then(work)
            .then(resolve, reject)
            .finally(() => done(name))
        }
        owner.waiting.push({ seq: seq++, at: performance.now(), start })
        dispatch()
      })
    },

    /** Calls `listener` as each task starts (tests and metrics); answers how to stop. */
    onStart(listener: (start: TaskStart) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    /** Tasks running and waiting now: of one owner, or of all. */
    size(owner?: string): { running: number; waiting: number } {
      if (owner !== undefined) return { running: owners.get(owner)?.running ?? 0, waiting: owners.get(owner)?.waiting.length ?? 0 }
      let waiting = 0
      for (const o of owners.values()) waiting += o.waiting.length
      return { running, waiting }
    },
  }
}

export type FairQueue = ReturnType<typeof createFairQueue>
