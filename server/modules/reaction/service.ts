import { and, asc, count, eq, sql } from 'drizzle-orm'
import {
  CUSTOM_EMOJI_MAX,
  CUSTOM_EMOJI_MAX_BYTES,
  type CustomEmoji,
  type CustomEmojiQuery,
  customEmojiCreateBody,
  type MessageReactions,
  publicMediaUrl,
  REACTION_EMOJI_MAX,
  REACTION_LIST_MAX,
  type ReactionPeople,
  ROLES,
  reactionBody,
  shortcodeOf,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import {
  channelMembers,
  channels,
  customEmoji,
  type CustomEmojiRow,
  media,
  messageReactions,
  messages,
  topics,
  users,
} from '../../db/schema'
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors'
import { requireTopicMember, requireTopicWriter } from '../topic'
import { reactionsColumn, toReactions } from './summary'

type ReactionInput = ReturnType<typeof reactionBody.parse>
type CustomEmojiInput = ReturnType<typeof customEmojiCreateBody.parse>

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION
}

const toCustomEmoji = (row: CustomEmojiRow): CustomEmoji => ({
  _id: row.id,
  channel_id: row.channelId,
  shortcode: row.shortcode,
  image_url: publicMediaUrl(row.mediaKey)!,
  created_at: row.createdAt.toISOString(),
})

/**
 * Reactions (reaction/*) and a channel's custom emoji (emoji/*): the only writer of
 * `message_reactions` and `custom_emoji`.
 *
 * Who may react: a member of the message's topic; in a 1:1 chat also one the other person does not
 * refuse (blocked, or friends only), as for sending. A reaction is once per (message, person, emoji):
 * adding it again or taking back one that is not there changes nothing and tells nobody. Adding runs
 * in a transaction that first locks the message's row, so the reactions of one message change one
 * after another and never pass REACTION_EMOJI_MAX different emoji. Each change is told to the topic's
 * sockets on every node as MESSAGE_REACTED (the same for everyone, with the change that made it: a
 * reader past the first people `user_ids` names keeps their own reaction by it, see reactionsSeenBy).
 */
