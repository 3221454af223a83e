import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { claimLease } from './leases'

/** Work done on a schedule, once per period across every node sharing the database. */
export interface ScheduledJob {
  name: string
  periodMs: number
  run(now: Date): Promise<unknown>
}

/** How often a node looks for due jobs. */
const CHECK_EVERY_MS = 5 * 60_000

/**
 * Runs each job when this node claims its lease (server/jobs/leases.ts). `tick` looks once (tests
 * call it with their own clock); `start` looks every few minutes until `stop`.
 */
export function createScheduler(db: Db, jobs: readonly ScheduledJob[], log?: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined

  /** Runs the jobs due at `now` that this node claims; answers their names. */
  async function tick(now = new Date()): Promise<string[]> {
    const ran: string[] = []
    for (const job of jobs) {
      if (!(await claimLease(db, job.name, now, job.periodMs))) continue
      await job.run(now)
      ran.push(job.name)
    }
    return ran
  }

  return {
    tick,
    start() {
      timer ??= setInterval(() => {
        tick().catch((err: unknown) => log?.error({ err }, 'a scheduled job failed'))
      }, CHECK_EVERY_MS)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
      timer = undefined
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>
