import { and, desc, eq } from 'drizzle-orm'
import { type Draft, type DraftSaveBody, LIST_MAX } from '../../../contract'
import type { AppContext } from '../../context'
import { drafts, topicMembers } from '../../db/schema'
import { requireTopicMember } from '../topic'

const none = (topicId: string): Draft => ({ topic_id: topicId, text: '', updated_at: null })

/**
 * Drafts (draft/*): the only writer of `drafts`. A person's draft of a chat they are in, saved as
 * they type (their composer waits a second after the last key), so it follows them to their other
 * tabs and devices. The latest save wins (one row per person and chat, an upsert); an empty text
 * deletes it, which is how the composer clears it once its message is sent (message/send stays one
 * statement: tests/server/query-budget.test.ts). Every change reaches the
 * person's own sockets as DRAFT_CHANGED, and only theirs. Time is the server's clock (`config.now`).
 */
export function createDraftService(ctx: AppContext) {
  const { db, realtime, config } = ctx

  const told = (userId: string, draft: Draft): Draft => {
    realtime.toUser(userId, 'DRAFT_CHANGED', draft)
    return draft
  }

  return {
    /** The caller's draft of a chat they are in (404 unknown chat, 403 not in it). */
    async get(userId: string, topicId: string): Promise<Draft> {
      await requireTopicMember(db, topicId, userId)
      const [row] = await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.userId, userId), eq(drafts.topicId, topicId)))
        .limit(1)
      return row ? { topic_id: topicId, text: row.text, updated_at: row.updatedAt.toISOString() } : none(topicId)
    },

    /** The caller's drafts of the chats they are still in, newest first. */
    async list(userId: string): Promise<Draft[]> {
      const rows = await db
        .select({ topicId: drafts.topicId, text: drafts.text, updatedAt: drafts.updatedAt })
        .from(drafts)
        .innerJoin(topicMembers, and(eq(topicMembers.topicId, drafts.topicId), eq(topicMembers.userId, drafts.userId)))
        .where(eq(drafts.userId, userId))
        .orderBy(desc(drafts.updatedAt))
        .limit(LIST_MAX)
      return rows.map((r) => ({ topic_id: r.topicId, text: r.text, updated_at: r.updatedAt.toISOString() }))
    },

    /** Keeps (or, with only blanks, deletes) the caller's draft of a chat they are in; their sockets hear it. */
    async save(userId: string, body: DraftSaveBody): Promise<Draft> {
      await requireTopicMember(db, body.topic_id, userId)
      if (body.text.trim() === '') {
        await db.delete(drafts).where(and(eq(drafts.userId, userId), eq(drafts.topicId, body.topic_id)))
        return told(userId, none(body.topic_id))
      }
      const at = new Date(config.now())
      await db
        .insert(drafts)
        .values({ userId, topicId: body.topic_id, text: body.text, updatedAt: at })
        .onConflictDoUpdate({ target: [drafts.userId, drafts.topicId], set: { text: body.text, updatedAt: at } })
      return told(userId, { topic_id: body.topic_id, text: body.text, updated_at: at.toISOString() })
    },
  }
}

export type DraftService = ReturnType<typeof createDraftService>
