import { and, eq, ne, sql, sum } from 'drizzle-orm'
import { storageQuota } from '../../../contract'
import type { Executor } from '../../db/client'
import { media, users } from '../../db/schema'
import { HttpError } from '../../http/errors'

/** The first key of the per-user advisory lock under which storage is charged (any constant, the same on every node). */
const QUOTA_LOCK = 727_274_101

/** The acl of a link preview's image row: read like a private file of its topic, not the uploader's storage. */
export const PREVIEW_ACL = 'preview'

export interface Usage {
  used: number
  quota: number
}

/**
 * The bytes a user holds and may hold. Each stored object counts once per owner, however many of
 * their rows share it (a file forwarded to several topics); trashed files still count.
 */
export async function usageOf(db: Executor, userId: string, quotaOverride: number | undefined): Promise<Usage> {
  // A link preview's image (acl 'preview') is the server's copy of a page's picture, charged to no one.
  const held = db
    .selectDistinctOn([media.key], { size: media.size })
    .from(media)
    .where(and(eq(media.ownerId, userId), ne(media.acl, PREVIEW_ACL)))
    .as('held')
  const [[plan], [bytes]] = await Promise.all([
    db.select({ plan: users.package }).from(users).where(eq(users.id, userId)).limit(1),
    db.select({ used: sum(held.size).mapWith(Number) }).from(held),
  ])
  return { used: bytes?.used ?? 0, quota: quotaOverride ?? storageQuota(plan?.plan) }
}

/**
 * Takes the user's storage lock for the rest of the transaction `tx`, then refuses with 413
 * storageFull when `incoming` more bytes (none: nothing to refuse) would go over the quota. Charges made under the lock are
 * serialised, so parallel uploads and forwards cannot together pass the quota (PGlite runs one
 * transaction at a time anyway; on PostgreSQL the lock does it).
 */
export async function chargeUnderLock(tx: Executor, userId: string, incoming: number, quotaOverride: number | undefined): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${userId}))`)
  const { used, quota } = await usageOf(tx, userId, quotaOverride)
  if (incoming > 0 && used + incoming > quota) throw new HttpError(413, 'storageFull')
}
