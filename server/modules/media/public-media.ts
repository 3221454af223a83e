import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { media } from '../../db/schema'
import { badRequest } from '../../http/errors'

/** The key of the caller's own public upload (a channel's or group's image, a banner); 400 on `field` otherwise. */
export async function ownPublicMediaKey(db: Db, userId: string, mediaId: string, field: string): Promise<string> {
  const [row] = await db
    .select({ key: media.key, ownerId: media.ownerId, acl: media.acl })
    .from(media)
    .where(eq(media.id, mediaId))
    .limit(1)
  if (!row || row.ownerId !== userId || row.acl !== 'public') throw badRequest('invalidInput', field)
  return row.key
}
