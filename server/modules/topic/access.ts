import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { channelMembers, type TopicMemberRow, type TopicRow, topicMembers, topics, users } from '../../db/schema'
import { forbidden, notFound } from '../../http/errors'
import { ROLES, type TopicPermission, topicAllows } from '../../../contract'

export interface TopicAccess {
  topic: TopicRow
  membership: TopicMemberRow
  /** The caller's effective role: their topic role, raised to admin when they administer the topic's channel. */
  role: number
  /** The caller as a message's sender shows them. */
  caller: { id: string; name: string; workid: string; photoUrl: string | null }
}

/**
 * The one membership check of topics, messages and media: an unknown topic is 404, a topic the
 * caller does not belong to is 403.
 */
export async function requireTopicMember(db: Db, topicId: string, userId: string): Promise<TopicAccess> {
  const [row] = await db
    .select({
      topic: topics,
      membership: topicMembers,
      channelRole: channelMembers.role,
      caller: { id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl },
    })
    .from(topics)
    .leftJoin(topicMembers, and(eq(topicMembers.topicId, topics.id), eq(topicMembers.userId, userId)))
    .leftJoin(users, eq(users.id, topicMembers.userId))
    .leftJoin(channelMembers, and(eq(channelMembers.channelId, topics.channelId), eq(channelMembers.userId, userId)))
    .where(eq(topics.id, topicId))
    .limit(1)
  if (!row) throw notFound()
  if (!row.membership || !row.caller) throw forbidden()
  return {
    topic: row.topic,
    membership: row.membership,
    role: effectiveTopicRole(row.membership.role, row.channelRole),
    caller: row.caller,
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

/** The user's name when they belong to the topic, else null. */
export async function memberName(db: Db, userId: string, topicId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name })
    .from(topicMembers)
    .innerJoin(users, eq(users.id, topicMembers.userId))
    .where(and(eq(topicMembers.topicId, topicId), eq(topicMembers.userId, userId)))
    .limit(1)
  return row?.name ?? null
}
