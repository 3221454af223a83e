import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm'
import {
  CATCH_UP_MAX,
  type EditMessageBody,
  type ForwardMessageBody,
  type Message,
  MESSAGE_PAGE,
  type MessageListQuery,
  PINNED_MAX,
  type PinMessageBody,
  mayDeleteMessage,
  MESSAGE_HISTORY_MAX,
  type MessageType,
  type MessageVersion,
  sendMessageBody,
  withoutLinks,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Tx } from '../../db/client'
import { messageEdits, messages, topicMembers, topics, users } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { sanitizeRichText } from '../../http/sanitize'
import type { MediaService } from '../media'
import type { AttentionService } from '../attention'
import { refusalError } from '../relates'
import { requireTopicMember, requireTopicPermission, requireTopicWriter } from '../topic'
import { SEND_MESSAGE, sendInTransaction, type SendRow, sendValues } from './send-statement'
import { createThreads } from './thread'
import { justStored, loadMessages, toMessage } from './view'
import { createLinkPreviews } from './link-previews'

type SendInput = ReturnType<typeof sendMessageBody.parse>
type ReplyPreviewRow = { id: string; body: string; deletedAt: Date | null; senderName: string | null }

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION
}

/**
 * Messages of a topic: send (idempotent on the sender's client_id, numbered by `seq`, fanned out
 * once to the topic's room), history pages and catch-up, edit, delete for everyone, forward, pin.
 */
