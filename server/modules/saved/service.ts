import { and, count, desc, eq, sql } from 'drizzle-orm'
import { PAGE_SIZE, SAVED_MAX, type SavedItem, type SavedListQuery, type SavedState } from '../../../contract'
import type { AppContext } from '../../context'
import { messages, savedMessages, topicMembers, topics, users } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'
import type { MessageService } from '../message'
import { requireTopicMember } from '../topic'

/**
 * Saved messages: each person's own list (the only writer of saved_messages). Saving needs read
 * access to the message (404 unknown or deleted, 403 not in its chat); saving again changes nothing;
 * at most SAVED_MAX each (counted under a lock on the person's row, so two saves at once cannot pass it).
 */
export function createSavedService(ctx: AppContext, deps: { messages: MessageService }) {
  const { db } = ctx

  return {
    async add(userId: string, messageId: string): Promise<SavedState> {
      const [row] = await db
        .select({ topicId: messages.topicId, deletedAt: messages.deletedAt })
        .from(messages)
        .where(eq(messages.id, messageId))
        .limit(1)
      if (!row || row.deletedAt) throw notFound()
      await requireTopicMember(db, row.topicId, userId)
      await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        const [already] = await tx
          .select({ id: savedMessages.messageId })
          .from(savedMessages)
          .where(and(eq(savedMessages.userId, userId), eq(savedMessages.messageId, messageId)))
        if (already) return
        const [{ n }] = (await tx.select({ n: count() }).from(savedMessages).where(eq(savedMessages.userId, userId))) as [{ n: number }]
        if (Number(n) >= SAVED_MAX) throw badRequest('savedFull', 'message_id')
        await tx
          .insert(savedMessages)
          .values({ userId, messageId, createdAt: new Date(ctx.config.now()) })
          .onConflictDoNothing()
      })
      return { message_id: messageId, saved: true }
    },

    /**
     * Takes it out of the list, readable or not any more; not saved: nothing changes for a message
     * the caller can read, and 404 for one they cannot (unknown, or in a chat they are not in).
     */
    async remove(userId: string, messageId: string): Promise<SavedState> {
      const removed = await db
        .delete(savedMessages)
        .where(and(eq(savedMessages.userId, userId), eq(savedMessages.messageId, messageId)))
        .returning({ id: savedMessages.messageId })
      if (!removed.length) {
        const [row] = await db.select({ topicId: messages.topicId }).from(messages).where(eq(messages.id, messageId)).limit(1)
        if (!row) throw notFound()
        await requireTopicMember(db, row.topicId, userId)
      }
      return { message_id: messageId, saved: false }
    },

    /**
     * Newest saved first. A message the reader can no longer read (not in its chat any more, or
     * deleted for everyone) comes as unavailable: no message, no chat name.
     */
    async list(userId: string, query: SavedListQuery): Promise<SavedItem[]> {
      const rows = await db
        .select({
          messageId: savedMessages.messageId,
          savedAt: savedMessages.createdAt,
          topicId: messages.topicId,
          deletedAt: messages.deletedAt,
          member: topicMembers.userId,
          isGroup: topics.isGroup,
          topicName: topics.name,
          partnerName: sql<string | null>`(
            select u.name from ${topicMembers} tm2 join ${users} u on u.id = tm2.user_id
            where tm2.topic_id = ${messages.topicId} and tm2.user_id <> ${userId}
            order by tm2.user_id limit 1
          )`,
        })
        .from(savedMessages)
        .innerJoin(messages, eq(messages.id, savedMessages.messageId))
        .innerJoin(topics, eq(topics.id, messages.topicId))
        .leftJoin(topicMembers, and(eq(topicMembers.topicId, messages.topicId), eq(topicMembers.userId, userId)))
        .where(eq(savedMessages.userId, userId))
        .orderBy(desc(savedMessages.createdAt), desc(savedMessages.messageId))
        .limit(PAGE_SIZE)
        .offset((query.page - 1) * PAGE_SIZE)
      const readable = rows.filter((r) => r.member !== null && r.deletedAt === null)
      const loaded = new Map(
        (
          await deps.messages.ofIds(
            userId,
            readable.map((r) => r.messageId),
          )
        ).map((m) => [m._id, m]),
      )
      return rows.map((r) => {
        const message = loaded.get(r.messageId) ?? null
        return {
          message_id: r.messageId,
          saved_at: r.savedAt.toISOString(),
          topic_id: r.topicId,
          topic_name: message === null ? '' : r.isGroup === 1 ? r.topicName : (r.partnerName ?? r.topicName),
          message,
        }
      })
    },

    /** Which of the chat's messages the caller saved (a member of it). */
    async inTopic(userId: string, topicId: string): Promise<string[]> {
      await requireTopicMember(db, topicId, userId)
      const rows = await db
        .select({ id: savedMessages.messageId })
        .from(savedMessages)
        .innerJoin(messages, eq(messages.id, savedMessages.messageId))
        .where(and(eq(savedMessages.userId, userId), eq(messages.topicId, topicId)))
        .limit(SAVED_MAX)
      return rows.map((r) => r.id)
    },
  }
}

export type SavedService = ReturnType<typeof createSavedService>
