import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type MediaItem, type Message, type MessageType, THUMB_SUFFIX } from '../../../contract'
import type { Db } from '../../db/client'
import { type MediaRow, media, type MessageRow, messages, users } from '../../db/schema'
import type { MediaSigner } from '../media/signing'

const replied = alias(messages, 'replied')
const repliedSender = alias(users, 'replied_sender')

/** A media row as the reader sees it: URLs signed for that reader. */
export function toMediaItem(row: MediaRow, signer: MediaSigner, readerId: string): MediaItem {
  const topicId = row.topicId ?? ''
  return {
    _id: row.id,
    key: row.key,
    name: row.name,
    mime: row.mime,
    size: row.size,
    kind: row.kind as MediaItem['kind'],
    url: signer.url(row.key, topicId, readerId),
    thumb_url: row.hasThumb ? signer.url(`${row.key}${THUMB_SUFFIX}`, topicId, readerId) : null,
    width: row.width,
    height: row.height,
  }
}

type SenderColumns = { id: string; name: string; workid: string; photoUrl: string | null } | null
type ReplyColumns = { id: string | null; body: string | null; deletedAt: Date | null; senderName: string | null } | null

export function toMessage(row: MessageRow, sender: SenderColumns, reply: ReplyColumns, items: MediaItem[]): Message {
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
      ? { _id: reply.id, message: reply.deletedAt ? '' : (reply.body ?? '').slice(0, 200), sender_name: reply.senderName ?? '', deleted: reply.deletedAt !== null }
      : null,
    forwarded_from: row.forwardedFrom,
    media: deleted ? [] : items,
    mentions: row.mentions,
    is_pin: row.isPin === 1,
    is_deleted: deleted,
    edited_at: row.editedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/**
 * Messages with their sender, reply preview and media (signed for `readerId`): one query for the
 * messages and one for all their media, whatever the count.
 */
/** Messages in seq order `order`; `limit` and `offset` page them. */
export async function loadMessages(db: Db, signer: MediaSigner, readerId: string, where: SQL | undefined, order: 'asc' | 'desc', limit?: number, offset = 0): Promise<Message[]> {
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
    .orderBy(order === 'asc' ? asc(messages.seq) : desc(messages.seq))
  const rows = limit ? await query.limit(limit).offset(offset) : await query
  const ids = rows.map((r) => r.row.id)
  const mediaRows = ids.length ? await db.select().from(media).where(and(inArray(media.messageId, ids), isNull(media.trashedAt))).orderBy(media.createdAt) : []
  const byMessage = new Map<string, MediaItem[]>()
  for (const m of mediaRows) {
    const list = byMessage.get(m.messageId!) ?? []
    list.push(toMediaItem(m, signer, readerId))
    byMessage.set(m.messageId!, list)
  }
  return rows.map((r) => toMessage(r.row, r.sender, r.reply, byMessage.get(r.row.id) ?? []))
}