export function createReactionService(ctx: AppContext) {
  const { db, realtime } = ctx

  /** CUSTOM_EMOJI_CHANGED to the rooms of the channel's chats (every node), after an add or a delete. */
  async function tellChannel(channelId: string) {
    const rows = await db.select({ id: topics.id }).from(topics).where(eq(topics.channelId, channelId))
    if (rows.length) realtime.toRooms({ topicIds: rows.map((r) => r.id) }, 'CUSTOM_EMOJI_CHANGED', { channel_id: channelId })
  }

  /** The message, once the caller may react to it: 404 unknown, 403 not in its topic or refused in a 1:1 chat. */
  async function reactable(userId: string, messageId: string) {
    const [row] = await db
      .select({ id: messages.id, topicId: messages.topicId, deletedAt: messages.deletedAt })
      .from(messages)
      .where(eq(messages.id, messageId))
      .limit(1)
    if (!row) throw notFound()
    const access = await requireTopicMember(db, row.topicId, userId)
    // A group's send_message setting does not stop reactions; a 1:1 partner's refusal does.
    if (access.topic.isGroup !== 1) await requireTopicWriter(db, row.topicId, userId)
    return { row, channelId: access.topic.channelId }
  }

  /** The message's reactions now as the user who changed them reads them, and MESSAGE_REACTED with the change to its topic when they changed. */
  async function answer(
    messageId: string,
    topicId: string,
    change: NonNullable<MessageReactions['change']>,
    changed: boolean,
  ): Promise<MessageReactions> {
    const out = { message_id: messageId, topic_id: topicId, reactions: await reactionsOf(messageId, change.user_id), change }
    if (changed) realtime.toTopic(topicId, 'MESSAGE_REACTED', out)
    return out
  }

  /** A message's reactions now, as `readerId` reads them. */
  async function reactionsOf(messageId: string, readerId: string) {
    const [row] = await db
      .select({ reactions: reactionsColumn(messages.id, readerId) })
      .from(messages)
      .where(eq(messages.id, messageId))
    return toReactions(row?.reactions ?? [])
  }

  /** 400 on `emoji` unless a `:shortcode:` names a custom emoji of the channel (a real emoji passes). */
  async function requireKnownEmoji(on: Executor, emoji: string, channelId: string | null) {
    const shortcode = shortcodeOf(emoji)
    if (shortcode === null) return
    const [known] = channelId
      ? await on
          .select({ id: customEmoji.id })
          .from(customEmoji)
          .where(and(eq(customEmoji.channelId, channelId), eq(customEmoji.shortcode, shortcode)))
          .limit(1)
      : []
    if (!known) throw badRequest('reactionUnknownEmoji', 'emoji')
  }

  /** The caller's role in the channel: 404 unknown channel, 403 not a member (or below `min`). */
  async function requireChannelRole(channelId: string, userId: string, min: number): Promise<number> {
    const [row] = await db
      .select({ id: channels.id, role: channelMembers.role })
      .from(channels)
      .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)))
      .where(eq(channels.id, channelId))
      .limit(1)
    if (!row) throw notFound()
    if ((row.role ?? 0) < min) throw forbidden()
    return row.role!
  }

  return {
    async add(userId: string, body: ReactionInput): Promise<MessageReactions> {
      const { row, channelId } = await reactable(userId, body.message_id)
      if (row.deletedAt) throw badRequest('reactionDeletedMessage', 'message_id')
      const added = await db.transaction(async (tx) => {
        const [locked] = await tx.select({ deletedAt: messages.deletedAt }).from(messages).where(eq(messages.id, row.id)).for('update')
        if (!locked) throw notFound()
        if (locked.deletedAt) throw badRequest('reactionDeletedMessage', 'message_id')
        const [{ distinct, here }] = (await tx
          .select({
            distinct: sql<number>`count(distinct ${messageReactions.emoji})::int`,
            here: sql<number>`count(*) filter (where ${messageReactions.emoji} = ${body.emoji})::int`,
          })
          .from(messageReactions)
          .where(eq(messageReactions.messageId, row.id))) as [{ distinct: number; here: number }]
        // An emoji already there takes more people (a custom one even after its channel deleted it).
        if (here === 0) {
          if (distinct >= REACTION_EMOJI_MAX) throw badRequest('reactionsFull', 'emoji')
          await requireKnownEmoji(tx, body.emoji, channelId)
        }
        const inserted = await tx
          .insert(messageReactions)
          .values({ messageId: row.id, topicId: row.topicId, userId, emoji: body.emoji })
          .onConflictDoNothing()
          .returning({ emoji: messageReactions.emoji })
        return inserted.length > 0
      })
      return answer(row.id, row.topicId, { user_id: userId, emoji: body.emoji, added: true }, added)
    },

    async remove(userId: string, body: ReactionInput): Promise<MessageReactions> {
      const { row } = await reactable(userId, body.message_id)
      const removed = await db
        .delete(messageReactions)
        .where(and(eq(messageReactions.messageId, row.id), eq(messageReactions.userId, userId), eq(messageReactions.emoji, body.emoji)))
        .returning({ emoji: messageReactions.emoji })
      return answer(row.id, row.topicId, { user_id: userId, emoji: body.emoji, added: false }, removed.length > 0)
    },

    /** Who reacted with what, in the order the emoji came (at most REACTION_LIST_MAX people each): members of the message's topic. */
    async list(userId: string, messageId: string): Promise<ReactionPeople[]> {
      const [row] = await db.select({ topicId: messages.topicId }).from(messages).where(eq(messages.id, messageId)).limit(1)
      if (!row) throw notFound()
      await requireTopicMember(db, row.topicId, userId)
      const summaries = await reactionsOf(messageId, userId)
      const people = await db
        .select({ emoji: messageReactions.emoji, id: users.id, name: users.name, photoUrl: users.photoUrl })
        .from(messageReactions)
        .innerJoin(users, eq(users.id, messageReactions.userId))
        .where(eq(messageReactions.messageId, messageId))
        .orderBy(asc(messageReactions.createdAt), asc(messageReactions.userId))
        .limit(REACTION_LIST_MAX * REACTION_EMOJI_MAX)
      return summaries.map((s) => ({
        emoji: s.emoji,
        count: s.count,
        image_url: s.image_url,
        users: people
          .filter((p) => p.emoji === s.emoji)
          .slice(0, REACTION_LIST_MAX)
          .map((p) => ({ _id: p.id, name: p.name, photo_url: p.photoUrl })),
      }))
    },

    /** A channel's custom emoji (its members), or a chat's channel's (the chat's members; none in a 1:1 chat). */
    async customList(userId: string, query: CustomEmojiQuery): Promise<CustomEmoji[]> {
      let channelId: string | null
      if (query.topic_id) channelId = (await requireTopicMember(db, query.topic_id, userId)).topic.channelId
      else {
        channelId = query.channel_id!
        await requireChannelRole(channelId, userId, ROLES.member)
      }
      if (!channelId) return []
      const rows = await db
        .select()
        .from(customEmoji)
        .where(eq(customEmoji.channelId, channelId))
        .orderBy(asc(customEmoji.shortcode))
        .limit(CUSTOM_EMOJI_MAX)
      return rows.map(toCustomEmoji)
    },

    /** A channel admin adds their own public image upload (at most CUSTOM_EMOJI_MAX_BYTES) under a shortcode the channel does not have. */
    async createCustom(userId: string, body: CustomEmojiInput): Promise<CustomEmoji> {
      await requireChannelRole(body.channel_id, userId, ROLES.admin)
      const [file] = await db
        .select({ key: media.key, ownerId: media.ownerId, acl: media.acl, kind: media.kind, size: media.size })
        .from(media)
        .where(eq(media.id, body.media_id))
        .limit(1)
      if (!file || file.ownerId !== userId || file.acl !== 'public') throw badRequest('invalidInput', 'media_id')
      if (file.kind !== 'image' || file.size > CUSTOM_EMOJI_MAX_BYTES) throw badRequest('emojiNotImage', 'media_id')
      try {
        const made = await db.transaction(async (tx) => {
          // One channel's emoji are added one at a time: the count below holds until the insert.
          await tx.select({ id: channels.id }).from(channels).where(eq(channels.id, body.channel_id)).for('update')
          const [{ n }] = (await tx.select({ n: count() }).from(customEmoji).where(eq(customEmoji.channelId, body.channel_id))) as [
            { n: number },
          ]
          if (n >= CUSTOM_EMOJI_MAX) throw new HttpError(409, 'emojiChannelFull')
          const [row] = await tx
            .insert(customEmoji)
            .values({ channelId: body.channel_id, shortcode: body.shortcode, mediaKey: file.key, createdBy: userId })
            .returning()
          return toCustomEmoji(row!)
        })
        await tellChannel(body.channel_id)
        return made
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('emojiShortcodeTaken', 'shortcode')
        throw err
      }
    },

    /** A channel admin deletes one; reactions with it stay, shown by their shortcode. */
    async deleteCustom(userId: string, emojiId: string): Promise<void> {
      const [row] = await db.select({ channelId: customEmoji.channelId }).from(customEmoji).where(eq(customEmoji.id, emojiId)).limit(1)
      if (!row) throw notFound()
      await requireChannelRole(row.channelId, userId, ROLES.admin)
      await db.delete(customEmoji).where(eq(customEmoji.id, emojiId))
      await tellChannel(row.channelId)
    },
  }
}

export type ReactionService = ReturnType<typeof createReactionService>
