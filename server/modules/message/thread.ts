/*
 * Threads: replies to a root message of a chat, their summary on the root, and who follows them.
 * A reply is a message with `thread_root_id` (see send-statement.ts ThreadMode for its numbering);
 * the root's summary (reply count, the latest reply's time, the latest repliers) and the followers
 * are written by the reply's own statement (send-statement.ts), which locks the topic's row and then
 * the root's, so two replies at once count as two and name their repliers in order.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import {
  type Message,
  THREAD_LIST_PAGE,
  THREAD_PAGE,
  type ThreadFollowResult,
  type ThreadListItem,
  type ThreadPage,
  type ThreadSummary,
  withoutLinks,
} from '../../../contract'
import type { AppContext } from '../../context'
import { messages, threadFollowers, topicMembers, topics, users } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'
import { requireTopicMember } from '../topic'
import { type ReplyRow, SEND_REPLY, type SendRow } from './send-statement'
import { justStored, loadMessages, type MediaOfMessages, repliersOf, threadOf } from './view'

/** What a reply sends, as the message service prepared it (its mentions checked; the statement checks the sender's membership). */
export interface ReplyFields {
  clientId: string
  type: string
  body: string
  reply: { id: string; body: string; deletedAt: Date | null; senderName: string | null } | null
  mentions: string[]
  mediaIds: string[]
}

