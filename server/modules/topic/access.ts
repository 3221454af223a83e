import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { channelMembers, type TopicMemberRow, type TopicRow, topicMembers, topics, users } from '../../db/schema'
import { forbidden, HttpError, notFound } from '../../http/errors'
import { chatRefusalSql, refusalError } from '../relates'
import { ROLES, type TopicPermission, topicAllows } from '../../../contract'

export interface TopicAccess {
  topic: TopicRow
  membership: TopicMemberRow
  /** The caller's effective role: their topic role, raised to admin when they administer the topic's channel. */
  role: number
  /** The caller as a message's sender shows them. */
  caller: { id: string; name: string; workid: string; photoUrl: string | null }
}

/** The topic, the caller's membership, their channel role and their name, plus any `extra` columns (one row; none for an unknown topic). */
function accessRow<Extra extends Record<string, SQL>>(db: Db, topicId: string, userId: string, extra: Extra) {
  return db
    .select({
      topic: topics,
      membership: topicMembers,
      channelRole: channelMembers.role,
      caller: { id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl },
      ...extra,
    })
    .from(topics)
    .leftJoin(topicMembers, and(eq(topicMembers.topicId, topics.id), eq(topicMembers.userId, userId)))
    .leftJoin(users, eq(users.id, topicMembers.userId))
    .leftJoin(channelMembers, and(eq(channelMembers.channelId, topics.channelId), eq(channelMembers.userId, userId)))
    .where(eq(topics.id, topicId))
    .limit(1)
}

/** A row of `accessRow` as the caller's access: 404 for an unknown topic, 403 for a stranger. */
function accessOf(
  row: { topic: TopicRow; membership: TopicMemberRow | null; channelRole: number | null; caller: TopicAccess['caller'] | null } | undefined,
): TopicAccess {
  if (!row) throw notFound()
  if (!row.membership || !row.caller) throw forbidden()
  return {
    topic: row.topic,
    membership: row.membership,
    role: effectiveTopicRole(row.membership.role, row.channelRole),
    caller: row.caller,
  }
}

/**
 * The one membership check of topics, messages and media: an unknown topic is 404, a topic the
 * caller does not belong to is 403.
 */
export async function requireTopicMember(db: Db, topicId: string, userId: string): Promise<TopicAccess> {
  const [row] = await accessRow(db, topicId, userId, {})
  return accessOf(row)
}

/**
 * The one "may write to this topic" check, for every write that reaches the other members (send,
 * forward, edit, pin, notify anyway, typing, uploads), in one query: a member (404 unknown topic,
 * 403 stranger) whom the topic lets write (a group's send_message setting, 403) and, in a 1:1 chat,
 * whom the other person does not refuse: they blocked the caller (403 blockedByPerson) or take
 * messages from friends only and the two are not friends (403 friendsOnlyChat).
 */
export async function requireTopicWriter(db: Db, topicId: string, userId: string): Promise<TopicAccess> {
  const refusal = chatRefusalSql({ id: sql`${topics.id}`, isGroup: sql`${topics.isGroup}` }, sql`${userId}`)
  const [row] = await accessRow(db, topicId, userId, { refusal })
  const access = accessOf(row)
  requireTopicPermission(access, 'send_message')
  if (row!.refusal) throw refusalError({ allowed: false, reason: row!.refusal }, 'chat')!
  return access
}

/** The writer's name when `requireTopicWriter` lets them write in the topic, else null (whom a TYPING may come from). */
export async function writerName(db: Db, userId: string, topicId: string): Promise<string | null> {
  try {
    return (await requireTopicWriter(db, topicId, userId)).caller.name
  } catch (err) {
    if (err instanceof HttpError) return null
    throw err
  }
}

/** A topic role, raised to admin when its holder administers the topic's channel. */
export const effectiveTopicRole = (topicRole: number, channelRole: number | null): number =>
  Math.max(topicRole, (channelRole ?? 0) >= ROLES.admin ? ROLES.admin : 0)

/**
 * `topicAllows` (contract) with `effectiveTopicRole` as one SQL condition, for a statement that
 * checks and writes in one round trip. tests/server/topic-access-sql.test.ts pins the two forms equal.
 */
export function topicAllowsSql(
  setting: TopicPermission,
  columns: { isGroup: SQL; permission: SQL; topicRole: SQL; channelRole: SQL },
): SQL {
  const role = sql`greatest(${columns.topicRole}, case when coalesce(${columns.channelRole}, 0) >= ${ROLES.admin} then ${ROLES.admin} else 0 end)`
  return sql`(${columns.isGroup} <> 1 or coalesce((${columns.permission} ->> ${setting})::int, 0) <> 1 or ${role} >= ${ROLES.admin})`
}

/** Admins only for a setting the topic restricts (a group's settings may be limited to admins); 1:1 chats have no restrictions. */
export function requireTopicPermission(access: TopicAccess, setting: keyof TopicRow['permission']) {
  if (!topicAllows({ is_group: access.topic.isGroup === 1, permission: access.topic.permission }, access.role, setting)) throw forbidden()
}

/** The topic ids a user belongs to (socket rooms). */
export async function topicIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: topicMembers.topicId }).from(topicMembers).where(eq(topicMembers.userId, userId))
  return rows.map((r) => r.id)
}