export function createMessageService(
  ctx: AppContext,
  {
    media,
    attention,
    afterSend,
  }: {
    media: MediaService
    attention: AttentionService
    /** Told of every new message once it is stored (not of a repeated client_id); it must not throw. */ afterSend?: (
      senderId: string,
      message: Message,
    ) => void
  },
) {
  const { db, realtime } = ctx
  const mediaOf = media.ofMessages
  // Link previews: made by a job after the send; their topic hears of them as a change of the message.
  const previews = createLinkPreviews(ctx, {
    media,
    announce: async (messageId, readerId) => {
      const message = await one(readerId, messageId)
      if (message) realtime.toTopic(message.topic_id, 'MESSAGE_CHANGED', { change: 'preview', message: withoutLinks(message) })
    },
  })

  const one = async (readerId: string, messageId: string): Promise<Message | null> =>
    (await loadMessages(db, mediaOf, readerId, eq(messages.id, messageId), [], 1))[0] ?? null

  async function existing(senderId: string, clientId: string): Promise<Message | null> {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
      .limit(1)
    return row ? one(senderId, row.id) : null
  }

  /**
   * The message and the caller's access to its topic (404 unknown, 403 not a member); `writing`: a
   * change the other members see, so the caller must also be one who may write there (requireTopicWriter).
   */
  async function accessToMessage(userId: string, messageId: string, writing = false) {
    const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1)
    if (!row) throw notFound()
    const access = await (writing ? requireTopicWriter : requireTopicMember)(db, row.topicId, userId)
    return { row, access }
  }

  /**
   * Stores one message with the prepared send statement (membership and send_message checked in
   * the same round trip) and announces it. An unknown topic is 404, a stranger or a member the topic
   * does not let write is 403. With files it runs in a transaction that is undone when any file is
   * not the sender's unattached upload in this topic.
   */
  async function insert(
    senderId: string,
    topicId: string,
    fields: {
      clientId: string | null
      type: string
      body: string
      reply?: ReplyPreviewRow | null
      forwardedFrom?: string | null
      mentions: string[]
      mediaIds: string[]
    },
  ): Promise<Message> {
    const messageId = randomUUID()
    const createdAt = new Date()
    const mediaIds = [...new Set(fields.mediaIds)]
    const values = sendValues({
      messageId,
      topicId,
      senderId,
      clientId: fields.clientId,
      type: fields.type,
      body: fields.body,
      replyToId: fields.reply?.id ?? null,
      forwardedFrom: fields.forwardedFrom ?? null,
      mentions: JSON.stringify(fields.mentions),
      createdAt: createdAt.toISOString(),
      mediaIds: JSON.stringify(mediaIds),
    })
    const allAttached = (rows: SendRow[]) => {
      if (rows[0]?.seq != null && Number(rows[0].attached) !== mediaIds.length) throw badRequest('invalidInput', 'media_ids')
    }
    const stored = requireStored((await ctx.run<SendRow>(SEND_MESSAGE, values, mediaIds.length ? allAttached : undefined))[0])
    // Files are signed per reader: load them; a text message is complete as stored.
    const message = mediaIds.length
      ? (await one(senderId, messageId))!
      : justStored(
          {
            id: messageId,
            topicId,
            senderId,
            clientId: fields.clientId,
            type: fields.type,
            body: fields.body,
            replyToId: fields.reply?.id ?? null,
            forwardedFrom: fields.forwardedFrom ?? null,
            mentions: fields.mentions,
            createdAt,
          },
          stored,
          fields.reply ?? null,
        )
    realtime.toTopic(topicId, 'NEW_MESSAGE', { message: withoutLinks(message) })
    return message
  }

  /** A group topic's name ('' for a 1:1 chat), for alert wording; asked only when a message alerts someone. */
  async function topicNameOf(topicId: string): Promise<string> {
    const [row] = await db.select({ name: topics.name, isGroup: topics.isGroup }).from(topics).where(eq(topics.id, topicId)).limit(1)
    return row?.isGroup === 1 ? row.name : ''
  }

  /** Whether a send statement stored the message: 404 for an unknown topic, 403 when the sender may not write there. */
  function requireStored(stored: SendRow | undefined): SendRow {
    if (!stored) throw notFound()
    if (stored.caller_id !== null && stored.refusal) throw refusalError({ allowed: false, reason: stored.refusal }, 'chat')!
    if (stored.caller_id === null || stored.seq === null) throw forbidden()
    return stored
  }

  const threads = createThreads(ctx, { mediaOf, requireStored })

  return {
    /** Threads: a thread's page, the caller's followed threads, follow and read (thread/* routes). */
    threads,

    /**
     * Polls (the vote module): a message of type 'vote' whose text is the question, stored with the
     * poll's own rows in one transaction: the send statement (membership, send_message, a 1:1
     * partner's refusal, numbering, unread) and then `withPoll(tx, messageId)`, which writes the
     * poll; either fails and nothing is stored. Announced as NEW_MESSAGE and alerted like any message.
     * A unique violation (the same client_id again) is the caller's to answer.
     */
    async postPoll(
      senderId: string,
      topicId: string,
      clientId: string,
      question: string,
      withPoll: (tx: Tx, messageId: string) => Promise<void>,
    ): Promise<Message> {
      const messageId = randomUUID()
      const createdAt = new Date()
      const stored = await db.transaction(async (tx) => {
        const [row] = await sendInTransaction(tx, {
          messageId,
          topicId,
          senderId,
          clientId,
          type: 'vote',
          body: question,
          replyToId: null,
          forwardedFrom: null,
          mentions: '[]',
          createdAt: createdAt.toISOString(),
          mediaIds: '[]',
        })
        const sent = requireStored(row)
        await withPoll(tx, messageId)
        return sent
      })
      const message = justStored({ id: messageId, topicId, senderId, clientId, type: 'vote', body: question, createdAt }, stored)
      realtime.toTopic(topicId, 'NEW_MESSAGE', { message: withoutLinks(message) })
      await attention.alertsFor({ id: senderId, name: message.sender?.name ?? '' }, message, () => topicNameOf(topicId))
      afterSend?.(senderId, message)
      return message
    },

    /**
     * Calls (the call module): the summary of an ended call as a message of type 'call' from its
     * caller (text: contract's CallSummary as JSON), fanned out as NEW_MESSAGE like any other. Its
     * client_id `call:<call id>` makes a second post of the same call answer the first.
     */
    async postCallSummary(callerId: string, topicId: string, callId: string, body: string): Promise<Message> {
      const clientId = `call:${callId}`
      try {
        return await insert(callerId, topicId, { clientId, type: 'call', body, mentions: [], mediaIds: [] })
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
        const repeat = await existing(callerId, clientId)
        if (!repeat) throw err
        return repeat
      }
    },

    /**
     * Reminders (the calendar module): a group reminder's occurrence as a message of type 'reminder'
     * from the reminder's creator (text: contract's ReminderMessage as JSON), stored inside the
     * calendar's transaction (its job's handler: exactly once with the job's done mark) by the send
     * statement, so membership and the send_message setting hold as for any send. The client_id
     * (`reminder:<event id>:<occurrence>`) already used answers that message again. Null when the
     * creator may not write there any more (left the chat, muted by the group's setting): no message.
     * `announce` (NEW_MESSAGE to the topic's room) is the caller's to call once it committed.
     */
    async postReminder(
      tx: Tx,
      creatorId: string,
      topicId: string,
      clientId: string,
      body: string,
    ): Promise<{ message: Message; announce(): void } | null> {
      // (A reminder's message has no files and replies to nothing: the row and its sender make it.)
      const [repeat] = await tx
        .select({ row: messages, sender: { id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl } })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.senderId))
        .where(and(eq(messages.senderId, creatorId), eq(messages.clientId, clientId)))
        .limit(1)
      if (repeat) return { message: toMessage(repeat.row, repeat.sender, null), announce: () => undefined }
      const messageId = randomUUID()
      const createdAt = new Date()
      const [stored] = await sendInTransaction(tx, {
        messageId,
        topicId,
        senderId: creatorId,
        clientId,
        type: 'reminder',
        body,
        replyToId: null,
        forwardedFrom: null,
        mentions: '[]',
        createdAt: createdAt.toISOString(),
        mediaIds: '[]',
      })
      if (!stored || stored.caller_id === null || stored.seq === null || stored.refusal) return null
      const message = justStored({ id: messageId, topicId, senderId: creatorId, clientId, type: 'reminder', body, createdAt }, stored)
      return { message, announce: () => realtime.toTopic(topicId, 'NEW_MESSAGE', { message: withoutLinks(message) }) }
    },

    async send(userId: string, input: SendInput): Promise<Message> {
      // A reply or mentions are looked up only for a member who may write here; a plain message or
      // thread reply is checked by the statement that stores it.
      const access = input.reply_to || input.mentions.length ? await requireTopicWriter(db, input.topic_id, userId) : null
      let reply: ReplyPreviewRow | null = null
      if (input.reply_to) {
        const [target] = await db
          .select({
            topicId: messages.topicId,
            id: messages.id,
            body: messages.body,
            deletedAt: messages.deletedAt,
            senderName: users.name,
          })
          .from(messages)
          .leftJoin(users, eq(users.id, messages.senderId))
          .where(eq(messages.id, input.reply_to))
          .limit(1)
        if (!target || target.topicId !== input.topic_id) throw badRequest('invalidInput', 'reply_to')
        reply = target
      }
      // Only members with a verified email can be mentioned (an unverified account can be no one's contact).
      const mentions = input.mentions.length
        ? (
            await db
              .select({ id: topicMembers.userId })
              .from(topicMembers)
              .innerJoin(users, eq(users.id, topicMembers.userId))
              .where(
                and(eq(topicMembers.topicId, input.topic_id), inArray(topicMembers.userId, input.mentions), eq(users.emailVerified, 1)),
              )
          ).map((r) => r.id)
        : []
      const body = input.type === 'html' ? sanitizeRichText(input.message) : input.message
      const type = input.media_ids.length && body.trim() === '' ? 'file' : input.type
      let message: Message
      try {
        const fields = { clientId: input.client_id, type, body, reply, mentions, mediaIds: input.media_ids }
        // A thread reply does its thread's work in its own statement; a plain send stays one statement.
        message = input.thread_root_id
          ? await threads.reply(userId, input.topic_id, input.thread_root_id, input.also_in_chat === true, fields)
          : await insert(userId, input.topic_id, fields)
      } catch (err) {
        // The same client_id again (a retry after a lost answer): the message it made, unchanged.
        if (!isUniqueViolation(err)) throw err
        const repeat = await existing(userId, input.client_id)
        if (!repeat) throw err
        return repeat
      }
      // Link previews: a message naming links gets its preview job (it runs after this answer).
      await previews.plan(db, message._id, message.type, body)
      // Mentions and keyword alerts, once per reader, as each reader's level and mute allow.
      await attention.alertsFor(
        { id: userId, name: message.sender?.name ?? '' },
        message,
        async () => access?.topic.name ?? topicNameOf(input.topic_id),
      )
      afterSend?.(userId, message)
      return message
    },

    async list(userId: string, query: MessageListQuery): Promise<Message[]> {
      await requireTopicMember(db, query.topic_id, userId)
      // The chat's own messages: a thread reply only when it was also sent to the chat.
      const inTopic = and(eq(messages.topicId, query.topic_id), or(isNull(messages.threadRootId), eq(messages.threadInChat, 1)))
      // Newest first in every mode. Catch-up answers the CATCH_UP_MAX oldest after `after` (no gap
      // behind them), so a client asks again while the answer is full.
      if (query.after !== undefined)
        return (
          await loadMessages(db, mediaOf, userId, and(inTopic, gt(messages.seq, query.after)), [asc(messages.seq)], CATCH_UP_MAX)
        ).reverse()
      const before = query.before !== undefined ? lt(messages.seq, query.before) : undefined
      return loadMessages(db, mediaOf, userId, and(inTopic, before), [desc(messages.seq)], MESSAGE_PAGE, (query.page - 1) * MESSAGE_PAGE)
    },

    /** Saved messages (the saved module): these messages as `readerId` sees them, in no order; the caller checks access. */
    async ofIds(readerId: string, messageIds: readonly string[]): Promise<Message[]> {
      if (messageIds.length === 0) return []
      return loadMessages(db, mediaOf, readerId, inArray(messages.id, [...messageIds]), [], messageIds.length)
    },

    /** The topic's pinned messages in seq order: the PINNED_MAX most recently pinned. */
    async pinned(userId: string, topicId: string): Promise<Message[]> {
      await requireTopicMember(db, topicId, userId)
      const pinned = await loadMessages(
        db,
        mediaOf,
        userId,
        and(eq(messages.topicId, topicId), eq(messages.isPin, 1), isNull(messages.deletedAt)),
        [desc(messages.pinnedAt), desc(messages.seq)],
        PINNED_MAX,
      )
      return pinned.sort((a, b) => a.seq - b.seq)
    },

    /** The sender, while they may still write in the topic (send_message; in a 1:1 chat, not blocked or refused as a stranger). */
    async edit(userId: string, body: EditMessageBody): Promise<Message> {
      const { row } = await accessToMessage(userId, body.message_id, true)
      if (row.senderId !== userId || row.deletedAt) throw forbidden()
      // A poll's question stays as it was asked (the votes were cast on it).
      if (row.type === 'vote') throw badRequest('invalidInput', 'message_id')
      const text = row.type === 'html' ? sanitizeRichText(body.message) : body.message
      // Edit history: the text it replaces is kept, in the edit's transaction; its preview follows its links.
      const editedAt = new Date()
      const release = await db.transaction(async (tx) => {
        if (text !== row.body)
          await tx
            .insert(messageEdits)
            .values({ messageId: row.id, type: row.type, body: row.body, writtenAt: row.editedAt ?? row.createdAt, createdAt: editedAt })
        await tx.update(messages).set({ body: text, editedAt }).where(eq(messages.id, row.id))
        if (await previews.plan(tx, row.id, row.type, text)) return null
        await previews.cancel(tx, row.id)
        return previews.drop(tx, row.id)
      })
      await release?.()
      const message = (await one(userId, row.id))!
      realtime.toTopic(row.topicId, 'MESSAGE_CHANGED', { change: 'edited', message: withoutLinks(message) })
      return message
    },

    /** The sender or a topic admin; the text is gone for everyone. */
    async remove(userId: string, messageId: string): Promise<Message> {
      const { row, access } = await accessToMessage(userId, messageId)
      if (!mayDeleteMessage(access.role, row.senderId === userId)) throw forbidden()
      // Its earlier texts and its link preview go with its text.
      const release = row.deletedAt
        ? null
        : await db.transaction(async (tx) => {
            await tx.update(messages).set({ deletedAt: new Date(), body: '', isPin: 0 }).where(eq(messages.id, row.id))
            await tx.delete(messageEdits).where(eq(messageEdits.messageId, row.id))
            await previews.cancel(tx, row.id)
            return previews.drop(tx, row.id)
          })
      await release?.()
      const message = (await one(userId, row.id))!
      realtime.toTopic(row.topicId, 'MESSAGE_CHANGED', { change: 'deleted', message: withoutLinks(message) })
      return message
    },

    /**
     * Sends a message the caller can see again into topics they may write in, all or nothing (one
     * transaction): its files are shared, not copied, and charged to the caller within their quota.
     */
    async forward(userId: string, body: ForwardMessageBody): Promise<Message[]> {
      const { row } = await accessToMessage(userId, body.message_id)
      // A poll is not copied (its votes belong to its topic): 400, nothing sent.
      if (row.deletedAt || row.type === 'vote') throw badRequest('invalidInput', 'message_id')
      const targets = await Promise.all([...new Set(body.topic_ids)].map((id) => requireTopicWriter(db, id, userId)))
      const source = (await one(userId, row.id))!
      const forwardedFrom = source.forwarded_from ?? source.sender?.name ?? ''
      const sent = targets.map((target) => ({ topicId: target.topic.id, messageId: randomUUID() }))
      // Topics in id order: forwards to the same topics take their locks in the same order.
      const inLockOrder = [...sent].sort((a, b) => a.topicId.localeCompare(b.topicId))
      await db.transaction(async (tx) => {
        const attach = await media.shareAttachments(tx, row.id, userId)
        for (const { topicId, messageId } of inLockOrder) {
          const [stored] = await sendInTransaction(tx, {
            messageId,
            topicId,
            senderId: userId,
            clientId: null,
            type: row.type,
            body: row.body,
            replyToId: null,
            forwardedFrom,
            mentions: '[]',
            createdAt: new Date().toISOString(),
            mediaIds: '[]',
          })
          requireStored(stored)
          await attach(topicId, messageId)
        }
      })
      const out = await Promise.all(sent.map(({ messageId }) => one(userId, messageId).then((m) => m!)))
      for (const message of out) realtime.toTopic(message.topic_id, 'NEW_MESSAGE', { message: withoutLinks(message) })
      // Link previews: a forward's links get theirs too (the page is read once: the cache).
      for (const message of out) await previews.plan(db, message._id, message.type, message.message)
      return out
    },

    /**
     * Edit history: every text of a message the caller can read (a member of its topic), oldest
     * first, the current one last (at most MESSAGE_HISTORY_MAX, the latest); a deleted message has none.
     */
    async history(userId: string, messageId: string): Promise<MessageVersion[]> {
      const { row } = await accessToMessage(userId, messageId)
      if (row.deletedAt) return []
      const earlier = await db
        .select()
        .from(messageEdits)
        .where(eq(messageEdits.messageId, row.id))
        .orderBy(desc(messageEdits.createdAt), desc(messageEdits.id))
        .limit(MESSAGE_HISTORY_MAX - 1)
      const current: MessageVersion = {
        type: row.type as MessageType,
        message: row.body,
        written_at: (row.editedAt ?? row.createdAt).toISOString(),
        replaced_at: null,
      }
      return [
        ...earlier.reverse().map((e): MessageVersion => ({
          type: e.type as MessageType,
          message: e.body,
          written_at: e.writtenAt.toISOString(),
          replaced_at: e.createdAt.toISOString(),
        })),
        current,
      ]
    },

    /** Link previews: the sender takes their message's preview away, for everyone (nothing shown: the message as it is). */
    async removePreview(userId: string, messageId: string): Promise<Message> {
      const { row } = await accessToMessage(userId, messageId, true)
      if (row.senderId !== userId) throw forbidden()
      const release = await db.transaction((tx) => previews.remove(tx, row.id))
      await release?.()
      const message = (await one(userId, row.id))!
      if (release) realtime.toTopic(row.topicId, 'MESSAGE_CHANGED', { change: 'preview', message: withoutLinks(message) })
      return message
    },

    /** A member who may write in the topic and whom it lets pin (pin_message). */
    async pin(userId: string, body: PinMessageBody): Promise<Message> {
      const { row, access } = await accessToMessage(userId, body.message_id, true)
      requireTopicPermission(access, 'pin_message')
      if (row.deletedAt) throw badRequest('invalidInput', 'message_id')
      await db
        .update(messages)
        .set({ isPin: body.is_pin, pinnedAt: body.is_pin ? new Date() : null })
        .where(eq(messages.id, row.id))
      const message = (await one(userId, row.id))!
      realtime.toTopic(row.topicId, 'MESSAGE_CHANGED', { change: body.is_pin ? 'pinned' : 'unpinned', message: withoutLinks(message) })
      return message
    },
  }
}

export type MessageService = ReturnType<typeof createMessageService>
