import { and, eq, type SQL, sql } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { publicMediaUrl, REACTION_USERS_SHOWN, type ReactionSummary } from '../../../contract'
import { customEmoji, messageReactions, topics } from '../../db/schema'

const mr = alias(messageReactions, 'mr')
const mrTopic = alias(topics, 'mr_topic')
const mrEmoji = alias(customEmoji, 'mr_emoji')

/** One emoji of a message's reactions as `reactionsColumn` reads it (its image by key). */
export interface StoredReaction {
  emoji: string
  count: number
  user_ids: string[]
  image_key: string | null
}

/**
 * The reactions of the message whose id is `messageId` (a column of the statement it goes in), as
 * one JSON column: each emoji with its count and the first REACTION_USERS_SHOWN people to react with
 * it (and `readerId` after them when they reacted later: whether the reader reacted is always known),
 * in the order the emoji came; a custom emoji with its image key while its channel still has it.
 * A page of messages selects it beside its other columns: no statement more, whatever the count
 * (each message's reactions are read through message_reactions_message_idx).
 */
export function reactionsColumn(messageId: AnyPgColumn, readerId: string): SQL<StoredReaction[]> {
  const grouped = sql`select ${mr.emoji} as emoji, count(*)::int as n,
      (array_agg(${mr.userId} order by ${mr.createdAt}, ${mr.userId}))[1:${sql.raw(String(REACTION_USERS_SHOWN))}] as first_ids,
      bool_or(${mr.userId} = ${readerId}) as mine,
      min(${mr.createdAt}) as first_at, ${mrEmoji.mediaKey} as image_key
    from ${messageReactions} as ${mr}
    left join ${topics} as ${mrTopic} on ${eq(mrTopic.id, mr.topicId)}
    left join ${customEmoji} as ${mrEmoji} on ${and(eq(mrEmoji.channelId, mrTopic.channelId), eq(sql`':' || ${mrEmoji.shortcode} || ':'`, mr.emoji))}
    where ${mr.messageId} = ${messageId}
    group by ${mr.emoji}, ${mrEmoji.mediaKey}`
  return sql<
    StoredReaction[]
  >`(select coalesce(json_agg(json_build_object('emoji', g.emoji, 'count', g.n, 'user_ids', case when g.mine and not ${readerId} = any(g.first_ids) then g.first_ids || ${readerId}::text else g.first_ids end, 'image_key', g.image_key) order by g.first_at, g.emoji), '[]'::json) from (${grouped}) g)`
}

/** The wire's summaries of what `reactionsColumn` read (an image by its public link). */
export const toReactions = (stored: StoredReaction[] | null): ReactionSummary[] =>
  (stored ?? []).map((r) => ({ emoji: r.emoji, count: r.count, user_ids: r.user_ids, image_url: publicMediaUrl(r.image_key) }))
