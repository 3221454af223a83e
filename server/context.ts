import type { Config } from './config'
import type { Db, DbKind } from './db/client'
import type { Mailer } from './mail/mailer'
import type { TokenService } from './modules/auth/tokens'
import type { Realtime } from './realtime'

/** What every domain plugin receives: built once at start, shared by all requests. */
export interface AppContext {
  config: Config
  db: Db
  dbKind: DbKind
  mailer: Mailer
  tokens: TokenService
  realtime: Realtime
}

export interface ModuleOptions {
  ctx: AppContext
}
