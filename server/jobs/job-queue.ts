import type { Executor, Tx } from '../db/client'

/**
 * The durable job queue's public face (issue 25): one-off work due at a time (a to-do's due
 * notification, a reminder, a booking's reminder), kept in the database so it survives restarts
 * and fires exactly once across every node sharing the database. Implemented in ./queue.ts.
 */
export interface JobToSchedule {
  /** Which handler runs it (see `handle`). */
  kind: string
  /**
   * Unique among the jobs not yet done: scheduling the same key again moves that job (its time and
   * payload) instead of adding a second one, so a retried or repeated write schedules once.
   */
  key: string
  runAt: Date
  /** JSON the handler gets back. */
  payload: Record<string, unknown>
}

export interface RunningJob {
  key: string
  kind: string
  payload: Record<string, unknown>
  runAt: Date
  /** 1 on the first try. */
  attempt: number
  /** Claimed well after its time (every node was down, or the queue was behind): its handler may say so. */
  late: boolean
  /**
   * Marks the job done inside the handler's own transaction, so its writes and the done mark commit
   * together: the job then never runs again, even if this node dies right after the commit. Without
   * it the queue marks the job done once the handler returns, and a crash between the two runs the
   * handler again after the lease (at least once: a handler that does not call this must be idempotent).
   * Throws JobLostError (rolling the handler's transaction back) when this node no longer holds the
   * job: its lease ran out and another node claimed it, or it was cancelled.
   */
  markDone(tx: Tx): Promise<void>
}

export type JobHandler = (job: RunningJob) => Promise<void>

export interface JobQueue {
  /** Adds (or moves, same key) a job, inside the caller's transaction when `on` is one: it exists exactly when that write commits. */
  schedule(on: Executor, job: JobToSchedule): Promise<void>
  /** Drops the job with this key if it has not run yet (none: nothing happens). */
  cancel(on: Executor, key: string): Promise<void>
  /** The handler of a kind; every kind scheduled must have one before `start`. */
  handle(kind: string, handler: JobHandler): void
  /** Starts polling for due jobs on this node. */
  start(): void
  /** Stops polling and waits for the jobs this node is running. */
  stop(): Promise<void>
  /** Claims and runs the jobs due now on this node; answers how many ran (tests drive it with their clock). */
  runDue(): Promise<number>
}

/** `markDone` found the job no longer held by this run (lease lost to another node, or cancelled): the handler's transaction rolls back. */
export class JobLostError extends Error {
  constructor(key: string) {
    super(`job ${key} is no longer held by this run`)
    this.name = 'JobLostError'
  }
}
