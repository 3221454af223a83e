import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Executor } from '../db/client'
import { queuedJobs } from '../db/schema'
import { DEFAULT_JOB_QUEUE_SETTINGS, type JobQueueSettings } from './queue-settings'
import { type JobHandler, JobLostError, type JobQueue, type JobToSchedule, type RunningJob } from './job-queue'

export interface JobQueueOptions {
  db: Db
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  now: () => number
  settings?: Partial<JobQueueSettings>
  /** Names this node in `claimed_by`. Default host:pid:random. */
  nodeId?: string
}

/** The wait before try `attempt + 1` after try `attempt` failed: backoff * 2^(attempt-1), capped. */
export const backoffAfter = (attempt: number, { backoffMs, maxBackoffMs }: Pick<JobQueueSettings, 'backoffMs' | 'maxBackoffMs'>) =>
  Math.min(backoffMs * 2 ** Math.max(0, attempt - 1), maxBackoffMs)

/** Done rows are kept this long (what ran lately), dead ones (the dead letters) longer. */
export const DONE_RETENTION_MS = 24 * 60 * 60 * 1000
export const DEAD_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

interface ClaimedRow {
  id: string
  kind: string
  key: string
  payload: Record<string, unknown>
  run_at: Date | string
  attempts: number
}

/** What the claim answered, and what the completion checks it against. */
interface Claim {
  id: string
  key: string
  kind: string
  payload: Record<string, unknown>
  runAt: Date
  attempt: number
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The durable one-off job queue (jobs/job-queue.ts is its interface; the table is `queued_jobs`).
 *
 * - `schedule` inserts the job, or moves the not-yet-done job of the same key (its time and payload;
 *   ON CONFLICT on the partial unique index), in the caller's transaction when given one.
 * - A node claims due jobs in one statement (FOR UPDATE SKIP LOCKED: nodes claiming at once take
 *   different rows): pending jobs whose time has come and running jobs whose lease ran out (their
 *   node died), for the kinds it has handlers for. The claim counts an attempt and sets a lease that
 *   is renewed while the handler runs.
 * - Every later write about a claimed job is fenced by (id, claimed_by, attempts): a node whose
 *   lease ran out and whose job another node claimed writes nothing.
 * - Success: done (kept a day, then `prune`). Failure: pending again after a backoff
 *   (5 s * 2^(attempt-1), capped), dead after `maxAttempts` with `last_error`, logged.
 * - A job moved (scheduled again with another time or payload) while it ran is pending at its new
 *   time afterwards, with its attempts from zero.
 *
 * Exactly once: a handler that completed and whose done mark committed never runs again. The done
 * mark is written after the handler returns, so a crash between the two runs it again once the lease
 * runs out (at least once). A handler that writes to the database calls `job.markDone(tx)` in its
 * transaction: its writes and the mark then commit together, exactly once.
 */
export function createJobQueue({ db, log, now, settings: given, nodeId }: JobQueueOptions): JobQueue & {
  /** Deletes done jobs finished before `doneBefore` and dead ones before `deadBefore`; answers how many. */
  prune(doneBefore: Date, deadBefore: Date): Promise<number>
  readonly nodeId: string
  readonly settings: JobQueueSettings
} {
  const settings: JobQueueSettings = {
    ...DEFAULT_JOB_QUEUE_SETTINGS,
    ...Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined)),
  }
  const node = nodeId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const handlers = new Map<string, JobHandler>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  /** The pass in progress (runDue and polls run one at a time). */
  let pass: Promise<number> = Promise.resolve(0)
  let passing = false
  /** Jobs this node is running: their leases are renewed. */
  let running = 0
  let renewer: NodeJS.Timeout | undefined

  /** Claims up to `batch` due jobs of the kinds handled here. */
  async function claim(): Promise<Claim[]> {
    const kinds = [...handlers.keys()]
    if (kinds.length === 0) return []
    const at = now()
    const result = await db.execute(sql`
      with due as materialized (
        select id from ${queuedJobs}
        where kind in ${kinds}
          and ((state = 'pending' and run_at <= ${iso(at)}::timestamptz)
            or (state = 'running' and claimed_until < ${iso(at)}::timestamptz))
        order by run_at
        limit ${settings.batch}
        for update skip locked
      )
      update ${queuedJobs} q
      set state = 'running',
        attempts = q.attempts + 1,
        claimed_by = ${node},
        claimed_until = ${iso(at + settings.leaseMs)}::timestamptz,
        last_error = case when q.state = 'running' then 'lease ran out on ' || coalesce(q.claimed_by, '?') else q.last_error end
      from due
      where q.id = due.id
      returning q.id, q.kind, q.key, q.payload, q.run_at, q.attempts`)
    return rowsOf<ClaimedRow>(result).map((row) => ({
      id: row.id,
      kind: row.kind,
      key: row.key,
      payload: row.payload,
      runAt: new Date(row.run_at),
      attempt: Number(row.attempts),
    }))
  }

  /** The rows of this claim still held by it: nobody else claimed them since. */
  const held = (claim: Claim) =>
    sql`${queuedJobs.id} = ${claim.id} and ${queuedJobs.claimedBy} = ${node} and ${queuedJobs.attempts} = ${claim.attempt} and ${queuedJobs.state} = 'running'`
  /** True when the job was scheduled again (another time or payload) since it was claimed. */
  const moved = (claim: Claim) =>
    sql`(${queuedJobs.runAt} <> ${claim.runAt.toISOString()}::timestamptz or ${queuedJobs.payload} <> ${JSON.stringify(claim.payload)}::jsonb)`

  /** Marks the claimed job done (or, moved meanwhile, pending at its new time); false when this claim no longer holds it. */
  async function finish(on: Executor, claim: Claim): Promise<boolean> {
    const result = await on.execute(sql`
      update ${queuedJobs}
      set state = case when ${moved(claim)} then 'pending' else 'done' end,
        attempts = case when ${moved(claim)} then 0 else ${queuedJobs.attempts} end,
        done_at = case when ${moved(claim)} then null else ${iso(now())}::timestamptz end,
        claimed_by = null,
        claimed_until = null
      where ${held(claim)}
      returning ${queuedJobs.id}`)
    return rowsOf(result).length > 0
  }

  /** After a failed try: pending again after the backoff, or dead after the last try; answers which (null: no longer held). */
  async function fail(claim: Claim, error: string): Promise<'pending' | 'dead' | null> {
    // A constant of the statement's text (not a parameter: `case when $n` would need its type spelled out).
    const last = sql.raw(claim.attempt >= settings.maxAttempts ? 'true' : 'false')
    const retryAt = iso(now() + backoffAfter(claim.attempt, settings))
    const result = await db.execute(sql`
      update ${queuedJobs}
      set state = case when ${moved(claim)} then 'pending' when ${last} then 'dead' else 'pending' end,
        run_at = case when ${moved(claim)} or ${last} then ${queuedJobs.runAt} else ${retryAt}::timestamptz end,
        attempts = case when ${moved(claim)} then 0 else ${queuedJobs.attempts} end,
        done_at = case when ${moved(claim)} or not ${last} then null else ${iso(now())}::timestamptz end,
        last_error = ${error},
        claimed_by = null,
        claimed_until = null
      where ${held(claim)}
      returning ${queuedJobs.state}`)
    return rowsOf<{ state: 'pending' | 'dead' }>(result)[0]?.state ?? null
  }

  /** Runs one claimed job to its end; true when its handler completed. */
  async function run(claim: Claim): Promise<boolean> {
    const handler = handlers.get(claim.kind)!
    const context = { job: claim.key, kind: claim.kind, attempt: claim.attempt }
    if (claim.attempt > settings.maxAttempts) {
      // Its node died during each of its tries: it is not tried again.
      await fail(claim, `claimed ${claim.attempt - 1} times, never finished`)
      log.error(context, 'queued job dead: its runs never finished')
      return false
    }
    const late = now() - claim.runAt.getTime() > settings.lateMs
    let markedInHandler = false
    const job: RunningJob = {
      key: claim.key,
      kind: claim.kind,
      payload: claim.payload,
      runAt: claim.runAt,
      attempt: claim.attempt,
      late,
      async markDone(tx) {
        if (!(await finish(tx, claim))) throw new JobLostError(claim.key)
        markedInHandler = true
      },
    }
    try {
      await handler(job)
    } catch (err) {
      if (err instanceof JobLostError) {
        log.warn(context, 'queued job lost: claimed by another node or cancelled while it ran')
        return false
      }
      const message = err instanceof Error ? err.message || err.name : String(err)
      const state = await fail(claim, message.slice(0, 2000)).catch((failErr: unknown) => {
        log.error({ ...context, err: failErr }, 'queued job failed and could not be put back (its lease will run out)')
        return null
      })
      if (state === 'dead') log.error({ ...context, err }, 'queued job dead after its last attempt')
      else if (state === 'pending') log.warn({ ...context, err }, 'queued job failed; it will be tried again')
      return false
    }
    // markDone may have been called in a transaction that then rolled back: finishing again is harmless (moved or not, fenced).
    if (!(await finish(db, claim)) && !markedInHandler)
      log.warn(context, 'queued job ran but was no longer held by this node (lease ran out or cancelled)')
    if (late) log.info({ ...context, due: claim.runAt.toISOString() }, 'queued job ran late')
    return true
  }

  /** Keeps this node's running jobs' leases from running out while their handlers work. */
  function renewLeases() {
    if (running === 0) return
    void db
      .update(queuedJobs)
      .set({ claimedUntil: new Date(now() + settings.leaseMs) })
      .where(and(eq(queuedJobs.claimedBy, node), eq(queuedJobs.state, 'running')))
      .catch((err: unknown) => log.warn({ err }, 'queued jobs: lease renewal failed'))
  }

  /** Claims and runs due jobs until none is left; answers how many completed. */
  async function runPass(): Promise<number> {
    let completed = 0
    for (;;) {
      if (stopped) return completed
      const claims = await claim()
      if (claims.length === 0) return completed
      running += claims.length
      renewer ??= setInterval(renewLeases, Math.max(1, Math.floor(settings.leaseMs / 3)))
      renewer.unref()
      try {
        const ran = await Promise.all(claims.map((c) => run(c).catch(() => false)))
        completed += ran.filter(Boolean).length
      } finally {
        running -= claims.length
        if (running === 0) {
          clearInterval(renewer)
          renewer = undefined
        }
      }
      if (claims.length < settings.batch) return completed
    }
  }

  /** The next pass, after the one in progress. */
  function nextPass(): Promise<number> {
    passing = true
    pass = pass
      .catch(() => 0)
      .then(runPass)
      .finally(() => {
        passing = false
      })
    return pass
  }

  function poll() {
    if (passing) return
    nextPass().catch((err: unknown) => log.error({ err }, 'queued jobs: poll failed'))
  }

  return {
    nodeId: node,
    settings,
    async schedule(on, job: JobToSchedule) {
      await on
        .insert(queuedJobs)
        .values({ kind: job.kind, key: job.key, payload: job.payload, runAt: job.runAt })
        .onConflictDoUpdate({
          target: queuedJobs.key,
          targetWhere: sql`${queuedJobs.state} in ('pending', 'running')`,
          // A pending job moves; a running one too, and runs again at its new time once this run ends (see finish).
          set: {
            kind: sql`excluded.kind`,
            payload: sql`excluded.payload`,
            runAt: sql`excluded.run_at`,
            attempts: sql`case when ${queuedJobs.state} = 'pending' then 0 else ${queuedJobs.attempts} end`,
          },
        })
    },
    async cancel(on, key) {
      // A running job's row goes too: it is not retried, and a markDone in its handler throws JobLostError.
      await on.delete(queuedJobs).where(and(eq(queuedJobs.key, key), inArray(queuedJobs.state, ['pending', 'running'])))
    },
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`queued jobs: a handler for ${kind} is registered already`)
      handlers.set(kind, handler)
    },
    start() {
      stopped = false
      if (timer) return
      timer = setInterval(poll, settings.pollMs)
      timer.unref()
      // What came due while every node was down runs now (late), not a poll later.
      poll()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      timer = undefined
      await pass.catch(() => 0)
    },
    runDue: () => nextPass(),
    async prune(doneBefore, deadBefore) {
      const result = await db
        .delete(queuedJobs)
        .where(
          or(
            and(eq(queuedJobs.state, 'done'), lt(queuedJobs.doneAt, doneBefore)),
            and(eq(queuedJobs.state, 'dead'), lt(queuedJobs.doneAt, deadBefore)),
          ),
        )
        .returning({ id: queuedJobs.id })
      return result.length
    },
  }
}

export type Queue = ReturnType<typeof createJobQueue>
