import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import {
  isTopicAdmin,
  type Poll,
  POLL_OPTIONS_MAX,
  type PollNewOptionBody,
  type PollVoteBody,
  pollCreateBody,
  SOCKET_EVENTS,
  topicAllows,
  topicRoom,
  userRoom,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Executor, Tx } from '../../db/client'
import { messages, type PollRow, pollOptions, polls, pollVotes, users } from '../../db/schema'
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors'
import type { MessageService } from '../message'
import { requireTopicMember, requireTopicWriter, type TopicAccess } from '../topic'
import { mineOf, type PollRows, pollStatus, toPoll, toPollShared } from './view'

type CreateInput = ReturnType<typeof pollCreateBody.parse>

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION
}

const creator = { id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl }

/**
 * Polls (vote/*): the only writer of `polls`, `poll_options` and `poll_votes`. A poll is a message
 * of type `vote` (posted through the message service, in the transaction that writes the poll's
 * rows); its id is the message's. Only members of its topic reach it: to anyone else, and once its
 * message is deleted, it is not there (404).
 *
 * Every change (a vote, a new option, a lock) runs in a transaction that first locks the poll's
 * row, so changes of one poll happen one after another: a person's two votes never mix, two new
 * options never make more than POLL_OPTIONS_MAX, and no vote slips in after a lock. Each is then
 * told to the topic's sockets on every node as POLL_CHANGED: the acting user's own sockets get
 * the copy with their choices (`mine`), everyone else's the copy without. Time is the server's
 * clock (`config.now`), which tests move.
 */
