import { and, asc, desc, eq, inArray, isNull, ne, notExists, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  type FoundMessage,
  type MessageSearchQuery,
  SEARCH_PAGE,
  type SuperSearchQuery,
  type SuperSearchResult,
} from '../../../contract/search'
import { SUPPORT_BOT_WORKID } from '../../../contract/pages'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { channelMembers, channels, messages, topicMembers, topics, userBlocks, users } from '../../db/schema'
import { htmlToText, snippetOf } from './snippet'

/**
 * Search runs in the database: `search_fold(text)` (migration 0008: lowercase, accents removed by
 * unaccent, Đ/đ included) on both sides of a LIKE, which the pg_trgm GIN indexes on
 * search_fold(name) / search_fold(body) answer. What the caller may not see is filtered in the
 * same query: their own entry, unverified accounts, people who blocked them, the support desk, topics they are not in,
 * private channels they are not in.
 */

/** A LIKE pattern's wildcards and escape character, taken literally. */
const literal = (keyword: string) => keyword.replace(/[\\%_]/g, (c) => `\\${c}`)

const fold = (column: SQL | unknown) => sql`search_fold(${column})`

/** `text` contains / starts with the folded keyword. */
function matcher(keyword: string) {
  const needle = literal(keyword)
  return {
    contains: (column: unknown) => sql`${fold(column)} LIKE '%' || search_fold(${needle}) || '%'`,
    startsWith: (column: unknown) => sql`${fold(column)} LIKE search_fold(${needle}) || '%'`,
  }
}

export interface SearchDeps {
  /** Throws 404 for an unknown topic, 403 when `userId` is not in it (the topic module's check). */
  requireTopicMember(db: Db, topicId: string, userId: string): Promise<unknown>
}

const partners = alias(topicMembers, 'partner')
const partnerUsers = alias(users, 'partner_user')

export function createSearchService(ctx: AppContext, deps: SearchDeps) {
  const { db } = ctx

  return {
    /** GET super-search: page `page` of each list, ranked exact workid, then name prefix, then contains. */
    async superSearch(userId: string, { keyword, page }: SuperSearchQuery): Promise<SuperSearchResult> {
      const match = matcher(keyword)
      const offset = (page - 1) * SEARCH_PAGE
      const lowerKeyword = keyword.toLowerCase()

      const personRank = sql<number>`CASE WHEN lower(${users.workid}) = ${lowerKeyword} THEN 0 WHEN ${match.startsWith(users.name)} THEN 1 ELSE 2 END`
      const people = db
        .select({
          _id: users.id,
          name: users.name,
          workid: users.workid,
          photo_url: users.photoUrl,
        })
        .from(users)
        .where(
          and(
            or(match.contains(users.name), sql`lower(${users.workid}) LIKE '%' || ${literal(lowerKeyword)} || '%'`),
            ne(users.id, userId),
            // Only verified accounts: without owning an address no one can pose as someone to be found.
            eq(users.emailVerified, 1),
            // The support desk is reached through the support chat, never found (a look-alike cannot sit beside it).
            ne(users.workid, SUPPORT_BOT_WORKID),
            notExists(
              db
                .select({ one: sql`1` })
                .from(userBlocks)
                .where(and(eq(userBlocks.blockerId, users.id), eq(userBlocks.blockedId, userId))),
            ),
          ),
        )
        .orderBy(personRank, fold(users.name), asc(users.id))
        .limit(SEARCH_PAGE)
        .offset(offset)

      const nameRank = (column: unknown) => sql`CASE WHEN ${match.startsWith(column)} THEN 1 ELSE 2 END`
      const groups = db
        .select({
          _id: topics.id,
          name: topics.name,
          image: topics.image,
          channel_id: topics.channelId,
        })
        .from(topics)
        .innerJoin(topicMembers, and(eq(topicMembers.topicId, topics.id), eq(topicMembers.userId, userId)))
        .where(and(eq(topics.isGroup, 1), match.contains(topics.name)))
        .orderBy(nameRank(topics.name), fold(topics.name), asc(topics.id))
        .limit(SEARCH_PAGE)
        .offset(offset)

      const channelList = db
        .select({
          _id: channels.id,
          name: channels.name,
          image: channels.image,
          isPublic: channels.isPublic,
          member: channelMembers.userId,
        })
        .from(channels)
        .leftJoin(channelMembers, and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)))
        .where(and(match.contains(channels.name), or(eq(channels.isPublic, 1), eq(channelMembers.userId, userId))))
        .orderBy(nameRank(channels.name), fold(channels.name), asc(channels.id))
        .limit(SEARCH_PAGE)
        .offset(offset)

      const [customer, topic, channel] = await Promise.all([people, groups, channelList])
      return {
        customer,
        topic,
        channel: channel.map((c) => ({
          _id: c._id,
          name: c.name,
          image: c.image,
          is_public: c.isPublic === 1,
          is_member: c.member !== null,
        })),
      }
    },

    /** GET message/search: the caller's topics' messages containing the keyword, newest first. */
    async messages(userId: string, { keyword, page, topic_id }: MessageSearchQuery): Promise<FoundMessage[]> {
      if (topic_id !== undefined) await deps.requireTopicMember(db, topic_id, userId)
      const match = matcher(keyword)
      const rows = await db
        .select({
          id: messages.id,
          topicId: messages.topicId,
          seq: messages.seq,
          threadRootId: messages.threadRootId,
          threadInChat: messages.threadInChat,
          type: messages.type,
          body: messages.body,
          createdAt: messages.createdAt,
          topicName: topics.name,
          isGroup: topics.isGroup,
          sender: {
            _id: users.id,
            name: users.name,
            workid: users.workid,
            photo_url: users.photoUrl,
          },
          partnerName: partnerUsers.name,
        })
        .from(messages)
        .innerJoin(topicMembers, and(eq(topicMembers.topicId, messages.topicId), eq(topicMembers.userId, userId)))
        .innerJoin(topics, eq(topics.id, messages.topicId))
        .leftJoin(users, eq(users.id, messages.senderId))
        .leftJoin(partners, and(eq(partners.topicId, topics.id), eq(topics.isGroup, 0), ne(partners.userId, userId)))
        .leftJoin(partnerUsers, eq(partnerUsers.id, partners.userId))
        .where(
          and(
            isNull(messages.deletedAt),
            // A poll (type vote) is found by its question, its message's text.
            inArray(messages.type, ['text', 'html', 'vote']),
            match.contains(messages.body),
            // In an html message, the words only: not its tags or attributes.
            or(ne(messages.type, 'html'), match.contains(sql`regexp_replace(${messages.body}, '<[^>]*>', ' ', 'g')`)),
            topic_id === undefined ? undefined : eq(messages.topicId, topic_id),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(SEARCH_PAGE)
        .offset((page - 1) * SEARCH_PAGE)
      return rows.map((row) => {
        const text = row.type === 'html' ? htmlToText(row.body) : row.body
        return {
          _id: row.id,
          topic_id: row.topicId,
          topic_name: row.isGroup === 1 ? row.topicName : '',
          partner_name: row.isGroup === 1 ? null : row.partnerName,
          seq: row.seq,
          thread_root_id: row.threadInChat === 1 ? null : row.threadRootId,
          sender: row.sender?._id ? row.sender : null,
          ...snippetOf(text, keyword),
          created_at: row.createdAt.toISOString(),
        }
      })
    },
  }
}

export type SearchService = ReturnType<typeof createSearchService>
