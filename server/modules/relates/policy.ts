import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client'
import { friendships, topicMembers, userBlocks, users } from '../../db/schema'

/**
 * The rules of who may reach whom (spec section 6): a person who blocked you cannot be messaged,
 * called or invited by you; a person who lets only friends message, call or add them refuses a
 * stranger. Read-only: the service writes friendships and user_blocks.
 */

/** Why a call is refused: `blocked` (the other person blocked the caller) or `friendsOnly` (their privacy setting). */
export type Refusal = 'blocked' | 'friendsOnly'
export type Decision = { allowed: true } | { allowed: false; reason: Refusal }

export const ALLOWED: Decision = { allowed: true }

/** The friendships key of a pair: the lower id first (JavaScript string order); every write uses it. */
export function pairOf(a: string, b: string): { userLow: string; userHigh: string } {
  return a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a }
}

/** The friendships row of the pair (either order). */
export const pairIs = (a: string, b: string): SQL => {
  const { userLow, userHigh } = pairOf(a, b)
  return and(eq(friendships.userLow, userLow), eq(friendships.userHigh, userHigh))!
}

/** `blocker` blocked `blocked`, as a SQL condition on ids or columns. */
export const blockedSql = (blocker: SQL | string, blocked: SQL | string) =>
  sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${blocker} and ${userBlocks.blockedId} = ${blocked})`

/** `a` and `b` are friends (accepted), as a SQL condition: both orders, never depending on the database's collation. */
const friendsSql = (a: SQL | string, b: SQL | string) =>
  sql<boolean>`exists (select 1 from ${friendships} where ${friendships.acceptedAt} is not null and ((${friendships.userLow} = ${a} and ${friendships.userHigh} = ${b}) or (${friendships.userLow} = ${b} and ${friendships.userHigh} = ${a})))`

/**
 * In a 1:1 chat, why its other member refuses `writer`'s writes: `'blocked'` (they blocked the
 * writer) or `'friendsOnly'` (they take messages from friends only and the two are not friends);
 * null when they do not, and in a group. One SQL value over the topic's columns, for the statement
 * that checks and writes in one round trip (message/send) and the topic module's writer check.
 */
export const chatRefusalSql = (topic: { id: SQL; isGroup: SQL }, writer: SQLWrapper): SQL<Refusal | null> =>
  sql`case when ${topic.isGroup} = 0 then (
      select case
        when exists (select 1 from ${userBlocks} b where b.blocker_id = o.user_id and b.blocked_id = ${writer}) then 'blocked'
        when pu.only_friend_chat = 1 and not exists (
          select 1 from ${friendships} f where f.accepted_at is not null
            and ((f.user_low = o.user_id and f.user_high = ${writer}) or (f.user_low = ${writer} and f.user_high = o.user_id))
        ) then 'friendsOnly'
      end
      from ${topicMembers} o join ${users} pu on pu.id = o.user_id
      where o.topic_id = ${topic.id} and o.user_id <> ${writer}
      limit 1
    ) end`

export interface Relation {
  id: string
  name: string
  workid: string
  photoUrl: string | null
  onlyFriendChat: number
  onlyFriendCall: number
  onlyFriendInviteTopic: number
  requesterId: string | null
  acceptedAt: Date | null
  /** The caller blocked them. */
  iBlocked: boolean
  /** They blocked the caller. */
  theyBlocked: boolean
}

/** Everything about `other` as `me` relates to them, in one query (null: no such person). */
export async function relationOf(db: Executor, me: string, other: SQL): Promise<Relation | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      workid: users.workid,
      photoUrl: users.photoUrl,
      onlyFriendChat: users.onlyFriendChat,
      onlyFriendCall: users.onlyFriendCall,
      onlyFriendInviteTopic: users.onlyFriendInviteTopic,
      requesterId: friendships.requesterId,
      acceptedAt: friendships.acceptedAt,
      iBlocked: blockedSql(me, sql`${users.id}`),
      theyBlocked: blockedSql(sql`${users.id}`, me),
    })
    .from(users)
    .leftJoin(
      friendships,
      or(
        and(eq(friendships.userLow, me), eq(friendships.userHigh, users.id)),
        and(eq(friendships.userHigh, me), eq(friendships.userLow, users.id)),
      ),
    )
    .where(other)
    .limit(1)
  return row ?? null
}

const isFriend = (relation: Relation) => relation.acceptedAt !== null

/** May `caller` open a 1:1 chat with, or write to, the person (who blocked them: no; friends only: friends). */
export function chatDecision(relation: Relation): Decision {
  if (relation.theyBlocked) return { allowed: false, reason: 'blocked' }
  if (relation.onlyFriendChat === 1 && !isFriend(relation)) return { allowed: false, reason: 'friendsOnly' }
  return ALLOWED
}

/** May `caller` call the person. */
export function callDecision(relation: Relation): Decision {
  if (relation.theyBlocked) return { allowed: false, reason: 'blocked' }
  if (relation.onlyFriendCall === 1 && !isFriend(relation)) return { allowed: false, reason: 'friendsOnly' }
  return ALLOWED
}

/**
 * Which of `inviteeIds` refuse to be added to a group by `inviterId`: those who blocked the inviter
 * (reason blocked) and those who let only friends add them and are not the inviter's friend.
 */
export async function inviteRefusals(db: Db, inviterId: string, inviteeIds: readonly string[]): Promise<Map<string, Refusal>> {
  const refusals = new Map<string, Refusal>()
  const ids = [...new Set(inviteeIds)].filter((id) => id !== inviterId)
  if (!ids.length) return refusals
  const rows = await db
    .select({
      id: users.id,
      onlyFriendInviteTopic: users.onlyFriendInviteTopic,
      blocked: blockedSql(sql`${users.id}`, inviterId),
      friend: friendsSql(sql`${users.id}`, inviterId),
    })
    .from(users)
    .where(inArray(users.id, ids))
  for (const row of rows) {
    if (row.blocked) refusals.set(row.id, 'blocked')
    else if (row.onlyFriendInviteTopic === 1 && !row.friend) refusals.set(row.id, 'friendsOnly')
  }
  return refusals
}

/**
 * The accepted friendships of `me`, as a condition joining the friend's users row. `archived`:
 * true keeps only the friends `me` archived, false only the others; left out, every friend (an
 * archive mark is `me`'s own view: the pickers and the privacy rules see all friends).
 */
export const friendOf = (me: string, archived?: boolean) => {
  const marked = (column: typeof friendships.archivedByLow) =>
    archived === undefined ? undefined : archived ? isNotNull(column) : isNull(column)
  return and(
    isNotNull(friendships.acceptedAt),
    or(
      and(eq(friendships.userLow, me), eq(users.id, friendships.userHigh), marked(friendships.archivedByLow)),
      and(eq(friendships.userHigh, me), eq(users.id, friendships.userLow), marked(friendships.archivedByHigh)),
    ),
  )
}

/** When `me` archived the friendship of the row (their side's mark), for ordering the archived list. */
export const archivedAtOf = (me: string): SQL<Date | null> =>
  sql`case when ${friendships.userLow} = ${me} then ${friendships.archivedByLow} else ${friendships.archivedByHigh} end`
