import { and, eq, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { scheduledJobs } from '../db/schema'

export interface Job {
  /** Unique across the cluster: the row in scheduled_jobs. */
  name: string
  /** Time between two runs. */
  everyMs: number
  /** Answers what it did, for the log line (e.g. rows deleted per table). */
  run(): Promise<Record<string, number>>
}

export interface SchedulerOptions {
  db: Db
  log: FastifyBaseLogger
  now: () => number
  /** How often this node asks whether a job is due. Default 60 s. */
  pollMs?: number
}

/**
 * Runs each job once per period across every node sharing the database: a node runs a due job only
 * when its one-statement claim moves `next_run_at` to the next period (the other nodes' claims then
 * match no row). The schedule lives in the database, so a restart neither repeats nor skips a run;
 * a node that dies mid-run leaves the job to the next period.
 */
export function createScheduler(jobs: readonly Job[], { db, log, now, pollMs = 60_000 }: SchedulerOptions) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<string[]> | undefined

  /** True when this node won the job's current period. */
  async function claim(job: Job): Promise<boolean> {
    const at = now()
    await db
      .insert(scheduledJobs)
      .values({ name: job.name, nextRunAt: new Date(at) })
      .onConflictDoNothing()
    const won = await db
      .update(scheduledJobs)
      .set({ nextRunAt: new Date(at + job.everyMs), lastRunAt: new Date(at) })
      .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, new Date(at))))
      .returning({ name: scheduledJobs.name })
    return won.length > 0
  }

  /** Claims and runs every due job; answers the names of those this node ran. */
  async function runDue(): Promise<string[]> {
    const ran: string[] = []
    for (const job of jobs) {
      try {
        if (!(await claim(job))) continue
        const started = performance.now()
        const done = await job.run()
        // How long it ran: a job holds a share of the database (all of the embedded one's single connection) meanwhile.
        log.info({ job: job.name, ...done, ms: Math.round(performance.now() - started) }, 'scheduled job done')
        ran.push(job.name)
      } catch (err) {
        log.error({ err, job: job.name }, 'scheduled job failed')
      }
    }
    return ran
  }

  /** One pass at a time: a pass still running when the next poll comes is not doubled. */
  function tick(): Promise<string[]> {
    running ??= runDue().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    runDue: tick,
    start() {
      timer ??= setInterval(() => void tick(), pollMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await running
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>
