import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { type ArchiveState, type ContactItem, LIST_MAX, PAGE_SIZE, type Person, type PersonQuery, SOCKET_EVENTS } from '../../../contract'
import type { AppContext } from '../../context'
import { friendships, userBlocks, users } from '../../db/schema'
import { badRequest, HttpError, notFound } from '../../http/errors'
import type { NotifyService } from '../notify'
import {
  archivedAtOf,
  callDecision,
  chatDecision,
  type Decision,
  friendOf,
  inviteRefusals,
  pairIs,
  pairOf,
  type Relation,
  relationOf,
} from './policy'

const contactColumns = { _id: users.id, name: users.name, workid: users.workid, photo_url: users.photoUrl }

/** `me` is the pair's lower id: their archive mark is archivedByLow. */
const isLow = (me: string, other: string) => pairOf(me, other).userLow === me
/** `me`'s archive mark of the pair with `other`. */
const mySide = (me: string, other: string) => (isLow(me, other) ? friendships.archivedByLow : friendships.archivedByHigh)

/** A person as `me` sees them (contract/relates.ts: friend_status 0 stranger, 1 I asked, 3 friend). */
function toPerson(me: string, r: Relation): Person {
  const pending = r.requesterId !== null && r.acceptedAt === null
  return {
    _id: r.id,
    name: r.name,
    workid: r.workid,
    photo_url: r.photoUrl,
    friend_status: r.acceptedAt !== null ? 3 : pending && r.requesterId === me ? 1 : 0,
    incoming: pending && r.requesterId !== me,
    blocked: r.iBlocked,
    only_friends_message: r.onlyFriendChat === 1,
  }
}

/** The 403 a refusal answers with: the message says what the caller can do, and nothing more. */
export function refusalError(decision: Decision, kind: 'chat' | 'call' | 'invite'): HttpError | null {
  if (decision.allowed) return null
  if (decision.reason === 'blocked') return new HttpError(403, 'blockedByPerson')
  return new HttpError(403, kind === 'chat' ? 'friendsOnlyChat' : kind === 'call' ? 'friendsOnlyCall' : 'friendsOnlyInvite')
}

/**
 * Friends and blocking: the only writer of friendships (one row per pair) and user_blocks, and the
 * privacy policy the chat, topic and (later) call modules ask: mayChat, mayCall, requireMayInvite.
 * Every write is idempotent (asking, accepting, rejecting, unfriending, blocking, archiving twice
 * changes nothing the second time), and a request crossing the other person's answers theirs. An
 * archive mark is one side's (friendships.archivedByLow / archivedByHigh) and goes with the row when
 * the friendship ends (unfriend, block).
 */
