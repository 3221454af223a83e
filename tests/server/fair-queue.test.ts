import { describe, expect, it } from 'vitest'
import { createFairQueue, type TaskStart } from '../../server/storage/fair-queue'

/**
 * The decode pool's scheduling (security-2 finding 8), with tasks the test finishes by hand: which
 * task starts when is read from the queue's own start order, no clock involved.
 */

/** A queue whose tasks stay running until the test ends them; `started` lists them by name as they start. */
function harness(options: { workers: number; perOwnerRunning: number; perOwnerQueued: number }) {
  const queue = createFairQueue(options)
  const started: string[] = []
  const starts: TaskStart[] = []
  queue.onStart((start) => starts.push(start))
  const finishers = new Map<string, () => void>()
  const settled: string[] = []
  const add = (owner: string, name: string) =>
    queue
      .run(
        owner,
        () =>
          new Promise<string>((resolve) => {
            started.push(name)
            finishers.set(name, () => resolve(name))
          }),
      )
      .then(
        (value) => void settled.push(value),
        (err: { statusCode?: number }) => void settled.push(`${name}: ${err.statusCode}`),
      )
  /** Ends a running task and lets the queue start what comes next. */
  const finish = async (name: string) => {
    finishers.get(name)!()
    for (let i = 0; i < 10; i++) await Promise.resolve()
  }
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  }
  return { queue, add, finish, flush, started, starts, settled }
}

describe('fair decode queue', () => {
  it('two workers: a flooding user holds one; another user’s task starts at once, ahead of the flood’s queued ones', async () => {
    const h = harness({ workers: 2, perOwnerRunning: 1, perOwnerQueued: 3 })
    void h.add('flood', 'f1')
    void h.add('flood', 'f2')
    void h.add('flood', 'f3')
    void h.add('other', 'o1')
    await h.flush()
    expect(h.started).toEqual(['f1', 'o1'])
    // o1 overtook the flood's two queued tasks.
    expect(h.starts.find((s) => s.owner === 'other')!.overtook).toBe(2)
    await h.finish('f1')
    expect(h.started).toEqual(['f1', 'o1', 'f2'])
    await h.finish('o1')
    expect(h.started).toEqual(['f1', 'o1', 'f2'])
    await h.finish('f2')
    expect(h.started).toEqual(['f1', 'o1', 'f2', 'f3'])
  })

  it('one worker: the next turn goes to the user who has not had one, not to the flood queued before them', async () => {
    const h = harness({ workers: 1, perOwnerRunning: 1, perOwnerQueued: 3 })
    void h.add('flood', 'f1')
    void h.add('flood', 'f2')
    void h.add('flood', 'f3')
    void h.add('a', 'a1')
    void h.add('a', 'a2')
    void h.add('b', 'b1')
    await h.flush()
    expect(h.started).toEqual(['f1'])
    for (const name of ['f1', 'a1', 'b1', 'f2', 'a2']) await h.finish(name)
    // Round-robin: flood, a, b, flood, a, flood.
    expect(h.started).toEqual(['f1', 'a1', 'b1', 'f2', 'a2', 'f3'])
  })

  it('a user with their share queued gets 429 at once; the others are unaffected; a slot frees as a task ends', async () => {
    const h = harness({ workers: 2, perOwnerRunning: 1, perOwnerQueued: 3 })
    for (const name of ['f1', 'f2', 'f3', 'f4', 'f5']) void h.add('flood', name)
    void h.add('other', 'o1')
    await h.flush()
    expect(h.settled).toEqual(['f4: 429', 'f5: 429'])
    expect(h.queue.size()).toEqual({ running: 2, waiting: 2 })
    await h.finish('f1')
    void h.add('flood', 'f6')
    await h.flush()
    expect(h.settled).toEqual(['f4: 429', 'f5: 429', 'f1'])
    for (const name of ['o1', 'f2', 'f3', 'f6']) await h.finish(name)
    expect(h.started).toEqual(['f1', 'o1', 'f2', 'f3', 'f6'])
    expect(h.queue.size()).toEqual({ running: 0, waiting: 0 })
  })

  it('never runs more than its workers, nor more than a user’s share, and every task runs once', async () => {
    const h = harness({ workers: 3, perOwnerRunning: 2, perOwnerQueued: 4 })
    const users = ['u1', 'u2', 'u3', 'u4']
    const names = users.flatMap((u) => [1, 2, 3, 4].map((i) => `${u}-${i}`))
    for (const name of names) void h.add(name.split('-')[0]!, name)
    await h.flush()
    let most = 0
    for (;;) {
      const running = h.started.filter((name) => !h.settled.includes(name))
      most = Math.max(most, running.length)
      expect(running.length).toBeLessThanOrEqual(3)
      for (const u of users) expect(running.filter((name) => name.startsWith(`${u}-`)).length).toBeLessThanOrEqual(2)
      if (!running.length) break
      await h.finish(running[0]!)
    }
    expect(most).toBe(3)
    expect([...h.started].sort()).toEqual([...names].sort())
    expect(h.settled.filter((s) => s.includes('429'))).toEqual([])
  })
})
