import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queuedJobs } from '../../server/db/schema'
import { JobLostError, type RunningJob } from '../../server/jobs/job-queue'
import { backoffAfter } from '../../server/jobs/queue'
import { DEFAULT_JOB_QUEUE_SETTINGS } from '../../server/jobs/queue-settings'
import { FakeClock } from './call-clock'
import { startTestServer, type TestServer } from './harness'

/**
 * The durable job queue (server/jobs/queue.ts) on one node: PGlite in the normal pass, PostgreSQL in
 * the PostgreSQL pass. The server's clock is a FakeClock and polling is off (an hour), so every job
 * runs only when a test moves the clock and calls `runDue`.
 */
describe('the durable job queue', () => {
  const clock = new FakeClock(Date.parse('2031-03-01T09:00:00Z'))
  let server: TestServer
  const S = 1000

  beforeAll(async () => {
    server = await startTestServer({ now: clock.now, setTimer: clock.setTimer, jobQueue: { pollMs: 3_600_000 } })
    // The tests count every job a pass runs, and this clock is years ahead: on PostgreSQL the
    // worker's database still holds what earlier files of the worker left pending (a link preview, a
    // scheduled send), which would all be due here. The queue starts empty (files of a worker run one
    // after another, and the other worker has a database of its own).
    await db().delete(queuedJobs)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const queue = () => server.ctx.queue
  const db = () => server.ctx.db
  const rowsOf = (key: string) => db().select().from(queuedJobs).where(eq(queuedJobs.key, key))
  const at = (ms: number) => new Date(clock.now() + ms)

  /** A kind of its own, whose handler records each run (and runs `body`, which may throw). */
  function recordingKind(body?: (job: RunningJob) => Promise<void>) {
    const kind = `test-${randomUUID()}`
    const runs: RunningJob[] = []
    queue().handle(kind, async (job) => {
      runs.push(job)
      await body?.(job)
    })
    return { kind, runs }
  }

  it('a due job runs once with its payload, not before its time', async () => {
    const { kind, runs } = recordingKind()
    const key = `once-${randomUUID()}`
    await queue().schedule(db(), { kind, key, runAt: at(30 * S), payload: { todo: 't1', n: 2 } })
    expect(await queue().runDue()).toBe(0)
    clock.advance(29 * S)
    await queue().runDue()
    expect(runs).toHaveLength(0)

    clock.advance(1 * S)
    expect(await queue().runDue()).toBe(1)
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ key, kind, payload: { todo: 't1', n: 2 }, attempt: 1, late: false })
    expect(runs[0]!.runAt.getTime()).toBe(clock.now())

    clock.advance(60 * S)
    expect(await queue().runDue()).toBe(0)
    expect(runs).toHaveLength(1)
    const [row] = await rowsOf(key)
    expect(row).toMatchObject({ state: 'done', attempts: 1, claimedBy: null, claimedUntil: null })
    expect(row!.doneAt?.getTime()).toBe(clock.now() - 60 * S)
  })

  it('scheduling the same key again moves the job: one job, at the later time, with the later payload', async () => {
    const { kind, runs } = recordingKind()
    const key = `move-${randomUUID()}`
    await queue().schedule(db(), { kind, key, runAt: at(10 * S), payload: { v: 1 } })
    await queue().schedule(db(), { kind, key, runAt: at(20 * S), payload: { v: 2 } })
    const rows = await rowsOf(key)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ state: 'pending', runAt: at(20 * S), payload: { v: 2 } })

    clock.advance(15 * S)
    await queue().runDue()
    expect(runs).toHaveLength(0)
    clock.advance(5 * S)
    await queue().runDue()
    expect(runs.map((r) => r.payload)).toEqual([{ v: 2 }])

    // Done, the key is free again: scheduling it once more is a new job.
    await queue().schedule(db(), { kind, key, runAt: at(5 * S), payload: { v: 3 } })
    expect((await rowsOf(key)).map((r) => r.state).sort()).toEqual(['done', 'pending'])
    clock.advance(5 * S)
    await queue().runDue()
    expect(runs.map((r) => r.payload)).toEqual([{ v: 2 }, { v: 3 }])
  })

  it('cancel drops the pending job (and cancelling a key with no job does nothing)', async () => {
    const { kind, runs } = recordingKind()
    const key = `cancel-${randomUUID()}`
    await queue().schedule(db(), { kind, key, runAt: at(10 * S), payload: {} })
    await queue().cancel(db(), key)
    await queue().cancel(db(), `nothing-${randomUUID()}`)
    expect(await rowsOf(key)).toEqual([])
    clock.advance(10 * S)
    await queue().runDue()
    expect(runs).toHaveLength(0)
  })

  it('a job scheduled in a transaction that rolls back does not exist; one that commits does', async () => {
    const { kind, runs } = recordingKind()
    const gone = `rolled-back-${randomUUID()}`
    const kept = `committed-${randomUUID()}`
    await expect(
      db().transaction(async (tx) => {
        await queue().schedule(tx, { kind, key: gone, runAt: at(S), payload: {} })
        throw new Error('the write failed')
      }),
    ).rejects.toThrow('the write failed')
    await db().transaction(async (tx) => {
      await queue().schedule(tx, { kind, key: kept, runAt: at(S), payload: {} })
    })
    expect(await rowsOf(gone)).toEqual([])
    clock.advance(S)
    await queue().runDue()
    expect(runs.map((r) => r.key)).toEqual([kept])
  })

  it('a failing job is tried again after a growing backoff, then dead with its last error', async () => {
    let tries = 0
    const { kind, runs } = recordingKind(async () => {
      tries++
      throw new Error(`refused on try ${tries}`)
    })
    const key = `failing-${randomUUID()}`
    await queue().schedule(db(), { kind, key, runAt: at(0), payload: {} })
    const max = DEFAULT_JOB_QUEUE_SETTINGS.maxAttempts
    for (let attempt = 1; attempt <= max; attempt++) {
      expect(await queue().runDue()).toBe(0) // a failed run is not a completed one
      expect(runs).toHaveLength(attempt)
      expect(runs.at(-1)!.attempt).toBe(attempt)
      const [row] = await rowsOf(key)
      if (attempt < max) {
        const wait = backoffAfter(attempt, DEFAULT_JOB_QUEUE_SETTINGS)
        expect(wait).toBe(5 * S * 2 ** (attempt - 1))
        expect(row).toMatchObject({ state: 'pending', attempts: attempt, lastError: `refused on try ${attempt}`, runAt: at(wait) })
        // Not a moment before its backoff has passed.
        clock.advance(wait - 1)
        await queue().runDue()
        expect(runs).toHaveLength(attempt)
        clock.advance(1)
      } else {
        expect(row).toMatchObject({ state: 'dead', attempts: max, lastError: `refused on try ${max}` })
      }
    }
    clock.advance(3_600 * S)
    await queue().runDue()
    expect(runs).toHaveLength(max)
    // A dead job frees its key: scheduling it again is a new try from one.
    await queue().schedule(db(), { kind, key, runAt: at(0), payload: {} })
    await queue().runDue()
    expect(runs.at(-1)!.attempt).toBe(1)
  })

  it('a job claimed long after its time is late (every node was down); one a few seconds behind is not', async () => {
    const { kind, runs } = recordingKind()
    const long = `late-${randomUUID()}`
    const short = `behind-${randomUUID()}`
    await queue().schedule(db(), { kind, key: long, runAt: at(-10 * 60 * S), payload: {} })
    await queue().schedule(db(), { kind, key: short, runAt: at(-5 * S), payload: {} })
    expect(await queue().runDue()).toBe(2)
    expect(Object.fromEntries(runs.map((r) => [r.key, r.late]))).toEqual({ [long]: true, [short]: false })
  })

  it('a running job whose lease ran out (its node died) is claimed again, as its next attempt', async () => {
    const { kind, runs } = recordingKind()
    const key = `orphan-${randomUUID()}`
    await queue().schedule(db(), { kind, key, runAt: at(-2 * 60 * S), payload: { x: 1 } })
    // What a node killed mid-run leaves: running, claimed by it, its lease about to run out.
    await db()
      .update(queuedJobs)
      .set({ state: 'running', attempts: 1, claimedBy: 'dead-node', claimedUntil: at(10 * S) })
      .where(eq(queuedJobs.key, key))
    await queue().runDue()
    expect(runs).toHaveLength(0)
    clock.advance(10 * S + 1)
    expect(await queue().runDue()).toBe(1)
    expect(runs[0]).toMatchObject({ key, payload: { x: 1 }, attempt: 2, late: true })
    expect((await rowsOf(key))[0]).toMatchObject({ state: 'done', attempts: 2, lastError: 'lease ran out on dead-node' })
  })

  it('markDone in the handler’s transaction marks the job done with the handler’s writes; after a cancel it refuses and rolls them back', async () => {
    const lost: unknown[] = []
    const { kind, runs } = recordingKind(async (job) => {
      if (job.payload.cancelFirst) await queue().cancel(db(), job.key)
      await db()
        .transaction(async (tx) => {
          await job.markDone(tx)
          // The job is done in this transaction already.
          const [row] = await tx.select().from(queuedJobs).where(eq(queuedJobs.key, job.key))
          expect(row?.state).toBe('done')
        })
        .catch((err: unknown) => {
          lost.push(err)
          throw err
        })
    })
    const kept = `mark-${randomUUID()}`
    const cancelled = `mark-cancelled-${randomUUID()}`
    await queue().schedule(db(), { kind, key: kept, runAt: at(0), payload: {} })
    await queue().schedule(db(), { kind, key: cancelled, runAt: at(0), payload: { cancelFirst: true } })
    expect(await queue().runDue()).toBe(1)
    expect(runs).toHaveLength(2)
    expect((await rowsOf(kept))[0]).toMatchObject({ state: 'done', attempts: 1 })
    expect(lost).toHaveLength(1)
    expect(lost[0]).toBeInstanceOf(JobLostError)
    expect(await rowsOf(cancelled)).toEqual([])
  })

  it('a job moved while it runs runs again at its new time', async () => {
    const { kind, runs } = recordingKind(async (job) => {
      if (job.payload.step === 1) await queue().schedule(db(), { kind: job.kind, key: job.key, runAt: at(60 * S), payload: { step: 2 } })
    })
    const key = `moved-${randomUUID()}`
    await queue().schedule(db(), { kind, key, runAt: at(0), payload: { step: 1 } })
    await queue().runDue()
    expect((await rowsOf(key))[0]).toMatchObject({ state: 'pending', attempts: 0, payload: { step: 2 }, runAt: at(60 * S) })
    clock.advance(60 * S)
    await queue().runDue()
    expect(runs.map((r) => r.payload)).toEqual([{ step: 1 }, { step: 2 }])
    expect(await rowsOf(key)).toMatchObject([{ state: 'done' }])
  })

  it('jobs of a kind with no handler here wait (another node, or a later version, runs them)', async () => {
    const key = `unhandled-${randomUUID()}`
    await queue().schedule(db(), { kind: `unknown-${randomUUID()}`, key, runAt: at(0), payload: {} })
    await queue().runDue()
    expect((await rowsOf(key))[0]).toMatchObject({ state: 'pending', attempts: 0 })
    await queue().cancel(db(), key)
  })

  it('the hourly cleanup deletes done jobs after a day (and dead ones after 30 days)', async () => {
    const { kind } = recordingKind()
    const key = `pruned-${randomUUID()}`
    await queue().schedule(db(), { kind, key, runAt: at(0), payload: {} })
    await queue().runDue()
    clock.advance(2 * 60 * 60 * S)
    await server.jobs.runDue()
    expect(await rowsOf(key)).toHaveLength(1)
    clock.advance(24 * 60 * 60 * S)
    await server.jobs.runDue()
    expect(await rowsOf(key)).toEqual([])
  })
})
