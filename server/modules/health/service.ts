import { sql } from 'drizzle-orm'
import type { Health } from '../../../contract'
import type { AppContext } from '../../context'

export function createHealthService(ctx: AppContext) {
  return {
    /** Answers only when the database does. */
    async check(): Promise<Health> {
      await ctx.db.execute(sql`select 1`)
      return { status: 'ok', db: ctx.dbKind, realtime: ctx.realtime.kind }
    },
  }
}

export type HealthService = ReturnType<typeof createHealthService>
