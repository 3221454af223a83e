import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { outbox, type OutboxRow } from '../../db/schema'

export function createEmailPreviewService(ctx: AppContext) {
  return {
    async find(id: string): Promise<OutboxRow | undefined> {
      if (id.length > 64) return undefined
      return (await ctx.db.select().from(outbox).where(eq(outbox.id, id)).limit(1))[0]
    },
  }
}

export type EmailPreviewService = ReturnType<typeof createEmailPreviewService>
