import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { LIST_MAX, PAGE_SIZE, publicMediaUrl, ROLES, type LastMessage, type MessageType, type Topic } from '../../../contract'
import type { Db } from '../../db/client'
import { channelMembers, type MessageRow, messages, topicMembers, topics, users } from '../../db/schema'
import { plainText } from '../../http/sanitize'
import { markdownToPlain } from '../../../contract/markdown-text'

const partnerMembers = alias(topicMembers, 'partner_member')
const partners = alias(users, 'partner')
const PREVIEW_MAX = 200

/** A message as the topic list previews it: plain text, '' when deleted. */
function toLastMessage(row: Pick<MessageRow, 'id' | 'body' | 'type' | 'createdAt' | 'senderId' | 'deletedAt'>): LastMessage {
  const deleted = row.deletedAt !== null
  const text = deleted ? '' : row.type === 'html' ? plainText(row.body) : row.type === 'text' ? markdownToPlain(row.body) : row.body
  return {
    _id: row.id,
    message: text.slice(0, PREVIEW_MAX),
    type: row.type as MessageType,
    created_at: row.createdAt.toISOString(),
    sender_id: row.senderId,
    deleted,
  }
}

export interface TopicFilter {
  channelId?: string
  topicIds?: readonly string[]
  /** 1-based page of 20; the first LIST_MAX matching topics when absent. */
  page?: number
  includeHidden?: boolean
  /** Only the topics the user hid. */
  hiddenOnly?: boolean
  pinnedOnly?: boolean
}

/**
 * The topics of `userId` as that user sees them, in list order (pinned first, then latest activity):
 * one query joining the membership, the topic, its last message, the 1:1 partner and the channel role.
 */
export async function topicsFor(db: Db, userId: string, filter: TopicFilter = {}): Promise<Topic[]> {
  const where: SQL[] = [eq(topicMembers.userId, userId)]
  if (filter.hiddenOnly) where.push(eq(topicMembers.hidden, 1))
  else if (!filter.includeHidden) where.push(eq(topicMembers.hidden, 0))
  if (filter.channelId) where.push(eq(topics.channelId, filter.channelId))
  if (filter.topicIds) where.push(inArray(topics.id, filter.topicIds.length ? [...filter.topicIds] : ['']))
  if (filter.pinnedOnly) where.push(eq(topicMembers.isPin, 1))
  const query = db
    .select({
      topic: topics,
      role: topicMembers.role,
      isPin: topicMembers.isPin,
      isSeen: topicMembers.isSeen,
      lastSeenSeq: topicMembers.lastSeenSeq,
      last: {
        id: messages.id,
        body: messages.body,
        type: messages.type,
        createdAt: messages.createdAt,
        senderId: messages.senderId,
        deletedAt: messages.deletedAt,
      },
      partner: { id: partners.id, name: partners.name, photoUrl: partners.photoUrl },
      channelRole: channelMembers.role,
      membersCount: sql<number>`(select count(*) from ${topicMembers} as counted where counted.topic_id = ${topics.id})`.mapWith(Number),
    })
    .from(topicMembers)
    .innerJoin(topics, eq(topics.id, topicMembers.topicId))
    .leftJoin(messages, eq(messages.id, topics.lastMessageId))
    .leftJoin(partnerMembers, and(eq(partnerMembers.topicId, topics.id), ne(partnerMembers.userId, userId), eq(topics.isGroup, 0)))
    .leftJoin(partners, eq(partners.id, partnerMembers.userId))
    .leftJoin(channelMembers, and(eq(channelMembers.channelId, topics.channelId), eq(channelMembers.userId, userId)))
    .where(and(...where))
    .orderBy(desc(topicMembers.isPin), desc(sql`coalesce(${topics.lastMessageAt}, ${topics.createdAt})`), asc(topics.id))
  const rows = filter.page ? await query.limit(PAGE_SIZE).offset((filter.page - 1) * PAGE_SIZE) : await query.limit(LIST_MAX)
  return rows.map((row) => ({
    _id: row.topic.id,
    name: row.topic.isGroup ? row.topic.name : (row.partner?.name ?? row.topic.name),
    image: publicMediaUrl(row.topic.image),
    photo_url: row.topic.isGroup ? null : (row.partner?.photoUrl ?? null),
    is_group: row.topic.isGroup === 1,
    is_pin: row.isPin === 1,
    is_seen: row.isSeen === 1,
    in_call: row.topic.inCall === 1,
    channel_id: row.topic.channelId,
    admin: row.topic.createdBy,
    role: Math.max(row.role, (row.channelRole ?? 0) >= ROLES.admin ? ROLES.admin : 0),
    members_count: row.membersCount,
    permission: row.topic.permission,
    label_id: row.topic.labelId,
    created_at: row.topic.createdAt.toISOString(),
    message: row.last?.id
      ? toLastMessage(row.last as Pick<MessageRow, 'id' | 'body' | 'type' | 'createdAt' | 'senderId' | 'deletedAt'>)
      : null,
    partner_id: row.topic.isGroup ? null : (row.partner?.id ?? null),
    last_seen_seq: row.lastSeenSeq,
  }))
}

/** One topic as `userId` sees it (null when they are not a member). */
export async function topicFor(db: Db, userId: string, topicId: string): Promise<Topic | null> {
  const [found] = await topicsFor(db, userId, { topicIds: [topicId], includeHidden: true })
  return found ?? null
}