export function createVoteService(ctx: AppContext, deps: { messages: MessageService }) {
  const { db, realtime, config } = ctx

  /** The poll's rows as its view needs them (null: no such poll, or its message was deleted). */
  async function load(on: Executor, pollId: string): Promise<PollRows | null> {
    const [head] = await on
      .select({ poll: polls, question: messages.body, deletedAt: messages.deletedAt, creator })
      .from(polls)
      .innerJoin(messages, eq(messages.id, polls.id))
      .innerJoin(users, eq(users.id, polls.creatorId))
      .where(eq(polls.id, pollId))
      .limit(1)
    if (!head || head.deletedAt) return null
    const options = await on.select().from(pollOptions).where(eq(pollOptions.pollId, pollId)).orderBy(asc(pollOptions.position))
    const inVoteOrder = [asc(pollVotes.createdAt), asc(pollVotes.customerId), asc(pollVotes.optionId)]
    // An anonymous poll's voters are never read: nothing about them can leak into a view.
    const votes =
      head.poll.anonymous === 1
        ? (
            await on
              .select({ optionId: pollVotes.optionId, customerId: pollVotes.customerId })
              .from(pollVotes)
              .where(eq(pollVotes.pollId, pollId))
              .orderBy(...inVoteOrder)
          ).map((v) => ({ ...v, voter: null }))
        : await on
            .select({ optionId: pollVotes.optionId, customerId: pollVotes.customerId, voter: creator })
            .from(pollVotes)
            .innerJoin(users, eq(users.id, pollVotes.customerId))
            .where(eq(pollVotes.pollId, pollId))
            .orderBy(...inVoteOrder)
    return { poll: head.poll, question: head.question, creator: head.creator, options, votes }
  }

  /** The poll and the caller's access to its topic: 404 for an unknown or deleted poll, and for someone not in its topic. */
  async function accessTo(userId: string, pollId: string): Promise<{ rows: PollRows; access: TopicAccess }> {
    const rows = await load(db, pollId)
    if (!rows) throw notFound()
    try {
      return { rows, access: await requireTopicMember(db, rows.poll.topicId, userId) }
    } catch (err) {
      // A poll of a topic the caller is not in is not there for them.
      if (err instanceof HttpError && err.statusCode === 403) throw notFound()
      throw err
    }
  }

  /** The poll's row, locked until the transaction ends: the changes of one poll go one at a time. */
  async function lockedRow(tx: Tx, pollId: string): Promise<PollRow> {
    const [row] = await tx.select().from(polls).where(eq(polls.id, pollId)).for('update')
    if (!row) throw notFound()
    return row
  }

  /** 409 once the poll takes no votes or options: locked, or past its closing time. */
  function requireOpen(row: PollRow) {
    const status = pollStatus(row, config.now())
    if (status === 'locked') throw new HttpError(409, 'pollLocked')
    if (status === 'closed') throw new HttpError(409, 'pollClosed')
  }

  /** POLL_CHANGED to the topic's sockets on every node: the actor's with their choices, everyone else's without. */
  function announce(rows: PollRows, actorId: string) {
    const poll = toPollShared(rows, config.now())
    realtime.io.to(topicRoom(rows.poll.topicId)).except(userRoom(actorId)).emit(SOCKET_EVENTS.POLL_CHANGED, { poll })
    realtime.toUser(actorId, SOCKET_EVENTS.POLL_CHANGED, { poll, mine: mineOf(rows, actorId) })
  }

  /** The poll after a change: told to everyone, answered to the actor. */
  async function changed(pollId: string, actorId: string): Promise<Poll> {
    const rows = await load(db, pollId)
    if (!rows) throw notFound()
    announce(rows, actorId)
    return toPoll(rows, actorId, config.now())
  }

  /** The poll a repeated client_id made (null: none); another kind of message under that client_id is no repeat (400). */
  async function repeated(userId: string, clientId: string): Promise<Poll | null> {
    const [row] = await db
      .select({ id: messages.id, type: messages.type })
      .from(messages)
      .where(and(eq(messages.senderId, userId), eq(messages.clientId, clientId)))
      .limit(1)
    if (!row) return null
    if (row.type !== 'vote') throw badRequest('invalidInput', 'client_id')
    return service.info(userId, row.id)
  }

  const service = {
    /**
     * A poll posted in a topic as a message of type `vote`. The caller must be one who may write
     * there (as for message/send: a member, the send_message setting, a 1:1 partner's block or
     * friends-only chat) and, where the group restricts polls to admins, an admin (403 pollAdminsOnly).
     * The same client_id again answers the poll it made.
     */
    async create(userId: string, input: CreateInput): Promise<Poll> {
      const closesAt = input.closes_at === null ? null : new Date(input.closes_at)
      if (closesAt && closesAt.getTime() <= config.now()) throw badRequest('pollClosesInPast', 'closes_at')
      const repeat = await repeated(userId, input.client_id)
      if (repeat) return repeat
      const access = await requireTopicWriter(db, input.topic_id, userId)
      if (!topicAllows({ is_group: access.topic.isGroup === 1, permission: access.topic.permission }, access.role, 'poll'))
        throw new HttpError(403, 'pollAdminsOnly')
      let pollId: string
      try {
        const message = await deps.messages.postPoll(userId, input.topic_id, input.client_id, input.question, async (tx, messageId) => {
          await tx.insert(polls).values({
            id: messageId,
            topicId: input.topic_id,
            creatorId: userId,
            multiple: input.multiple ? 1 : 0,
            anonymous: input.anonymous ? 1 : 0,
            allowNewOptions: input.allow_new_options ? 1 : 0,
            closesAt,
          })
          await tx.insert(pollOptions).values(input.options.map((text, position) => ({ pollId: messageId, text, position })))
        })
        pollId = message._id
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
        // The same client_id at the same time (a retry racing the first): the poll the first made.
        const again = await repeated(userId, input.client_id)
        if (again) return again
        // Two options the database holds the same (case aside) that the contract's check told apart.
        throw badRequest('invalidInput', 'options')
      }
      const rows = await load(db, pollId)
      return toPoll(rows!, userId, config.now())
    },

    /**
     * The caller's choices become exactly `option_ids` (none: their vote is taken back), all at
     * once: their other choices go, the ones they keep keep their place in the voters' order.
     */
    async vote(userId: string, body: PollVoteBody): Promise<Poll> {
      await accessTo(userId, body.poll_id)
      const chosen = [...new Set(body.option_ids)]
      await db.transaction(async (tx) => {
        const row = await lockedRow(tx, body.poll_id)
        requireOpen(row)
        if (row.multiple !== 1 && chosen.length > 1) throw badRequest('pollOneChoice', 'option_ids')
        if (chosen.length) {
          const known = await tx
            .select({ id: pollOptions.id })
            .from(pollOptions)
            .where(and(eq(pollOptions.pollId, row.id), inArray(pollOptions.id, chosen)))
          if (known.length !== chosen.length) throw badRequest('pollUnknownOption', 'option_ids')
        }
        const mine = and(eq(pollVotes.pollId, row.id), eq(pollVotes.customerId, userId))
        await tx.delete(pollVotes).where(chosen.length ? and(mine, notInArray(pollVotes.optionId, chosen)) : mine)
        if (chosen.length)
          await tx
            .insert(pollVotes)
            // The time the vote is cast (after the poll's lock), not the transaction's start: the voters' order.
            .values(chosen.map((optionId) => ({ pollId: row.id, optionId, customerId: userId, createdAt: sql`clock_timestamp()` })))
            .onConflictDoNothing()
      })
      return changed(body.poll_id, userId)
    },

    /** A member adds an option to a poll that takes them: none twice (case aside), at most POLL_OPTIONS_MAX in all. */
    async addOption(userId: string, body: PollNewOptionBody): Promise<Poll> {
      const { rows } = await accessTo(userId, body.poll_id)
      if (rows.poll.allowNewOptions !== 1) throw new HttpError(403, 'pollNoNewOptions')
      try {
        await db.transaction(async (tx) => {
          const row = await lockedRow(tx, body.poll_id)
          requireOpen(row)
          const [{ count, taken, last }] = (await tx
            .select({
              count: sql<number>`count(*)::int`,
              taken: sql<number>`count(*) filter (where lower(${pollOptions.text}) = lower(${body.text}))::int`,
              last: sql<number>`coalesce(max(${pollOptions.position}), -1)::int`,
            })
            .from(pollOptions)
            .where(eq(pollOptions.pollId, row.id))) as [{ count: number; taken: number; last: number }]
          if (taken > 0) throw new HttpError(409, 'pollOptionTaken')
          if (count >= POLL_OPTIONS_MAX) throw new HttpError(409, 'pollFull')
          await tx.insert(pollOptions).values({ pollId: row.id, text: body.text, position: last + 1, addedBy: userId })
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, 'pollOptionTaken')
        throw err
      }
      return changed(body.poll_id, userId)
    },

    /** Its creator or a topic admin stops the poll for good; locking it again keeps the first time. */
    async lock(userId: string, pollId: string): Promise<Poll> {
      const { rows, access } = await accessTo(userId, pollId)
      if (rows.poll.creatorId !== userId && !isTopicAdmin(access.role)) throw forbidden()
      const locked = await db
        .update(polls)
        .set({ lockedAt: new Date(config.now()) })
        .where(and(eq(polls.id, pollId), isNull(polls.lockedAt)))
        .returning({ id: polls.id })
      if (locked.length) return changed(pollId, userId)
      const now = await load(db, pollId)
      if (!now) throw notFound()
      return toPoll(now, userId, config.now())
    },

    /** The poll, with the caller's choices. */
    async info(userId: string, pollId: string): Promise<Poll> {
      const { rows } = await accessTo(userId, pollId)
      return toPoll(rows, userId, config.now())
    },
  }
  return service
}

export type VoteService = ReturnType<typeof createVoteService>
