import type { Config } from './config'
import type { Db, DbKind, RunPrepared } from './db/client'
import type { Mailer } from './mail/mailer'
import type { SafeFetch } from './net/safe-fetch'
import type { TokenService } from './auth/tokens'
import type { JobQueue } from './jobs/job-queue'
import type { Realtime } from './realtime'
import type { Sfu } from './sfu/sfu'
import type { ObjectStore } from './storage/object-store'
import type { UploadPipeline } from './storage/upload-pipeline'

/** What every domain plugin receives: built once at start, shared by all requests. */
export interface AppContext {
  config: Config
  db: Db
  dbKind: DbKind
  /** Prepared statements of hot paths (message/send), beside drizzle. */
  run: RunPrepared
  mailer: Mailer
  tokens: TokenService
  realtime: Realtime
  /** Every uploaded file (avatars, media) comes in through it. */
  uploads: UploadPipeline
  /** Where uploaded files are kept once received: the media directory or an S3 bucket. */
  storage: ObjectStore
  /** Every request to a URL a user gave (push endpoints) goes out through it: public addresses only. */
  outbound: SafeFetch
  /** Group calls' and meetings' media: Janus (JANUS_URL) or the embedded SFU (server/sfu/create.ts). */
  sfu: Sfu
  /**
   * The durable one-off job queue (jobs/queue.ts): `schedule(tx, job)` / `cancel(tx, key)` in a
   * module's transaction; a service registers its kinds' handlers with `handle` when it is created.
   */
  queue: JobQueue
}

/**
 * What a module's route plugin receives: the shared context and the module's own service, built
 * once in build.ts (a service that needs another module's service gets it there).
 */
export interface ModuleOptions<Service> {
  ctx: AppContext
  service: Service
}