export function createThreads(
  ctx: AppContext,
  {
    mediaOf,
    requireStored,
  }: {
    mediaOf: MediaOfMessages
    /** The message service's reading of a send statement's answer (404, 403, a 1:1 refusal). */
    requireStored: (row: SendRow | undefined) => SendRow
  },
) {
  const { db, realtime } = ctx

  /** A root message of a chat the caller is in: 404 unknown, 403 not a member, 400 when it is itself a reply. */
  async function rootFor(userId: string, rootId: string, field = 'root_id') {
    const [root] = await db
      .select({ id: messages.id, topicId: messages.topicId, threadRootId: messages.threadRootId })
      .from(messages)
      .where(eq(messages.id, rootId))
      .limit(1)
    if (!root) throw notFound()
    await requireTopicMember(db, root.topicId, userId)
    if (root.threadRootId !== null) throw badRequest('invalidInput', field)
    return root
  }

  /** The seq of a thread's latest reply (0 without replies). */
  const latestReplySeq = (rootId: string) =>
    sql<number>`(select coalesce(max(${messages.seq}), 0) from ${messages} where ${messages.threadRootId} = ${rootId})`

  /** A summary with its repliers as people (one query). */
  async function summaryOf(row: Parameters<typeof threadOf>[0]): Promise<ThreadSummary | null> {
    return threadOf(row, await repliersOf(db, [row]))
  }

  return {
    /**
     * Stores a reply in `rootId`'s thread and announces it, in one statement (send-statement.ts, its
     * thread variant): membership, send_message, a 1:1 partner's refusal, the root (a root message of
     * the same chat, else 400), numbering (the chat's latest message and unseen marks only when also
     * sent to the chat), the root's summary and the followers. NEW_MESSAGE carries the reply with
     * `thread_root_id` and the root's new summary (`root_thread`): one event to the chat, no second.
     * A repeated client_id fails on the unique index (the caller answers the first message).
     */
    async reply(senderId: string, topicId: string, rootId: string, inChat: boolean, fields: ReplyFields): Promise<Message> {
      const messageId = randomUUID()
      const createdAt = new Date()
      const mediaIds = [...new Set(fields.mediaIds)]
      const statement = SEND_REPLY[inChat ? 'inChat' : 'only']
      const values = statement.values({
        messageId,
        topicId,
        senderId,
        clientId: fields.clientId,
        type: fields.type,
        body: fields.body,
        replyToId: fields.reply?.id ?? null,
        forwardedFrom: null,
        mentions: JSON.stringify(fields.mentions),
        createdAt: createdAt.toISOString(),
        mediaIds: JSON.stringify(mediaIds),
        rootId,
      })
      // With files, the statement runs in a transaction undone unless every file was the sender's to attach.
      const allAttached = (rows: ReplyRow[]) => {
        if (rows[0]?.seq != null && Number(rows[0].attached) !== mediaIds.length) throw badRequest('invalidInput', 'media_ids')
      }
      const [row] = await ctx.run<ReplyRow>(statement.statement, values, mediaIds.length ? allAttached : undefined)
      // The sender's access is judged first (404, 403), then the root (400).
      if (row && row.caller_id !== null && row.allowed && row.refusal === null && !row.root_found)
        throw badRequest('invalidInput', 'thread_root_id')
      const stored = requireStored(row)
      const message = mediaIds.length
        ? (await loadMessages(db, mediaOf, senderId, eq(messages.id, messageId), [], 1))[0]!
        : justStored(
            {
              id: messageId,
              topicId,
              senderId,
              clientId: fields.clientId,
              type: fields.type,
              body: fields.body,
              replyToId: fields.reply?.id ?? null,
              mentions: fields.mentions,
              threadRootId: rootId,
              threadInChat: inChat ? 1 : 0,
              createdAt,
            },
            stored,
            fields.reply,
          )
      const rootThread: ThreadSummary = {
        reply_count: Number(row!.reply_count),
        last_reply_at: createdAt.toISOString(),
        last_repliers: row!.last_repliers ?? [],
      }
      realtime.toTopic(topicId, 'NEW_MESSAGE', { message: withoutLinks(message), root_thread: rootThread })
      return message
    },

    /** thread/messages: the root and a page of its replies, newest first, and whether the caller follows it. */
    async page(userId: string, rootId: string, before?: number): Promise<ThreadPage> {
      await rootFor(userId, rootId)
      const inThread = eq(messages.threadRootId, rootId)
      const [[root], replies, [follower]] = await Promise.all([
        loadMessages(db, mediaOf, userId, eq(messages.id, rootId), [], 1),
        loadMessages(
          db,
          mediaOf,
          userId,
          before === undefined ? inThread : and(inThread, lt(messages.seq, before)),
          [desc(messages.seq)],
          THREAD_PAGE,
        ),
        db
          .select({ following: threadFollowers.following })
          .from(threadFollowers)
          .where(and(eq(threadFollowers.rootId, rootId), eq(threadFollowers.userId, userId)))
          .limit(1),
      ])
      return { root: root!, replies, following: follower?.following === 1 }
    },

    /**
     * thread/list: the threads the caller follows in chats they are still in, latest reply first
     * (a followed thread without replies by its root's time), each with the replies by others after
     * the one they last read. Two queries and the page's messages, whatever the page holds.
     */
    async list(userId: string, page: number): Promise<ThreadListItem[]> {
      const root = messages
      const unread = sql<number>`(select count(*) from ${messages} as r where r.thread_root_id = ${threadFollowers.rootId}
        and r.seq > ${threadFollowers.lastReadSeq} and r.sender_id is distinct from ${userId})`.mapWith(Number)
      // A 1:1 chat is named after the other person.
      const topicName = sql<string>`case when ${topics.isGroup} = 1 then ${topics.name} else coalesce((select u.name from ${topicMembers} as pm
        join ${users} as u on u.id = pm.user_id where pm.topic_id = ${topics.id} and pm.user_id <> ${userId} limit 1), ${topics.name}) end`
      const rows = await db
        .select({ rootId: threadFollowers.rootId, unread, topicName })
        .from(threadFollowers)
        .innerJoin(topicMembers, and(eq(topicMembers.topicId, threadFollowers.topicId), eq(topicMembers.userId, userId)))
        .innerJoin(root, eq(root.id, threadFollowers.rootId))
        .innerJoin(topics, eq(topics.id, threadFollowers.topicId))
        .where(and(eq(threadFollowers.userId, userId), eq(threadFollowers.following, 1)))
        .orderBy(desc(sql`coalesce(${root.threadLastReplyAt}, ${root.createdAt})`), asc(root.id))
        .limit(THREAD_LIST_PAGE)
        .offset((page - 1) * THREAD_LIST_PAGE)
      if (rows.length === 0) return []
      const roots = new Map(
        (
          await loadMessages(
            db,
            mediaOf,
            userId,
            inArray(
              messages.id,
              rows.map((r) => r.rootId),
            ),
            [],
            rows.length,
          )
        ).map((m) => [m._id, m]),
      )
      return rows.flatMap((r) => {
        const found = roots.get(r.rootId)
        return found ? [{ root: found, topic_name: r.topicName, unread: r.unread }] : []
      })
    },

    /** thread/follow: follows (read up to its latest reply) or stops following; the caller's other tabs hear it. */
    async follow(userId: string, rootId: string, follow: boolean): Promise<ThreadFollowResult> {
      const root = await rootFor(userId, rootId)
      const following = follow ? 1 : 0
      await db
        .insert(threadFollowers)
        .values({ rootId, userId, topicId: root.topicId, following, lastReadSeq: latestReplySeq(rootId) })
        .onConflictDoUpdate({ target: [threadFollowers.rootId, threadFollowers.userId], set: { following } })
      await this.announceToUser(userId, root.topicId, rootId)
      return { root_id: rootId, following: follow }
    },

    /** thread/read: the caller has read the thread up to its latest reply (a row that follows nothing when they did not follow it). */
    async read(userId: string, rootId: string): Promise<{ root_id: string; unread: 0 }> {
      const root = await rootFor(userId, rootId)
      const latest = latestReplySeq(rootId)
      await db
        .insert(threadFollowers)
        .values({ rootId, userId, topicId: root.topicId, following: 0, lastReadSeq: latest })
        .onConflictDoUpdate({
          target: [threadFollowers.rootId, threadFollowers.userId],
          set: { lastReadSeq: sql`greatest(${threadFollowers.lastReadSeq}, ${latest})` },
        })
      await this.announceToUser(userId, root.topicId, rootId)
      return { root_id: rootId, unread: 0 }
    },

    /** THREAD_CHANGED to the user's own sockets (every tab and node): their threads list asks again. */
    async announceToUser(userId: string, topicId: string, rootId: string): Promise<void> {
      const [row] = await db
        .select({
          threadReplyCount: messages.threadReplyCount,
          threadLastReplyAt: messages.threadLastReplyAt,
          threadLastRepliers: messages.threadLastRepliers,
        })
        .from(messages)
        .where(eq(messages.id, rootId))
        .limit(1)
      realtime.toUser(userId, 'THREAD_CHANGED', { topic_id: topicId, root_id: rootId, thread: row ? await summaryOf(row) : null })
    },
  }
}

export type Threads = ReturnType<typeof createThreads>