export function createRelatesService(ctx: AppContext, { notify }: { notify: NotifyService }) {
  const { db, realtime } = ctx
  /** After an archive or unarchive: the caller's other tabs and devices (every socket, every node) load their contact lists again. */
  const contactsChanged = (me: string) => realtime.toUser(me, SOCKET_EVENTS.SETTINGS_CHANGED, { area: 'contacts' })
  /** After a request, answer, unfriend or block: both people's open contact lists load again (friends, requests, blocked). */
  const bothChanged = (me: string, customerId: string) => {
    contactsChanged(me)
    contactsChanged(customerId)
  }

  /** The other person (404 when unknown, 400 when it is the caller). */
  async function other(me: string, customerId: string): Promise<Relation> {
    if (customerId === me) throw badRequest('relateSelf', 'customer_id')
    const relation = await relationOf(db, me, eq(users.id, customerId))
    if (!relation) throw notFound()
    return relation
  }

  async function current(me: string, customerId: string): Promise<Person> {
    return toPerson(me, (await relationOf(db, me, eq(users.id, customerId)))!)
  }

  async function nameOf(userId: string): Promise<string> {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1)
    return row?.name ?? ''
  }

  /** The incoming request is accepted: tell the requester; the accepter's request item stays, now saying they are friends. */
  async function accepted(accepterId: string, requesterId: string) {
    await notify.markFriendRequestAccepted(accepterId, requesterId)
    const name = await nameOf(accepterId)
    await notify.notify(requesterId, {
      type: 'friend',
      actorId: accepterId,
      notifiableId: accepterId,
      friendStatus: 3,
      message: `${name} accepted your friend request`,
      messageJson: { key: 'friend_accepted', value: { title: name } },
    })
  }

  /** Accepts `requesterId`'s pending request to `me`; true when this call accepted it. */
  async function acceptPending(me: string, requesterId: string): Promise<boolean> {
    const rows = await db
      .update(friendships)
      .set({ acceptedAt: new Date() })
      .where(and(pairIs(me, requesterId), eq(friendships.requesterId, requesterId), isNull(friendships.acceptedAt)))
      .returning({ at: friendships.acceptedAt })
    return rows.length > 0
  }

  async function page(
    where: SQL | undefined,
    from: 'friends' | 'archived' | 'requests' | 'blocks',
    me: string,
    pageNo: number,
    size = PAGE_SIZE,
  ): Promise<ContactItem[]> {
    const offset = (pageNo - 1) * size
    if (from === 'blocks')
      return db
        .select(contactColumns)
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, me))
        .orderBy(desc(userBlocks.createdAt), asc(users.id))
        .limit(size)
        .offset(offset)
    const order =
      from === 'friends'
        ? [asc(users.name), asc(users.id)]
        : from === 'archived'
          ? [desc(archivedAtOf(me)), asc(users.id)]
          : [desc(friendships.createdAt), asc(users.id)]
    return db
      .select(contactColumns)
      .from(friendships)
      .innerJoin(users, where!)
      .orderBy(...order)
      .limit(size)
      .offset(offset)
  }

  return {
    /** GET workid/customer: a person by workid or id, as the caller relates to them; an unverified account is no one (404). */
    async person(me: string, query: PersonQuery): Promise<Person> {
      const relation = await relationOf(
        db,
        me,
        and(
          'customer_id' in query ? eq(users.id, query.customer_id) : eq(users.workid, query.workid.toLowerCase()),
          eq(users.emailVerified, 1),
        )!,
      )
      if (!relation) throw notFound()
      return toPerson(me, relation)
    },

    /**
     * Asks `customerId` to be friends. Already asked or already friends: nothing changes. When they
     * had asked the caller, this accepts their request (so two crossing requests make one friendship).
     * Someone who blocked the caller refuses (403, without saying more).
     */
    async addFriend(me: string, customerId: string): Promise<Person> {
      const relation = await other(me, customerId)
      if (relation.theyBlocked) throw new HttpError(403, 'blockedByPerson')
      const inserted = await db
        .insert(friendships)
        .values({ ...pairOf(me, customerId), requesterId: me })
        .onConflictDoNothing()
        .returning({ requesterId: friendships.requesterId })
      if (inserted.length) {
        const name = await nameOf(me)
        await notify.notify(customerId, {
          type: 'friend',
          actorId: me,
          notifiableId: me,
          friendStatus: 1,
          message: `${name} sent you a friend request`,
          messageJson: { key: 'friend_request', value: { title: name } },
        })
      } else if (await acceptPending(me, customerId)) {
        await accepted(me, customerId)
      }
      bothChanged(me, customerId)
      return current(me, customerId)
    },

    /** Withdraws the caller's pending request (and its notification); none pending: nothing changes. */
    async cancelFriend(me: string, customerId: string): Promise<Person> {
      await other(me, customerId)
      const removed = await db
        .delete(friendships)
        .where(and(pairIs(me, customerId), eq(friendships.requesterId, me), isNull(friendships.acceptedAt)))
        .returning({ requesterId: friendships.requesterId })
      if (removed.length) await notify.removeFriendRequest(customerId, me)
      bothChanged(me, customerId)
      return current(me, customerId)
    },

    /** Accepts their request. Already friends: nothing changes; no request from them: 404 (its notification goes). */
    async acceptFriend(me: string, customerId: string): Promise<Person> {
      const relation = await other(me, customerId)
      if (await acceptPending(me, customerId)) await accepted(me, customerId)
      else if (relation.acceptedAt === null) {
        await notify.removeFriendRequest(me, customerId)
        const now = await current(me, customerId)
        if (now.friend_status !== 3) throw new HttpError(404, 'noFriendRequest')
        return now
      }
      bothChanged(me, customerId)
      return current(me, customerId)
    },

    /** Rejects their request and removes its notification; no request: nothing changes. */
    async rejectFriend(me: string, customerId: string): Promise<Person> {
      await other(me, customerId)
      await db
        .delete(friendships)
        .where(and(pairIs(me, customerId), eq(friendships.requesterId, customerId), isNull(friendships.acceptedAt)))
      await notify.removeFriendRequest(me, customerId)
      bothChanged(me, customerId)
      return current(me, customerId)
    },

    /** Ends the friendship; not friends: nothing changes (a pending request stays). */
    async unfriend(me: string, customerId: string): Promise<Person> {
      await other(me, customerId)
      await db.delete(friendships).where(and(pairIs(me, customerId), isNotNull(friendships.acceptedAt)))
      bothChanged(me, customerId)
      return current(me, customerId)
    },

    /** Blocks the person: any friendship or request between the two ends, with its notifications. */
    async block(me: string, customerId: string): Promise<Person> {
      await other(me, customerId)
      await db.transaction(async (tx) => {
        await tx.insert(userBlocks).values({ blockerId: me, blockedId: customerId }).onConflictDoNothing()
        await tx.delete(friendships).where(pairIs(me, customerId))
      })
      await notify.removeFriendRequest(me, customerId)
      await notify.removeFriendRequest(customerId, me)
      bothChanged(me, customerId)
      return current(me, customerId)
    },

    async unblock(me: string, customerId: string): Promise<Person> {
      await other(me, customerId)
      await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, customerId)))
      bothChanged(me, customerId)
      return current(me, customerId)
    },

    /**
     * Archives a friend in the caller's own view: they leave the contact list (GET contact) for the
     * archived list, and stay a friend for everything else; the other person sees nothing change.
     * Already archived: nothing changes (the first time is kept). Not a friend: 404 notFriendArchive.
     */
    async archive(me: string, customerId: string): Promise<ArchiveState> {
      await other(me, customerId)
      const mark = sql`coalesce(${mySide(me, customerId)}, now())`
      const rows = await db
        .update(friendships)
        .set(isLow(me, customerId) ? { archivedByLow: mark } : { archivedByHigh: mark })
        .where(and(pairIs(me, customerId), isNotNull(friendships.acceptedAt)))
        .returning({ userLow: friendships.userLow })
      if (!rows.length) throw new HttpError(404, 'notFriendArchive')
      contactsChanged(me)
      return { _id: customerId, archived: true }
    },

    /** Brings an archived friend back to the contact list; not archived, or not a friend: nothing changes. */
    async unarchive(me: string, customerId: string): Promise<ArchiveState> {
      await other(me, customerId)
      await db
        .update(friendships)
        .set(isLow(me, customerId) ? { archivedByLow: null } : { archivedByHigh: null })
        .where(pairIs(me, customerId))
      contactsChanged(me)
      return { _id: customerId, archived: false }
    },

    /** Requests the caller received, newest first. */
    requests: (me: string, pageNo: number) =>
      page(
        and(
          isNull(friendships.acceptedAt),
          or(
            and(eq(friendships.userLow, me), eq(users.id, friendships.userHigh)),
            and(eq(friendships.userHigh, me), eq(users.id, friendships.userLow)),
          ),
          eq(friendships.requesterId, users.id),
        ),
        'requests',
        me,
        pageNo,
      ),
    /** The caller's friends they did not archive, by name, 20 per page (the contact list). */
    contacts: (me: string, pageNo: number) => page(friendOf(me, false), 'friends', me, pageNo),
    /** The friends the caller archived, most recently archived first, 20 per page. */
    archived: (me: string, pageNo: number) => page(friendOf(me, true), 'archived', me, pageNo),
    /** All the caller's friends (archived ones too) by name, the first LIST_MAX (workid/list-friends, the pickers). */
    friends: (me: string) => page(friendOf(me), 'friends', me, 1, LIST_MAX),
    blocked: (me: string, pageNo: number) => page(undefined, 'blocks', me, pageNo),

    /** May `callerId` open a 1:1 chat with, or write to, `partnerId`. */
    async mayChat(callerId: string, partnerId: string): Promise<Decision> {
      const relation = await relationOf(db, callerId, eq(users.id, partnerId))
      return relation ? chatDecision(relation) : { allowed: true }
    },

    /**
     * The call policy (only_friend_call and blocking), for the call module when it comes: may
     * `callerId` ring `calleeId`. Unknown callee: allowed here (the call module answers 404).
     */
    async mayCall(callerId: string, calleeId: string): Promise<Decision> {
      const relation = await relationOf(db, callerId, eq(users.id, calleeId))
      return relation ? callDecision(relation) : { allowed: true }
    },

    /** 403 when any invitee blocked the inviter or lets only friends add them (only_friend_invite_topic). */
    async requireMayInvite(inviterId: string, inviteeIds: readonly string[]): Promise<void> {
      const refusals = await inviteRefusals(db, inviterId, inviteeIds)
      if (!refusals.size) return
      const reason = [...refusals.values()].includes('blocked') ? 'blocked' : 'friendsOnly'
      throw refusalError({ allowed: false, reason }, 'invite')!
    },
  }
}

export type RelatesService = ReturnType<typeof createRelatesService>
