import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  type AddMembersBody,
  type AddTopicBody,
  type ChatFriendQuery,
  DEFAULT_TOPIC_PERMISSIONS,
  isTopicAdmin,
  LIST_MAX,
  type Member,
  ROLES,
  type RenameTopicBody,
  type SeenEntry,
  type Topic,
  type TopicInfo,
  type TopicLabelBody,
  type TopicImageBody,
  type TopicPermissionBody,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Db, Executor } from '../../db/client'
import { channelMembers, labels, topicMembers, topics, users } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { ownPublicMediaKey } from '../media'
import { refusalError, type RelatesService } from '../relates'
import { requireTopicMember, requireTopicPermission } from './access'
import { topicFor, topicsFor } from './view'

/** Channel members among `userIds` with a verified email (the ones that may join a group of that channel). */
async function channelMemberIds(db: Db, channelId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set()
  const rows = await db
    .select({ id: channelMembers.userId })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(and(eq(channelMembers.channelId, channelId), inArray(channelMembers.userId, [...userIds]), eq(users.emailVerified, 1)))
  return new Set(rows.map((r) => r.id))
}

/** The caller's role in a channel (0 when not a member; 404 unknown channel is the caller's concern). */
async function channelRoleOf(db: Db, channelId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ role: channelMembers.role })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
    .limit(1)
  return row?.role ?? 0
}

/**
 * Group topics in channels and 1:1 chats: membership, per-user list state (pin, hide, seen) and
 * group settings. Membership changes reach people live: TOPIC_CHANGED to whoever sees the topic
 * appear or change, OUT_TOPIC to whoever leaves it, and socket rooms follow.
 */
