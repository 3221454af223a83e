import { eq, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { MediaItem, Message, MessageType } from '../../../contract'
import type { Db } from '../../db/client'
import { type MessageRow, messages, users } from '../../db/schema'

const replied = alias(messages, 'replied')
const repliedSender = alias(users, 'replied_sender')

type SenderColumns = { id: string; name: string; workid: string; photoUrl: string | null } | null
type ReplyColumns = { id: string | null; body: string | null; deletedAt: Date | null; senderName: string | null } | null

/** What the send statement answers about its sender (./send-statement.ts SendRow). */
interface StoredSender {
  caller_name: string
  caller_workid: string
  caller_photo: string | null
  seq: number | string | null
}

/**
 * A message the send statement just stored, as the wire shows it, built from what was sent and what
 * the statement answered (its number, its sender): not pinned, edited or deleted, and without files
 * (a message with files is read back, its links signed for the reader).
 */
export function justStored(
  sent: Pick<MessageRow, 'id' | 'topicId' | 'clientId' | 'type' | 'body' | 'createdAt'> &
    Partial<Pick<MessageRow, 'replyToId' | 'forwardedFrom' | 'mentions'>> & { senderId: string },
  stored: StoredSender,
  reply: ReplyColumns = null,
): Message {
  return toMessage(
    {
      replyToId: null,
      forwardedFrom: null,
      mentions: [],
      ...sent,
      seq: Number(stored.seq),
      isPin: 0,
      pinnedAt: null,
      editedAt: null,
      deletedAt: null,
      filesPurged: 0,
    },
    { id: sent.senderId, name: stored.caller_name, workid: stored.caller_workid, photoUrl: stored.caller_photo },
    reply,
  )
}

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
