/** The durable job queue's settings (ServerOptions.jobQueue), apart from queue.ts so config.ts loads nothing of the database. */
export interface JobQueueSettings {
  /** How often this node looks for due jobs. Default 1 s (a to-do's due notification fires about on time). */
  pollMs: number
  /** How long a claim holds a job; renewed every third of it while the handler runs. A node that dies leaves its jobs to others once it runs out. Default 60 s. */
  leaseMs: number
  /** Tries before a failing job is dead. Default 5. */
  maxAttempts: number
  /** The wait before the second try; doubled for each further one, up to `maxBackoffMs`. Default 5 s, 10 min. */
  backoffMs: number
  maxBackoffMs: number
  /** A job claimed more than this after its time is `late`. Default 60 s. */
  lateMs: number
  /** Jobs claimed (and run at once) per statement. Default 20. */
  batch: number
}

export const DEFAULT_JOB_QUEUE_SETTINGS: JobQueueSettings = {
  pollMs: 1_000,
  leaseMs: 60_000,
  maxAttempts: 5,
  backoffMs: 5_000,
  maxBackoffMs: 10 * 60_000,
  lateMs: 60_000,
  batch: 20,
}
