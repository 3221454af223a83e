import { lte } from 'drizzle-orm'
import type { Db } from '../db/client'
import { jobLeases } from '../db/schema'

/**
 * Claims the job `name` when it is due at `now`, making it due again `periodMs` later. One statement,
 * atomic on PGlite and PostgreSQL: of the nodes that try at once, exactly one gets true.
 */
export async function claimLease(db: Db, name: string, now: Date, periodMs: number): Promise<boolean> {
  const due = new Date(now.getTime() + periodMs)
  const claimed = await db
    .insert(jobLeases)
    .values({ name, due })
    .onConflictDoUpdate({ target: jobLeases.name, set: { due }, setWhere: lte(jobLeases.due, now) })
    .returning({ name: jobLeases.name })
  return claimed.length > 0
}
