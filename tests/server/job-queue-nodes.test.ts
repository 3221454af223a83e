import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queuedJobs } from '../../server/db/schema'
import { FakeClock } from './call-clock'
import { DATABASE_URL, startTestServer, type TestServer } from './harness'

/**
 * The durable job queue on several nodes sharing one PostgreSQL (issue 25): jobs due together run
 * exactly once each although two nodes claim at once, and a node killed with SIGKILL in the middle
 * of its jobs loses none of them: another node claims them once their lease runs out, and no job
 * that completed there runs again.
 */
describe.runIf(DATABASE_URL)('the durable job queue on two nodes (PostgreSQL)', () => {
  const clock = new FakeClock(Date.parse('2031-06-01T12:00:00Z'))
  const S = 1000
  let one: TestServer
  let two: TestServer

  beforeAll(async () => {
    const options = { now: clock.now, setTimer: clock.setTimer, redisUrl: undefined, jobQueue: { pollMs: 3_600_000 } }
    one = await startTestServer(options)
    two = await startTestServer(options)
  })
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()])
  })

  it('a thousand jobs due in the same second run exactly once each across two nodes claiming at once', async () => {
    const kind = `burst-${randomUUID()}`
    const runs = new Map<string, number>()
    const byNode = { one: 0, two: 0 }
    for (const [name, node] of [
      ['one', one],
      ['two', two],
    ] as const) {
      node.ctx.queue.handle(kind, async (job) => {
        runs.set(job.key, (runs.get(job.key) ?? 0) + 1)
        byNode[name]++
        // A moment of work: the other node's claims come in meanwhile.
        await new Promise((resolve) => setImmediate(resolve))
      })
    }
    const keys = Array.from({ length: 1000 }, (_, i) => `${kind}:${i}`)
    const due = new Date(clock.now() + S)
    await one.ctx.db.transaction(async (tx) => {
      for (const key of keys)
        await one.ctx.queue.schedule(tx, {
          kind,
          key,
          runAt: new Date(due.getTime() + (Number(key.split(':')[1]) % 1000)),
          payload: { key },
        })
    })
    expect(await one.ctx.queue.runDue()).toBe(0)

    clock.advance(2 * S)
    const ran = await Promise.all([one.ctx.queue.runDue(), two.ctx.queue.runDue(), one.ctx.queue.runDue(), two.ctx.queue.runDue()])
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1000)
    expect(runs.size).toBe(1000)
    expect([...runs.values()].filter((n) => n !== 1)).toEqual([])
    // Both nodes took a share.
    expect(byNode.one).toBeGreaterThan(0)
    expect(byNode.two).toBeGreaterThan(0)
    const states = await one.ctx.db
      .select({ state: queuedJobs.state, n: sql<number>`count(*)::int` })
      .from(queuedJobs)
      .where(eq(queuedJobs.kind, kind))
      .groupBy(queuedJobs.state)
    expect(states).toEqual([{ state: 'done', n: 1000 }])
  })

  it('a node killed with SIGKILL mid-run loses no job: another claims them after the lease, and none runs twice', async () => {
    const db = one.ctx.db
    await db.execute(sql`create table if not exists job_queue_test_runs (key text not null, node text not null)`)
    const kind = `crash-${randomUUID()}`
    // 30 jobs: the child claims 10 at a time, and 3 of its first 10 hang, so its first batch never ends.
    const keys = Array.from({ length: 30 }, (_, i) => `${kind}:${String(i).padStart(2, '0')}`)
    const hanging = new Set([keys[1], keys[4], keys[7]])
    await db.transaction(async (tx) => {
      for (const [i, key] of keys.entries())
        await one.ctx.queue.schedule(tx, { kind, key, runAt: new Date(clock.now() - 60 * S + i), payload: { hang: hanging.has(key) } })
    })

    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'job-queue-node.ts'), String(clock.now()), kind],
      {
        env: { ...process.env, DATABASE_URL },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
    const seen = { hang: new Set<string>(), done: new Set<string>() }
    // Its first batch: 7 jobs done (committed with their run), 3 hanging.
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the node exited (${code}) before its first batch was under way`)))
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const [what, key] = line.split(' ') as ['hang' | 'done' | 'ready', string]
        if (what === 'ready') return
        seen[what].add(key)
        if (seen.hang.size === 3 && seen.done.size === 7) resolve()
      })
    })
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    expect(seen.hang).toEqual(hanging)

    const before = await db.select().from(queuedJobs).where(eq(queuedJobs.kind, kind))
    expect(
      before
        .filter((r) => r.state === 'running')
        .map((r) => r.key)
        .sort(),
    ).toEqual([...hanging].sort())
    expect(before.filter((r) => r.state === 'done')).toHaveLength(7)
    expect(before.filter((r) => r.state === 'pending')).toHaveLength(20)

    // A fresh node: the 20 pending jobs now; the 3 the dead node held only once their lease ran out.
    const late = new Map<string, boolean>()
    one.ctx.queue.handle(kind, async (job) => {
      late.set(job.key, job.late)
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into job_queue_test_runs (key, node) values (${job.key}, 'fresh-node')`)
        await job.markDone(tx)
      })
    })
    expect(await one.ctx.queue.runDue()).toBe(20)
    clock.advance(30 * S + 1)
    expect(await one.ctx.queue.runDue()).toBe(3)
    expect([...late.keys()].filter((k) => hanging.has(k)).sort()).toEqual([...hanging].sort())

    const result = await db.execute(
      sql`select key, count(*)::int as n, min(node) as node from job_queue_test_runs where key like ${`${kind}:%`} group by key order by key`,
    )
    const completed = (result as unknown as { rows: { key: string; n: number; node: string }[] }).rows
    expect(completed.map((r) => r.key)).toEqual(keys)
    expect(completed.filter((r) => r.n !== 1)).toEqual([])
    expect(
      completed
        .filter((r) => r.node === 'child-node')
        .map((r) => r.key)
        .sort(),
    ).toEqual([...seen.done].sort())
    const after = await db.select().from(queuedJobs).where(eq(queuedJobs.kind, kind))
    expect(after.every((r) => r.state === 'done')).toBe(true)
    expect(after.filter((r) => hanging.has(r.key)).map((r) => [r.attempts, r.lastError])).toEqual(
      [...hanging].map(() => [2, 'lease ran out on child-node']),
    )
    await db.execute(sql`drop table job_queue_test_runs`)
  })
})
