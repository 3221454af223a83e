import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { MediaItem, Message, MessagePreview, MessageType, ReactionSummary, Sender } from '../../../contract'
import type { Db } from '../../db/client'
import { reactionsColumn, toReactions } from '../reaction'
import { type MessagePreviewRow, type MessageRow, messagePreviews, messages, users } from '../../db/schema'

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
    Partial<Pick<MessageRow, 'replyToId' | 'forwardedFrom' | 'mentions' | 'threadRootId' | 'threadInChat'>> & { senderId: string },
  stored: StoredSender,
  reply: ReplyColumns = null,
): Message {
  return toMessage(
    {
      replyToId: null,
      forwardedFrom: null,
      mentions: [],
      threadRootId: null,
      threadInChat: 0,
      ...sent,
      seq: Number(stored.seq),
      isPin: 0,
      pinnedAt: null,
      editedAt: null,
      deletedAt: null,
      filesPurged: 0,
      threadReplyCount: 0,
      threadLastReplyAt: null,
      threadLastRepliers: [],
    },
    { id: sent.senderId, name: stored.caller_name, workid: stored.caller_workid, photoUrl: stored.caller_photo },
    reply,
  )
}

/** A message's files as its reader sees them, and how many of them sit in the trash (left out of `items`). */
export type MessageFiles = { items: MediaItem[]; trashed: number }
const NO_FILES: MessageFiles = { items: [], trashed: 0 }

/** The people a root's summary names, by id (loadMessages asks for them in one query, only when a thread is shown). */
export type RepliersById = ReadonlyMap<string, Sender>

/** A root's thread summary as the wire shows it (null without replies); repliers no longer there are left out. */
export function threadOf(
  row: Pick<MessageRow, 'threadReplyCount' | 'threadLastReplyAt' | 'threadLastRepliers'>,
  people: RepliersById,
): Message['thread'] {
  if (row.threadReplyCount < 1 || !row.threadLastReplyAt) return null
  return {
    reply_count: row.threadReplyCount,
    last_reply_at: row.threadLastReplyAt.toISOString(),
    last_repliers: row.threadLastRepliers.flatMap((id) => people.get(id) ?? []).slice(0, 3),
  }
}

/** The users a page of messages' thread summaries name: one query, none when no message has a thread. */
export async function repliersOf(db: Db, rows: Pick<MessageRow, 'threadLastRepliers'>[]): Promise<RepliersById> {
  const ids = [...new Set(rows.flatMap((r) => r.threadLastRepliers))]
  if (ids.length === 0) return new Map()
  const found = await db
    .select({ id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(found.map((u) => [u.id, { _id: u.id, name: u.name, workid: u.workid, photo_url: u.photoUrl }]))
}

export function toMessage(
  row: MessageRow,
  sender: SenderColumns,
  reply: ReplyColumns,
  files: MessageFiles = NO_FILES,
  repliers: RepliersById = new Map(),
  preview: MessagePreview | null = null,
  reactions: ReactionSummary[] = [],
): Message {
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
    reactions: deleted ? [] : reactions,
    edited_at: row.editedAt?.toISOString() ?? null,
    preview: deleted ? null : preview,
    created_at: row.createdAt.toISOString(),
    thread_root_id: row.threadRootId,
    also_in_chat: row.threadRootId !== null && row.threadInChat === 1,
    thread: threadOf(row, repliers),
  }
}

/**
 * The files of messages as `readerId` sees them, by message id (the media module answers it in one
 * query); with `imageIds`, link previews' images too (in the same query), each by its own media id.
 */
export type MediaOfMessages = (messageIds: string[], readerId: string, imageIds?: string[]) => Promise<Map<string, MessageFiles>>

/** A message's preview as the page's query joined it (its image by media id), or null. */
type PreviewColumns = Pick<MessagePreviewRow, 'url' | 'title' | 'description' | 'siteName' | 'mediaId'> | null
function previewOf(columns: PreviewColumns, files: Map<string, MessageFiles>): MessagePreview | null {
  if (!columns) return null
  const image = columns.mediaId ? (files.get(columns.mediaId)?.items[0] ?? null) : null
  return { url: columns.url, title: columns.title, description: columns.description, site_name: columns.siteName, image }
}

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
      preview: {
        url: messagePreviews.url,
        title: messagePreviews.title,
        description: messagePreviews.description,
        siteName: messagePreviews.siteName,
        mediaId: messagePreviews.mediaId,
      },
      // Reactions: a column of this statement (no query more per page).
      reactions: reactionsColumn(messages.id, readerId),
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .leftJoin(replied, eq(replied.id, messages.replyToId))
    .leftJoin(repliedSender, eq(repliedSender.id, replied.senderId))
    // Link previews: one row per message at most (its key), joined here rather than asked apart.
    .leftJoin(messagePreviews, and(eq(messagePreviews.messageId, messages.id), isNull(messagePreviews.removedAt)))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
  const rows = await query
  const [byMessage, repliers] = await Promise.all([
    mediaOf(
      rows.map((r) => r.row.id),
      readerId,
      rows.flatMap((r) => r.preview?.mediaId ?? []),
    ),
    repliersOf(
      db,
      rows.map((r) => r.row),
    ),
  ])
  return rows.map((r) =>
    toMessage(r.row, r.sender, r.reply, byMessage.get(r.row.id), repliers, previewOf(r.preview, byMessage), toReactions(r.reactions)),
  )
}
