import { and, count, desc, eq, gte, ilike, or, sql } from 'drizzle-orm'
import {
  type Channel,
  type ChannelCreateBody,
  type ChannelInfo,
  type ChannelJoinBody,
  type ChannelLeaveBody,
  type ChannelMemberRemoveBody,
  type ChannelPage,
  channelQuota,
  type ChannelRoleBody,
  DEFAULT_ROLE,
  type Label,
  type LabelCreateBody,
  mayChangeRole,
  mayLeaveChannel,
  mayRemoveMember,
  type Language,
  LIST_MAX,
  PAGE_SIZE,
  ROLES,
  type Suggestion,
  publicMediaUrl,
} from '../../../contract'
import { descriptionWriter } from '../../ai/description-writer'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { type ChannelRow, channelMembers, channels, labels, topics, users } from '../../db/schema'
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../http/errors'
import { sanitizeRichText } from '../../http/sanitize'
import { checkPassword, hashPassword } from '../../auth/passwords'
import { ownPublicMediaKey } from '../media'
import type { CustomerService } from '../customer'
import type { TopicService } from '../topic'

const PRESET_BANNERS = new Set(['sme', 'edu'])

function toChannel(row: ChannelRow, membersCount: number, role: number | null): Channel {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    image: publicMediaUrl(row.image),
    banner: row.banner && PRESET_BANNERS.has(row.banner) ? row.banner : publicMediaUrl(row.banner),
    is_public: row.isPublic === 1,
    use_for: (row.useFor as Channel['use_for']) ?? null,
    referral_link: row.referralLink,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    members_count: membersCount,
    role: role ?? DEFAULT_ROLE,
  }
}

const membersCount = sql<number>`(select count(*) from ${channelMembers} as counted where counted.channel_id = ${channels.id})`.mapWith(
  Number,
)

/** The first key of the advisory lock a channel create holds per user (the second is the user id's hash). */
const CHANNEL_QUOTA_LOCK = 727_274_002

/** 400 channelLimit when the user already administers as many channels as their plan allows. */
async function requireChannelRoom(db: Executor, userId: string) {
  const [me] = await db.select({ plan: users.package }).from(users).where(eq(users.id, userId)).limit(1)
  if (!me) throw unauthorized()
  const [administered] = await db
    .select({ n: count() })
    .from(channelMembers)
    .where(and(eq(channelMembers.userId, userId), gte(channelMembers.role, ROLES.admin)))
  const limit = channelQuota(me.plan)
  if (Number(administered?.n ?? 0) >= limit) throw new HttpError(400, 'channelLimit', undefined, { limit })
}

/**
 * Channels: creation within the plan's quota, public search and pages, joining (a private channel
 * needs its password), members and their roles, labels, and the description writer.
 */
