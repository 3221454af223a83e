import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { messages } from '../../db/schema'

/** Counts one more file of the message deleted for good (the media module calls it in the purge's transaction). */
export async function countPurgedFile(on: Executor, messageId: string): Promise<void> {
  await on
    .update(messages)
    .set({ filesPurged: sql`${messages.filesPurged} + 1` })
    .where(eq(messages.id, messageId))
}