export function createTopicService(
  ctx: AppContext,
  {
    relates,
    onSeen,
  }: {
    relates: RelatesService
    /** presence: the caller's read position in the topic moved (topic/seen), for the read receipts. */
    onSeen?: (userId: string, topicId: string) => void
  },
) {
  const { db, realtime } = ctx

  /** Sends each user the topic as they see it. */
  async function announce(topicId: string, userIds: readonly string[], change: 'added' | 'updated') {
    await Promise.all(
      userIds.map(async (userId) => {
        const topic = await topicFor(db, userId, topicId)
        if (topic) realtime.toUser(userId, 'TOPIC_CHANGED', { change, topic })
      }),
    )
  }

  async function memberIds(topicId: string): Promise<string[]> {
    const rows = await db.select({ id: topicMembers.userId }).from(topicMembers).where(eq(topicMembers.topicId, topicId))
    return rows.map((r) => r.id)
  }

  async function mustSee(userId: string, topicId: string): Promise<Topic> {
    const topic = await topicFor(db, userId, topicId)
    if (!topic) throw notFound()
    return topic
  }

  return {
    announce,

    /**
     * Calls (the call module): whether a call rings or runs in the topic, as the topic list shows it
     * (`in_call`). The members' lists learn it from the call's own events (NEW_REQUEST_CALL, RESPONSE_CALL).
     */
    async setInCall(topicId: string, inCall: boolean): Promise<void> {
      await db
        .update(topics)
        .set({ inCall: inCall ? 1 : 0 })
        .where(eq(topics.id, topicId))
    },

    /** pages: a 1:1 chat's key (its two user ids joined), or null for a group or an unknown topic. */
    async partnerOf(topicId: string): Promise<string | null> {
      const [row] = await db.select({ dmKey: topics.dmKey }).from(topics).where(eq(topics.id, topicId)).limit(1)
      return row?.dmKey ?? null
    },

    /** A new channel's General group with its creator as owner, inside the channel's transaction; answers its id. */
    async createGeneral(tx: Executor, channelId: string, userId: string): Promise<string> {
      const [general] = await tx
        .insert(topics)
        .values({ channelId, name: 'General', isGroup: 1, createdBy: userId, permission: DEFAULT_TOPIC_PERMISSIONS })
        .returning({ id: topics.id })
      await tx.insert(topicMembers).values({ topicId: general!.id, userId, role: ROLES.owner })
      return general!.id
    },

    /**
     * A new channel member joins the channel's first group (when it has one), inside the caller's
     * transaction; answers that group's id when they were added (the caller tells them after commit).
     */
    async joinFirstGroup(tx: Executor, channelId: string, userId: string): Promise<string | null> {
      const [first] = await tx
        .select({ id: topics.id })
        .from(topics)
        .where(and(eq(topics.channelId, channelId), eq(topics.isGroup, 1)))
        .orderBy(topics.createdAt)
        .limit(1)
      if (!first) return null
      const added = await tx
        .insert(topicMembers)
        .values({ topicId: first.id, userId })
        .onConflictDoNothing()
        .returning({ id: topicMembers.userId })
      return added.length ? first.id : null
    },

    /**
     * Someone leaving a channel leaves every group of it, inside the caller's transaction; answers
     * the groups they were in (the caller takes their sockets out of those rooms after commit).
     */
    async leaveChannelGroups(tx: Executor, channelId: string, userId: string): Promise<string[]> {
      const left = await tx
        .delete(topicMembers)
        .where(
          and(
            eq(topicMembers.userId, userId),
            inArray(topicMembers.topicId, tx.select({ id: topics.id }).from(topics).where(eq(topics.channelId, channelId))),
          ),
        )
        .returning({ id: topicMembers.topicId })
      return left.map((r) => r.id)
    },

    /** A group chat in a channel; the creator is its admin (40), the chosen channel members join it. */
    async addTopic(userId: string, body: AddTopicBody): Promise<Topic> {
      const role = await channelRoleOf(db, body.channel_id, userId)
      if (!role) throw forbidden()
      const others = [...new Set(body.customer_ids)].filter((id) => id !== userId)
      const allowed = await channelMemberIds(db, body.channel_id, others)
      if (others.some((id) => !allowed.has(id))) throw badRequest('notChannelMember', 'customer_ids')
      await relates.requireMayInvite(userId, others)
      const topicId = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(topics)
          .values({ channelId: body.channel_id, name: body.name, isGroup: 1, createdBy: userId, permission: DEFAULT_TOPIC_PERMISSIONS })
          .returning({ id: topics.id })
        const id = created!.id
        await tx
          .insert(topicMembers)
          .values([{ topicId: id, userId, role: ROLES.owner }, ...others.map((other) => ({ topicId: id, userId: other }))])
        return id
      })
      realtime.joinTopic([userId, ...others], topicId)
      await announce(topicId, others, 'added')
      return mustSee(userId, topicId)
    },

    /**
     * The 1:1 chat with a person, made on first use. An unverified account is no one (404); someone
     * who blocked the caller refuses it (403); someone who takes chats from friends only refuses a
     * new one from a stranger (403).
     */
    async chatFriend(userId: string, query: ChatFriendQuery): Promise<Topic> {
      const [partner] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            'customer_id' in query ? eq(users.id, query.customer_id) : eq(users.workid, query.workid.toLowerCase()),
            eq(users.emailVerified, 1),
          ),
        )
        .limit(1)
      if (!partner) throw notFound()
      if (partner.id === userId) throw badRequest('invalidInput', 'customer_id')
      const decision = await relates.mayChat(userId, partner.id)
      if (!decision.allowed && decision.reason === 'blocked') throw refusalError(decision, 'chat')!
      const dmKey = [userId, partner.id].sort().join(':')
      const [existing] = await db.select({ id: topics.id }).from(topics).where(eq(topics.dmKey, dmKey)).limit(1)
      if (existing) {
        await db
          .update(topicMembers)
          .set({ hidden: 0 })
          .where(and(eq(topicMembers.topicId, existing.id), eq(topicMembers.userId, userId)))
        return mustSee(userId, existing.id)
      }
      if (!decision.allowed) throw refusalError(decision, 'chat')!
      const topicId = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(topics)
          .values({ name: '', isGroup: 0, dmKey, createdBy: userId, permission: DEFAULT_TOPIC_PERMISSIONS })
          .onConflictDoNothing()
          .returning({ id: topics.id })
        if (!created) return null
        await tx.insert(topicMembers).values([
          { topicId: created.id, userId, role: ROLES.member },
          { topicId: created.id, userId: partner.id, role: ROLES.member },
        ])
        return created.id
      })
      if (!topicId) {
        const [raced] = await db.select({ id: topics.id }).from(topics).where(eq(topics.dmKey, dmKey)).limit(1)
        return mustSee(userId, raced!.id)
      }
      realtime.joinTopic([userId, partner.id], topicId)
      await announce(topicId, [partner.id], 'added')
      return mustSee(userId, topicId)
    },

    async info(userId: string, topicId: string): Promise<TopicInfo> {
      await requireTopicMember(db, topicId, userId)
      const topic = await mustSee(userId, topicId)
      const rows = await db
        .select({ _id: users.id, name: users.name, workid: users.workid, photo_url: users.photoUrl, role: topicMembers.role })
        .from(topicMembers)
        .innerJoin(users, eq(users.id, topicMembers.userId))
        .where(eq(topicMembers.topicId, topicId))
        .orderBy(sql`${topicMembers.role} desc`, users.name, users.id)
        .limit(LIST_MAX)
      const customers: Member[] = rows
      return { ...topic, customers }
    },

    async addMembers(userId: string, body: AddMembersBody): Promise<TopicInfo> {
      const access = await requireTopicMember(db, body.topic_id, userId)
      if (access.topic.isGroup !== 1 || !access.topic.channelId) throw badRequest('invalidInput', 'topic_id')
      requireTopicPermission(access, 'add_member')
      const current = new Set(await memberIds(body.topic_id))
      const wanted = [...new Set(body.customer_ids)].filter((id) => !current.has(id))
      const allowed = await channelMemberIds(db, access.topic.channelId, wanted)
      if (wanted.some((id) => !allowed.has(id))) throw badRequest('notChannelMember', 'customer_ids')
      await relates.requireMayInvite(userId, wanted)
      if (wanted.length) {
        await db
          .insert(topicMembers)
          .values(wanted.map((id) => ({ topicId: body.topic_id, userId: id })))
          .onConflictDoNothing()
        realtime.joinTopic(wanted, body.topic_id)
        await announce(body.topic_id, wanted, 'added')
        await announce(body.topic_id, [...current], 'updated')
      }
      return this.info(userId, body.topic_id)
    },

    /** Removing yourself is leaving; removing others needs remove_member; nobody but the creator removes the creator. */
    async removeMember(userId: string, topicId: string, customerId: string): Promise<void> {
      const access = await requireTopicMember(db, topicId, userId)
      if (access.topic.isGroup !== 1) throw badRequest('invalidInput', 'topic_id')
      if (customerId !== userId) {
        requireTopicPermission(access, 'remove_member')
        if (customerId === access.topic.createdBy) throw forbidden()
      }
      const removed = await db
        .delete(topicMembers)
        .where(and(eq(topicMembers.topicId, topicId), eq(topicMembers.userId, customerId)))
        .returning({ id: topicMembers.userId })
      if (!removed.length) throw notFound()
      realtime.leaveTopic([customerId], topicId)
      realtime.toUser(customerId, 'OUT_TOPIC', { topic_id: topicId })
      await announce(topicId, await memberIds(topicId), 'updated')
    },

    async rename(userId: string, body: RenameTopicBody): Promise<Topic> {
      const access = await requireTopicMember(db, body.topic_id, userId)
      if (access.topic.isGroup !== 1) throw badRequest('invalidInput', 'topic_id')
      requireTopicPermission(access, 'edit_name')
      await db.update(topics).set({ name: body.name }).where(eq(topics.id, body.topic_id))
      await announce(body.topic_id, await memberIds(body.topic_id), 'updated')
      return mustSee(userId, body.topic_id)
    },

    /** A group's picture (edit_image setting): the caller's public upload, or none. */
    async setImage(userId: string, body: TopicImageBody): Promise<Topic> {
      const access = await requireTopicMember(db, body.topic_id, userId)
      if (access.topic.isGroup !== 1) throw badRequest('invalidInput', 'topic_id')
      requireTopicPermission(access, 'edit_image')
      const image = body.file_id ? await ownPublicMediaKey(db, userId, body.file_id, 'file_id') : null
      await db.update(topics).set({ image }).where(eq(topics.id, body.topic_id))
      await announce(body.topic_id, await memberIds(body.topic_id), 'updated')
      return mustSee(userId, body.topic_id)
    },

    /** Topic admins only. */
    async setPermission(userId: string, body: TopicPermissionBody): Promise<Topic> {
      const access = await requireTopicMember(db, body.topic_id, userId)
      if (access.topic.isGroup !== 1 || !isTopicAdmin(access.role)) throw forbidden()
      await db
        .update(topics)
        .set({ permission: { ...access.topic.permission, ...body.permission } })
        .where(eq(topics.id, body.topic_id))
      await announce(body.topic_id, await memberIds(body.topic_id), 'updated')
      return mustSee(userId, body.topic_id)
    },

    /** Topic admins put one of the channel's labels on a group. */
    async setLabel(userId: string, body: TopicLabelBody): Promise<Topic> {
      const access = await requireTopicMember(db, body.topic_id, userId)
      if (access.topic.isGroup !== 1 || !isTopicAdmin(access.role)) throw forbidden()
      if (body.label_id) {
        const [found] = await db.select({ channelId: labels.channelId }).from(labels).where(eq(labels.id, body.label_id)).limit(1)
        if (!found || found.channelId !== access.topic.channelId) throw badRequest('invalidInput', 'label_id')
      }
      await db.update(topics).set({ labelId: body.label_id }).where(eq(topics.id, body.topic_id))
      await announce(body.topic_id, await memberIds(body.topic_id), 'updated')
      return mustSee(userId, body.topic_id)
    },

    /** The caller's own view of a topic: pin, hide, seen. */
    async setOwn(
      userId: string,
      topicId: string,
      values: Partial<{ isPin: number; pinnedAt: Date | null; hidden: number; isSeen: number }>,
    ): Promise<Topic> {
      await requireTopicMember(db, topicId, userId)
      const seen =
        values.isSeen === 1 ? { lastSeenSeq: sql`(select ${topics.lastSeq} from ${topics} where ${topics.id} = ${topicId})` } : {}
      await db
        .update(topicMembers)
        .set({ ...values, ...seen })
        .where(and(eq(topicMembers.topicId, topicId), eq(topicMembers.userId, userId)))
      if (values.isSeen === 1) onSeen?.(userId, topicId)
      return mustSee(userId, topicId)
    },

    recent: (userId: string, page: number) => topicsFor(db, userId, { page }),
    pinned: (userId: string) => topicsFor(db, userId, { pinnedOnly: true }),
    /** The topics the caller hid (their list leaves them out until unhidden or a new message). */
    hidden: (userId: string, page: number) => topicsFor(db, userId, { page, hiddenOnly: true }),

    async inChannel(userId: string, channelId: string, page: number): Promise<Topic[]> {
      if (!(await channelRoleOf(db, channelId, userId))) throw forbidden()
      return topicsFor(db, userId, { channelId, page })
    },

    /** Per channel the caller belongs to (the first LIST_MAX) and null for 1:1 chats: unseen topics. */
    async seenEntries(userId: string): Promise<SeenEntry[]> {
      const rows = await db
        .select({
          channelId: topics.channelId,
          unseen: sql<number>`count(*) filter (where ${topicMembers.isSeen} = 0 and ${topicMembers.hidden} = 0)`.mapWith(Number),
        })
        .from(topicMembers)
        .innerJoin(topics, eq(topics.id, topicMembers.topicId))
        .where(eq(topicMembers.userId, userId))
        .groupBy(topics.channelId)
      const channels = await db
        .select({ id: channelMembers.channelId })
        .from(channelMembers)
        .where(eq(channelMembers.userId, userId))
        .orderBy(desc(channelMembers.role), channelMembers.channelId)
        .limit(LIST_MAX)
      const byChannel = new Map(rows.map((r) => [r.channelId, r.unseen]))
      const ids: (string | null)[] = [...new Set([...channels.map((c) => c.id), null])]
      return ids.map((id) => {
        const unseen = byChannel.get(id) ?? 0
        return { channel_id: id, is_seen: unseen === 0, unseen }
      })
    },
  }
}

export type TopicService = ReturnType<typeof createTopicService>
