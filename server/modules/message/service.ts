import { randomUUID } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm'
import {
  CATCH_UP_MAX,
  type EditMessageBody,
  type ForwardMessageBody,
  type Message,
  MESSAGE_PAGE,
  type MessageListQuery,
  type PinMessageBody,
  mayDeleteMessage,
  sendMessageBody,
} from '../../../contract'
import type { AppContext } from '../../context'
import { messages, topicMembers, users } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { plainText, sanitizeRichText } from '../../http/sanitize'
import type { MediaService } from '../media'
import type { NotifyService } from '../notify'
import { requireTopicMember, requireTopicPermission } from '../topic'
import { SEND_MESSAGE, type SendRow, sendValues } from './send-statement'
import { loadMessages, toMessage } from './view'

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
export function createMessageService(ctx: AppContext, { media, notify }: { media: MediaService; notify: NotifyService }) {
  const { db, realtime } = ctx
  const mediaOf = media.ofMessages

  const one = async (readerId: string, messageId: string): Promise<Message | null> =>
    (await loadMessages(db, mediaOf, readerId, eq(messages.id, messageId), 'asc', 1))[0] ?? null

  async function existing(senderId: string, clientId: string): Promise<Message | null> {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
      .limit(1)
    return row ? one(senderId, row.id) : null
  }

  /** The message and the caller's access to its topic (404 unknown, 403 not a member). */
  async function accessToMessage(userId: string, messageId: string) {
    const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1)
    if (!row) throw notFound()
    const access = await requireTopicMember(db, row.topicId, userId)
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
    fields: { clientId: string | null; type: string; body: string; reply?: ReplyPreviewRow | null; forwardedFrom?: string | null; mentions: string[]; mediaIds: string[] },
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
    const [stored] = await ctx.run<SendRow>(SEND_MESSAGE, values, mediaIds.length ? allAttached : undefined)
    if (!stored) throw notFound()
    if (stored.caller_id === null || stored.seq === null) throw forbidden()
    const sender = { id: senderId, name: stored.caller_name, workid: stored.caller_workid, photoUrl: stored.caller_photo }
    // Files are signed per reader: load them; a text message is complete as stored.
    const message = mediaIds.length
      ? (await one(senderId, messageId))!
      : toMessage(
          { id: messageId, topicId, seq: Number(stored.seq), senderId, clientId: fields.clientId, type: fields.type, body: fields.body, replyToId: fields.reply?.id ?? null, forwardedFrom: fields.forwardedFrom ?? null, mentions: fields.mentions, isPin: 0, pinnedAt: null, editedAt: null, deletedAt: null, createdAt },
          sender,
          fields.reply ?? null,
          [],
        )
    realtime.toTopic(topicId, 'NEW_MESSAGE', { message })
    return message
  }

  async function notifyMentions(senderId: string, senderName: string, message: Message, topicName: string) {
    const mentioned = message.mentions.filter((id) => id !== senderId)
    await Promise.all(
      mentioned.map((userId) =>
        notify.notify(userId, {
          type: 'tag_message',
          actorId: senderId,
          notifiableId: message._id,
          objectId: message.topic_id,
          value: { topic_id: message.topic_id, key: 'tag_message', value: plainText(message.message).slice(0, 200) },
          message: topicName ? `${senderName} mentioned you in ${topicName}` : `${senderName} mentioned you`,
          messageJson: { key: 'tag_message', value: { title: topicName } },
        }),
      ),
    )
  }

  return {
    async send(userId: string, input: SendInput): Promise<Message> {
      // A reply or mentions are looked up only for a member who may write here; a plain message is
      // checked by the statement that stores it.
      const access = input.reply_to || input.mentions.length ? await requireTopicMember(db, input.topic_id, userId) : null
      if (access) requireTopicPermission(access, 'send_message')
      let reply: ReplyPreviewRow | null = null
      if (input.reply_to) {
        const [target] = await db
          .select({ topicId: messages.topicId, id: messages.id, body: messages.body, deletedAt: messages.deletedAt, senderName: users.name })
          .from(messages)
          .leftJoin(users, eq(users.id, messages.senderId))
          .where(eq(messages.id, input.reply_to))
          .limit(1)
        if (!target || target.topicId !== input.topic_id) throw badRequest('invalidInput', 'reply_to')
        reply = target
      }
      const mentions = input.mentions.length
        ? (
            await db
              .select({ id: topicMembers.userId })
              .from(topicMembers)
              .where(and(eq(topicMembers.topicId, input.topic_id), inArray(topicMembers.userId, input.mentions)))
          ).map((r) => r.id)
        : []
      const body = input.type === 'html' ? sanitizeRichText(input.message) : input.message
      const type = input.media_ids.length && body.trim() === '' ? 'file' : input.type
      let message: Message
      try {
        message = await insert(userId, input.topic_id, { clientId: input.client_id, type, body, reply, mentions, mediaIds: input.media_ids })
      } catch (err) {
        // The same client_id again (a retry after a lost answer): the message it made, unchanged.
        if (!isUniqueViolation(err)) throw err
        const repeat = await existing(userId, input.client_id)
        if (!repeat) throw err
        return repeat
      }
      if (access && mentions.length) await notifyMentions(userId, message.sender?.name ?? '', message, access.topic.name)
      return message
    },

    async list(userId: string, query: MessageListQuery): Promise<Message[]> {
      await requireTopicMember(db, query.topic_id, userId)
      const inTopic = eq(messages.topicId, query.topic_id)
      // Newest first in every mode. Catch-up answers the CATCH_UP_MAX oldest after `after` (no gap
      // behind them), so a client asks again while the answer is full.
      if (query.after !== undefined) return (await loadMessages(db, mediaOf, userId, and(inTopic, gt(messages.seq, query.after)), 'asc', CATCH_UP_MAX)).reverse()
      const before = query.before !== undefined ? lt(messages.seq, query.before) : undefined
      return loadMessages(db, mediaOf, userId, and(inTopic, before), 'desc', MESSAGE_PAGE, (query.page - 1) * MESSAGE_PAGE)
    },

    async pinned(userId: string, topicId: string): Promise<Message[]> {
      await requireTopicMember(db, topicId, userId)
      return loadMessages(db, mediaOf, userId, and(eq(messages.topicId, topicId), eq(messages.isPin, 1), isNull(messages.deletedAt)), 'asc')
    },

    async edit(userId: string, body: EditMessageBody): Promise<Message> {
      const { row } = await accessToMessage(userId, body.message_id)
      if (row.senderId !== userId || row.deletedAt) throw forbidden()
      const text = row.type === 'html' ? sanitizeRichText(body.message) : body.message
      await db.update(messages).set({ body: text, editedAt: new Date() }).where(eq(messages.id, row.id))
      const message = (await one(userId, row.id))!
      realtime.toTopic(row.topicId, 'MESSAGE_CHANGED', { change: 'edited', message })
      return message
    },

    /** The sender or a topic admin; the text is gone for everyone. */
    async remove(userId: string, messageId: string): Promise<Message> {
      const { row, access } = await accessToMessage(userId, messageId)
      if (!mayDeleteMessage(access.role, row.senderId === userId)) throw forbidden()
      if (!row.deletedAt) await db.update(messages).set({ deletedAt: new Date(), body: '', isPin: 0 }).where(eq(messages.id, row.id))
      const message = (await one(userId, row.id))!
      realtime.toTopic(row.topicId, 'MESSAGE_CHANGED', { change: 'deleted', message })
      return message
    },

    /** Copies a message the caller can see into topics they may write in. */
    async forward(userId: string, body: ForwardMessageBody): Promise<Message[]> {
      const { row } = await accessToMessage(userId, body.message_id)
      if (row.deletedAt) throw badRequest('invalidInput', 'message_id')
      const targets = await Promise.all([...new Set(body.topic_ids)].map((id) => requireTopicMember(db, id, userId)))
      for (const target of targets) requireTopicPermission(target, 'send_message')
      const source = (await one(userId, row.id))!
      const out: Message[] = []
      for (const target of targets) {
        const copies = source.media.length ? await media.copyAttachments(row.id, userId, target.topic.id) : []
        out.push(
          await insert(userId, target.topic.id, {
            clientId: null,
            type: row.type,
            body: row.body,
            forwardedFrom: source.forwarded_from ?? source.sender?.name ?? '',
            mentions: [],
            mediaIds: copies,
          }),
        )
      }
      return out
    },

    async pin(userId: string, body: PinMessageBody): Promise<Message> {
      const { row, access } = await accessToMessage(userId, body.message_id)
      requireTopicPermission(access, 'pin_message')
      if (row.deletedAt) throw badRequest('invalidInput', 'message_id')
      await db
        .update(messages)
        .set({ isPin: body.is_pin, pinnedAt: body.is_pin ? new Date() : null })
        .where(eq(messages.id, row.id))
      const message = (await one(userId, row.id))!
      realtime.toTopic(row.topicId, 'MESSAGE_CHANGED', { change: body.is_pin ? 'pinned' : 'unpinned', message })
      return message
    },
  }
}

export type MessageService = ReturnType<typeof createMessageService>