export function createChannelService(
  ctx: AppContext,
  { topics: topicsService, customers }: { topics: TopicService; customers: CustomerService },
) {
  const { db } = ctx
  const writer = descriptionWriter(ctx.config)

  async function load(channelId: string, userId: string | null) {
    const [row] = await db
      .select({ channel: channels, count: membersCount, role: channelMembers.role })
      .from(channels)
      .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId ?? '')))
      .where(eq(channels.id, channelId))
      .limit(1)
    if (!row) throw notFound()
    return row
  }

  async function requireRole(channelId: string, userId: string, min: number) {
    const row = await load(channelId, userId)
    if ((row.role ?? 0) < min) throw forbidden()
    return row
  }

  /**
   * Ends a channel membership and every group membership of it in one transaction (404 when it is
   * already gone), and no longer the person's current channel; then their sockets, on every node,
   * leave those groups' rooms, and OUT_CHANNEL tells their open tabs to drop the groups.
   */
  async function endMembership(channelId: string, userId: string): Promise<void> {
    const topicIds = await db.transaction(async (tx) => {
      const ended = await tx
        .delete(channelMembers)
        .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
        .returning({ id: channelMembers.userId })
      if (!ended.length) throw notFound()
      await customers.forgetCurrentChannel(tx, userId, channelId)
      return topicsService.leaveChannelGroups(tx, channelId, userId)
    })
    ctx.realtime.leaveTopics([userId], topicIds)
    ctx.realtime.toUser(userId, 'OUT_CHANNEL', { channel_id: channelId, topic_ids: topicIds })
  }

  return {
    /**
     * The creator becomes owner and lands in the channel's General group; it becomes their current
     * channel. The plan's quota is counted again inside the transaction that inserts, under a lock per
     * user, so parallel creates cannot each see room for one more.
     */
    async create(userId: string, body: ChannelCreateBody): Promise<Channel> {
      await requireChannelRoom(db, userId)
      const image = body.file_id ? await ownPublicMediaKey(db, userId, body.file_id, 'file_id') : null
      const banner = body.banner
        ? PRESET_BANNERS.has(body.banner)
          ? body.banner
          : await ownPublicMediaKey(db, userId, body.banner, 'banner')
        : null
      const passwordHash = body.is_public ? null : await hashPassword(body.password!)
      const { channelId, topicId } = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CHANNEL_QUOTA_LOCK}::int, hashtext(${userId}))`)
        await requireChannelRoom(tx, userId)
        const [created] = await tx
          .insert(channels)
          .values({
            name: body.name,
            description: sanitizeRichText(body.description),
            image,
            banner,
            isPublic: body.is_public ? 1 : 0,
            passwordHash,
            useFor: body.use_for ?? null,
            referralLink: body.referral_link || null,
            createdBy: userId,
          })
          .returning({ id: channels.id })
        const id = created!.id
        await tx.insert(channelMembers).values({ channelId: id, userId, role: ROLES.owner })
        const topicId = await topicsService.createGeneral(tx, id, userId)
        await customers.recordCurrentChannel(tx, userId, id)
        return { channelId: id, topicId }
      })
      ctx.realtime.joinTopic([userId], topicId)
      await topicsService.announce(topicId, [userId], 'added')
      const row = await load(channelId, userId)
      return toChannel(row.channel, row.count, row.role)
    },

    /** Public channels by name, or by exact id or referral link. */
    async search(userId: string, keyword: string, page: number): Promise<Channel[]> {
      const match = keyword
        ? or(
            ilike(channels.name, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
            eq(channels.id, keyword),
            eq(channels.referralLink, keyword),
          )
        : undefined
      const rows = await db
        .select({ channel: channels, count: membersCount, role: channelMembers.role })
        .from(channels)
        .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)))
        .where(and(eq(channels.isPublic, 1), match))
        .orderBy(desc(channels.createdAt))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
      return rows.map((r) => toChannel(r.channel, r.count, r.role))
    },

    async mine(userId: string): Promise<Channel[]> {
      const rows = await db
        .select({ channel: channels, count: membersCount, role: channelMembers.role })
        .from(channelMembers)
        .innerJoin(channels, eq(channels.id, channelMembers.channelId))
        .where(eq(channelMembers.userId, userId))
        .orderBy(desc(channelMembers.role), channels.name, channels.id)
        .limit(LIST_MAX)
      return rows.map((r) => toChannel(r.channel, r.count, r.role))
    },

    /** Anyone sees the card; members also see the roles of the first LIST_MAX members, owner and admins first. */
    async info(channelId: string, userId: string | null): Promise<ChannelInfo> {
      const row = await load(channelId, userId)
      const isMember = row.role !== null
      const roles = isMember
        ? Object.fromEntries(
            (
              await db
                .select({ id: channelMembers.userId, role: channelMembers.role })
                .from(channelMembers)
                .where(eq(channelMembers.channelId, channelId))
                .orderBy(desc(channelMembers.role), channelMembers.userId)
                .limit(LIST_MAX)
            ).map((r) => [r.id, r.role]),
          )
        : {}
      const [topicCount] = await db
        .select({ n: count() })
        .from(topics)
        .where(and(eq(topics.channelId, channelId), eq(topics.isGroup, 1)))
      return { ...toChannel(row.channel, row.count, row.role), roles, topics: Number(topicCount?.n ?? 0) }
    },

    async page(userId: string, channelId: string, page: number): Promise<ChannelPage> {
      const row = await requireRole(channelId, userId, ROLES.member)
      const customers = await db
        .select({ _id: users.id, name: users.name, workid: users.workid, photo_url: users.photoUrl, role: channelMembers.role })
        .from(channelMembers)
        .innerJoin(users, eq(users.id, channelMembers.userId))
        .where(eq(channelMembers.channelId, channelId))
        .orderBy(desc(channelMembers.role), users.name, users.id)
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
      return { channel: toChannel(row.channel, row.count, row.role), customers }
    },

    /** A public channel takes anyone; a private one its password. New members join the channel's first group, in the same transaction. */
    async join(userId: string, body: ChannelJoinBody): Promise<Channel> {
      const row = await load(body.channel_id, userId)
      if (row.role !== null) return toChannel(row.channel, row.count, row.role)
      if (row.channel.isPublic !== 1 && !(await checkPassword(row.channel.passwordHash ?? undefined, body.password ?? '')))
        throw badRequest('channelPasswordIncorrect', 'password')
      const groupId = await db.transaction(async (tx) => {
        await tx.insert(channelMembers).values({ channelId: body.channel_id, userId, role: ROLES.member }).onConflictDoNothing()
        return topicsService.joinFirstGroup(tx, body.channel_id, userId)
      })
      if (groupId) {
        ctx.realtime.joinTopic([userId], groupId)
        await topicsService.announce(groupId, [userId], 'added')
      }
      const joined = await load(body.channel_id, userId)
      return toChannel(joined.channel, joined.count, joined.role)
    },

    /** Owner or admin; never the owner's role, never one's own. */
    async setRole(userId: string, body: ChannelRoleBody): Promise<ChannelPage['customers'][number]> {
      const me = await requireRole(body.channel_id, userId, ROLES.admin)
      const target = await load(body.channel_id, body.customer_id)
      if (target.role === null && body.customer_id !== userId) throw notFound()
      if (!mayChangeRole(me.role ?? 0, { _id: body.customer_id, role: target.role ?? 0 }, userId)) throw forbidden()
      await db
        .update(channelMembers)
        .set({ role: body.role })
        .where(and(eq(channelMembers.channelId, body.channel_id), eq(channelMembers.userId, body.customer_id)))
      const [member] = await db
        .select({ _id: users.id, name: users.name, workid: users.workid, photo_url: users.photoUrl, role: channelMembers.role })
        .from(channelMembers)
        .innerJoin(users, eq(users.id, channelMembers.userId))
        .where(and(eq(channelMembers.channelId, body.channel_id), eq(channelMembers.userId, body.customer_id)))
      return member!
    },

    /** The owner removes anyone else; an admin removes members only (mayRemoveMember). Someone not in the channel: 404. */
    async removeMember(userId: string, body: ChannelMemberRemoveBody): Promise<void> {
      const me = await requireRole(body.channel_id, userId, ROLES.member)
      const target = await load(body.channel_id, body.customer_id)
      if (target.role === null) throw notFound()
      if (!mayRemoveMember(me.role ?? 0, { _id: body.customer_id, role: target.role }, userId)) throw forbidden()
      await endMembership(body.channel_id, body.customer_id)
    },

    /** Any member leaves, except the owner (403 ownerCannotLeave: ownership does not move). */
    async leave(userId: string, body: ChannelLeaveBody): Promise<void> {
      const me = await requireRole(body.channel_id, userId, ROLES.member)
      if (!mayLeaveChannel(me.role ?? 0)) throw new HttpError(403, 'ownerCannotLeave')
      await endMembership(body.channel_id, userId)
    },

    async labels(userId: string, channelId: string): Promise<Label[]> {
      await requireRole(channelId, userId, ROLES.member)
      const rows = await db.select().from(labels).where(eq(labels.channelId, channelId)).orderBy(labels.name, labels.id).limit(LIST_MAX)
      return rows.map((r) => ({ _id: r.id, channel_id: r.channelId, name: r.name, color: r.color }))
    },

    async addLabel(userId: string, body: LabelCreateBody): Promise<Label> {
      await requireRole(body.channel_id, userId, ROLES.admin)
      const [row] = await db.insert(labels).values({ channelId: body.channel_id, name: body.name, color: body.color }).returning()
      return { _id: row!.id, channel_id: row!.channelId, name: row!.name, color: row!.color }
    },

    async removeLabel(userId: string, labelId: string): Promise<void> {
      const [row] = await db.select({ channelId: labels.channelId }).from(labels).where(eq(labels.id, labelId)).limit(1)
      if (!row) throw notFound()
      await requireRole(row.channelId, userId, ROLES.admin)
      await db.delete(labels).where(eq(labels.id, labelId))
    },

    suggestDescription: (description: string, language: Language): Promise<Suggestion> => writer.write(description, language),
  }
}

export type ChannelService = ReturnType<typeof createChannelService>
