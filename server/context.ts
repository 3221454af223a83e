import type { Config } from './config'
import type { Db, DbKind, RunPrepared } from './db/client'
import type { Mailer } from './mail/mailer'
import type { TokenService } from './auth/tokens'
import type { Realtime } from './realtime'

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
}

export interface ModuleOptions {
  ctx: AppContext
}
