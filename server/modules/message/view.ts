import { eq, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { MediaItem, Message, MessageType } from '../../../contract'
import type { Db } from '../../db/client'
import { type MessageRow, messages, users } from '../../db/schema'

const replied = alias(messages, 'replied')
const repliedSender = alias(users, 'replied_sender')

type SenderColumns = { id: string; name: string; workid: string; photoUrl: string | null } | null
type ReplyColumns = { id: string | null; body: string | null; deletedAt: Date | null; senderName: string | null } | null

/** A message's files as its reader sees them, and how many of them sit in the trash (left out of `items`). */
export type MessageFiles = { items: MediaItem[]; trashed: number }
const NO_FILES: MessageFiles = { items: [], trashed: 0 }

export function toMessage(row: MessageRow, sender: SenderColumns, reply: ReplyColumns, files: MessageFiles = NO_FILES): Message {
  const deleted = row.deletedAt !== null
  return {
    _id: row.id,
    client_id: row.clientId,
    topic_id: row.topicId,
    seq: row.seq,
    type: row.type as MessageType,
    message: deleted ? '' : row.body,
    sender: sender ? { _id: sender.id, name: sender.name, workid: sender.workid, photo_url: sender.photoUrl } : null,
    reply_to: reply?.id
      ? {
          _id: reply.id,
          message: reply.deletedAt ? '' : (reply.body ?? '').slice(0, 200),
          sender_name: reply.senderName ?? '',
          deleted: reply.deletedAt !== null,
        }
      : null,
    forwarded_from: row.forwardedFrom,
    media: deleted ? [] : files.items,
    files_removed: deleted ? 0 : files.trashed + row.filesPurged,
    mentions: row.mentions,
    is_pin: row.isPin === 1,
    is_deleted: deleted,
    edited_at: row.editedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/** The files of messages as `readerId` sees them, by message id (the media module answers it in one query). */
export type MediaOfMessages = (messageIds: string[], readerId: string) => Promise<Map<string, MessageFiles>>

/**
 * At most `limit` messages in the order `orderBy` (`offset` pages them) with their sender, reply
 * preview and media (signed for `readerId`): one query for the messages and one for all their
 * media, whatever the count. Every list is bounded.
 */
export async function loadMessages(
  db: Db,
  mediaOf: MediaOfMessages,
  readerId: string,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset = 0,
): Promise<Message[]> {
  const query = db
    .select({
      row: messages,
      sender: { id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl },
      reply: { id: replied.id, body: replied.body, deletedAt: replied.deletedAt, senderName: repliedSender.name },
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .leftJoin(replied, eq(replied.id, messages.replyToId))
    .leftJoin(repliedSender, eq(repliedSender.id, replied.senderId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
  const rows = await query
  const byMessage = await mediaOf(
    rows.map((r) => r.row.id),
    readerId,
  )
  return rows.map((r) => toMessage(r.row, r.sender, r.reply, byMessage.get(r.row.id)))
}
