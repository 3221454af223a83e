import { and, eq, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm'
import {
  type Call,
  CALL_EMPTY_MS,
  CALL_RING_MS,
  type CallAnswer,
  type CallCustomerBody,
  type CallStart,
  type CallStatus,
  type CallSummary,
  type CallTopicBody,
  type CallTopology,
  callRoom,
  FALLBACK_LANGUAGE,
  type Language,
  LANGUAGES,
  ROOM_EVENTS,
  SOCKET_EVENTS,
  userRoom,
} from '../../../contract'
import type { AppContext } from '../../context'
import { type CallMemberRow, type CallRow, callMembers, calls, topicMembers, users } from '../../db/schema'
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors'
import type { AttentionService } from '../attention'
import type { MessageService } from '../message'
import type { NotifyService } from '../notify'
import { refusalError, type RelatesService } from '../relates'
import { requireTopicMember, requireTopicPermission, type TopicService } from '../topic'

/** How often every node looks for rings past their 60 s and answered calls nobody sits in. */
export const CALL_SWEEP_MS = 10_000

/** The calls still going on: ringing, or answered and not ended. */
const LIVE: CallStatus[] = ['ringing', 'answered']

/** The words of an incoming call's browser push, in the callee's language. */
const RING_PUSH: Record<Language, { audio: string; video: string }> = {
  en: { audio: 'Incoming call', video: 'Incoming video call' },
  vi: { audio: 'Cuộc gọi đến', video: 'Cuộc gọi video đến' },
}

const asLanguage = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : FALLBACK_LANGUAGE

type Person = { id: string; name: string; photoUrl: string | null }

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** A calls row and its caller as the wire's Call. */
export function toCall(row: CallRow, caller: Person): Call {
  return {
    _id: row.id,
    uuid: row.uuid,
    topic_id: row.topicId,
    is_video: row.isVideo === 1,
    status: row.status as CallStatus,
    topology: row.topology as CallTopology,
    caller: { _id: caller.id, name: caller.name, photo_url: caller.photoUrl },
    started_at: row.startedAt.toISOString(),
    answered_at: iso(row.answeredAt),
    ended_at: iso(row.endedAt),
  }
}

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION
}

/** What ends a ring or a call, and who did it (null: the server, for a ring nobody answered). */
type Ending = { status: Exclude<CallStatus, 'ringing' | 'answered'>; by: string | null }

/**
 * Calls (call/*): the only writer of `calls` and `call_members`. Each call is a statechart in the
 * database (contract/call.ts): ringing -> answered | declined | cancelled | missed, answered -> ended;
 * every transition is one conditional UPDATE from the state it leaves, and only the request (or
 * timer, or sweep) whose UPDATE changed the row tells anyone: RESPONSE_CALL, CLOSE_POPUP_CALL, the
 * topic's `in_call`, the summary message and the missed-call notification happen once, on one node.
 *
 * A ring ends as missed CALL_RING_MS after it started even when no client says so: a timer on the
 * node that started it, and on every node a sweep (at start and every CALL_SWEEP_MS) for rings past
 * their `ring_until`, both through the same UPDATE. Time is the server's clock (`config.now`,
 * `config.setTimer`), which tests move.
 */
export function createCallService(
  ctx: AppContext,
  deps: {
    topics: TopicService
    relates: RelatesService
    attention: AttentionService
    notify: NotifyService
    messages: MessageService
    log: { error(obj: object, msg: string): void }
  },
) {
  const { db, realtime, config } = ctx
  const now = () => new Date(config.now())
  /** This node's ring timers, by call id. */
  const ringTimers = new Map<string, () => void>()
  /** The pushes and endings on their way (tests wait for them; the server's close too). */
  const pending = new Set<Promise<unknown>>()
  let sweeper: NodeJS.Timeout | undefined

  const track = (work: Promise<unknown>) => {
    const guarded = work.catch((err: unknown) => deps.log.error({ err }, 'call side effect failed'))
    pending.add(guarded)
    void guarded.finally(() => pending.delete(guarded))
  }

  async function personOf(userId: string): Promise<Person> {
    const [row] = await db.select({ id: users.id, name: users.name, photoUrl: users.photoUrl }).from(users).where(eq(users.id, userId))
    return row ?? { id: userId, name: '', photoUrl: null }
  }

  async function view(row: CallRow): Promise<Call> {
    return toCall(row, await personOf(row.callerId))
  }

  async function rowOf(callId: string): Promise<CallRow> {
    const [row] = await db.select().from(calls).where(eq(calls.id, callId)).limit(1)
    if (!row) throw notFound()
    return row
  }

  async function membersOf(callId: string): Promise<CallMemberRow[]> {
    return db.select().from(callMembers).where(eq(callMembers.callId, callId))
  }

  /** The call's row and the caller's place in it: 404 unknown call, 403 for someone who is not in its topic. */
  async function accessTo(userId: string, callId: string): Promise<{ row: CallRow; member: CallMemberRow | null }> {
    const row = await rowOf(callId)
    const [member] = await db
      .select()
      .from(callMembers)
      .where(and(eq(callMembers.callId, callId), eq(callMembers.userId, userId)))
      .limit(1)
    if (!member) await requireTopicMember(db, row.topicId, userId)
    return { row, member: member ?? null }
  }

  /** One transition: the row after it when this UPDATE made it (`from` still held), else null. */
  async function transition(callId: string, from: CallStatus, to: CallStatus, set: Partial<CallRow>, also?: SQL): Promise<CallRow | null> {
    const [row] = await db
      .update(calls)
      .set({ ...set, status: to })
      .where(and(eq(calls.id, callId), eq(calls.status, from), also))
      .returning()
    return row ?? null
  }

  /** Someone is seated in the call's room. */
  const seated = sql`exists (select 1 from ${callMembers} where ${callMembers.callId} = ${calls.id} and ${callMembers.socketId} is not null)`

  /** The ring's answer went out (answered): everyone hears it, every callee's ringing stops. */
  function announceAnswer(row: CallRow, members: CallMemberRow[], by: string) {
    for (const m of members) realtime.toUser(m.userId, SOCKET_EVENTS.RESPONSE_CALL, { call_id: row.id, status: 'answered', by })
    for (const m of members) if (m.role === 'callee') realtime.toUser(m.userId, SOCKET_EVENTS.CLOSE_POPUP_CALL, { call_id: row.id })
  }

  /**
   * What follows an ending this node won: everyone hears it, the callees' ringing stops, the room
   * closes, the topic no longer shows a call (unless another runs there), the summary message is
   * posted and, for a missed call, each callee who did not decline is notified.
   */
  async function ended(row: CallRow, { status, by }: Ending): Promise<void> {
    ringTimers.get(row.id)?.()
    ringTimers.delete(row.id)
    const members = await membersOf(row.id)
    for (const m of members) realtime.toUser(m.userId, SOCKET_EVENTS.RESPONSE_CALL, { call_id: row.id, status, by })
    for (const m of members) if (m.role === 'callee') realtime.toUser(m.userId, SOCKET_EVENTS.CLOSE_POPUP_CALL, { call_id: row.id })
    await db.update(callMembers).set({ socketId: null }).where(eq(callMembers.callId, row.id))
    realtime.io.to(callRoom(row.uuid)).emit(ROOM_EVENTS.ROOM_ENDED, { room_id: row.uuid })
    realtime.io.in(callRoom(row.uuid)).socketsLeave(callRoom(row.uuid))
    if (row.topology === 'sfu' && ctx.sfu) await ctx.sfu.closeRoom(row.uuid)
    const [other] = await db
      .select({ id: calls.id })
      .from(calls)
      .where(and(eq(calls.topicId, row.topicId), inArray(calls.status, LIVE), ne(calls.id, row.id)))
      .limit(1)
    if (!other) await deps.topics.setInCall(row.topicId, false)
    const summary: CallSummary = {
      call_id: row.id,
      status,
      is_video: row.isVideo === 1,
      duration_s:
        status === 'ended' && row.answeredAt && row.endedAt
          ? Math.max(0, Math.round((row.endedAt.getTime() - row.answeredAt.getTime()) / 1000))
          : null,
    }
    try {
      await deps.messages.postCallSummary(row.callerId, row.topicId, row.id, JSON.stringify(summary))
    } catch (err) {
      // A caller who may no longer write there (left the topic, a group that lets only admins write): no summary.
      if (!(err instanceof HttpError)) throw err
    }
    if (status === 'missed')
      for (const m of members)
        if (m.role === 'callee' && !m.declinedAt)
          await deps.notify.notify(
            m.userId,
            {
              kind: 'missed_call',
              actorId: row.callerId,
              callId: row.id,
              topicId: row.topicId,
              isVideo: row.isVideo === 1,
              time: row.startedAt,
            },
            { push: m.held === null },
          )
  }

  /** A ring past its time ends as missed; `overdueAt`: only when its ring_until is past then (the sweep), else at once (this node's timer, call/miss). */
  async function miss(callId: string, overdueAt?: Date): Promise<CallRow | null> {
    const at = now()
    const row = await transition(
      callId,
      'ringing',
      'missed',
      { endedAt: at, endedBy: null },
      overdueAt ? lte(calls.ringUntil, overdueAt) : undefined,
    )
    if (row) await ended(row, { status: 'missed', by: null })
    return row
  }

  /** An answered call whose room is empty ends (the last one out, or everyone's connection gone). */
  async function endIfEmpty(callId: string, by: string | null, emptySince?: Date): Promise<CallRow | null> {
    const row = await transition(
      callId,
      'answered',
      'ended',
      { endedAt: now(), endedBy: by },
      and(sql`not ${seated}`, emptySince ? lte(calls.answeredAt, emptySince) : undefined),
    )
    if (row) await ended(row, { status: 'ended', by })
    return row
  }

  function startRingTimer(callId: string) {
    ringTimers.set(
      callId,
      config.setTimer(() => {
        ringTimers.delete(callId)
        track(miss(callId))
      }, CALL_RING_MS),
    )
  }

  /** Rings the callees not held back: every socket of theirs, and a browser push where none of their windows has the focus. */
  async function ring(call: Call, topicName: string, callees: { id: string; language: string }[]) {
    for (const callee of callees) realtime.toUser(callee.id, SOCKET_EVENTS.NEW_REQUEST_CALL, { call, topic_name: topicName })
    for (const callee of callees)
      track(
        (async () => {
          if (await realtime.hasFocusedWindow(callee.id)) return
          const words = RING_PUSH[asLanguage(callee.language)]
          await deps.notify.push.send(callee.id, {
            id: call._id,
            title: call.caller.name || 'Workroom',
            body: call.is_video ? words.video : words.audio,
            url: `/chat/${encodeURIComponent(call.topic_id)}`,
          })
        })(),
      )
  }

  /** The call a start with this call_id made, as a start answers it (a retry). */
  async function repeated(callerId: string, clientCallId: string, topicId: string): Promise<CallStart | null> {
    const [row] = await db
      .select()
      .from(calls)
      .where(and(eq(calls.callerId, callerId), eq(calls.clientCallId, clientCallId)))
      .limit(1)
    if (!row) return null
    if (row.topicId !== topicId) throw badRequest('invalidInput', 'call_id')
    const held = await db
      .select({ _id: users.id, name: users.name, reason: callMembers.held })
      .from(callMembers)
      .innerJoin(users, eq(users.id, callMembers.userId))
      .where(and(eq(callMembers.callId, row.id), isNotNull(callMembers.held)))
    return { call: await view(row), held: held.map((h) => ({ ...h, reason: h.reason as 'dnd' | 'muted' })) }
  }

  /**
   * Starts a call in a topic the caller belongs to: the group's `call` setting (admins only where
   * restricted), in a 1:1 chat the other person's call policy (blocks, only_friend_call); the
   * callees whose do not disturb or mute holds the ring back are `held` (none left: 409).
   */
  async function startCall(callerId: string, topicId: string, isVideo: boolean, clientCallId: string): Promise<CallStart> {
    const again = await repeated(callerId, clientCallId, topicId)
    if (again) return again
    const access = await requireTopicMember(db, topicId, callerId)
    const group = access.topic.isGroup === 1
    if (group) requireTopicPermission(access, 'call')
    const others = await db
      .select({ id: users.id, name: users.name, language: users.language })
      .from(topicMembers)
      .innerJoin(users, eq(users.id, topicMembers.userId))
      .where(and(eq(topicMembers.topicId, topicId), ne(topicMembers.userId, callerId), eq(users.emailVerified, 1)))
    if (!group && others[0]) {
      const refused = refusalError(await deps.relates.mayCall(callerId, others[0].id), 'call')
      if (refused) throw refused
    }
    if (!others.length) throw badRequest('callNobody', 'topic_id')
    const at = now()
    const holds = await deps.attention.ringFor(
      callerId,
      topicId,
      others.map((o) => o.id),
      at,
    )
    const callees = others.filter((o) => holds.has(o.id))
    const rung = callees.filter((o) => holds.get(o.id) === null)
    if (!rung.length) throw new HttpError(409, 'callHeld')
    let row: CallRow | undefined
    try {
      row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(calls)
          .values({
            topicId,
            callerId,
            clientCallId,
            isVideo: isVideo ? 1 : 0,
            topology: group ? 'sfu' : 'p2p',
            startedAt: at,
            ringUntil: new Date(at.getTime() + CALL_RING_MS),
          })
          .returning()
        await tx
          .insert(callMembers)
          .values([
            { callId: created!.id, userId: callerId, role: 'caller', audio: 1, video: isVideo ? 1 : 0 },
            ...callees.map((c) => ({ callId: created!.id, userId: c.id, role: 'callee', held: holds.get(c.id) ?? null })),
          ])
        return created
      })
    } catch (err) {
      // The same call_id raced in from another tab or retry: the call it made.
      if (!isUniqueViolation(err)) throw err
      const raced = await repeated(callerId, clientCallId, topicId)
      if (!raced) throw err
      return raced
    }
    startRingTimer(row!.id)
    await deps.topics.setInCall(topicId, true)
    const call = toCall(row!, access.caller)
    await ring(call, group ? access.topic.name : access.caller.name, rung)
    return {
      call,
      held: callees.filter((c) => holds.get(c.id)).map((c) => ({ _id: c.id, name: c.name, reason: holds.get(c.id)! })),
    }
  }

  /** Someone's sockets leave the room of a call (call/out, a leave, a disconnect): the others hear it. */
  function unseated(row: CallRow, userId: string) {
    realtime.io.to(callRoom(row.uuid)).emit(ROOM_EVENTS.ROOM_PEER_LEFT, { room_id: row.uuid, participant_id: userId })
    if (row.topology === 'sfu' && ctx.sfu) track(ctx.sfu.leave(row.uuid, userId))
  }

  /**
   * Seats held for over CALL_EMPTY_MS by sockets that are gone without a leave (their node stopped
   * without closing): given up, so that the call ends once nobody is left. The room's sockets are
   * asked of every node (the Redis adapter); a node that does not answer keeps its seats this time.
   */
  async function releaseLostSeats(since: Date) {
    const held = await db
      .select({ call: calls, userId: callMembers.userId, socketId: callMembers.socketId })
      .from(callMembers)
      .innerJoin(calls, eq(calls.id, callMembers.callId))
      .where(and(eq(calls.status, 'answered'), isNotNull(callMembers.socketId), lte(callMembers.joinedAt, since)))
    const rooms = new Map<string, typeof held>()
    for (const seat of held) rooms.set(seat.call.id, [...(rooms.get(seat.call.id) ?? []), seat])
    for (const seats of rooms.values()) {
      const row = seats[0]!.call
      const live = await realtime.io
        .in(callRoom(row.uuid))
        .fetchSockets()
        .then((sockets) => new Set(sockets.map((socket) => socket.id)))
        .catch(() => null)
      if (!live) continue
      for (const seat of seats) {
        if (live.has(seat.socketId!)) continue
        const freed = await db
          .update(callMembers)
          .set({ socketId: null })
          .where(and(eq(callMembers.callId, row.id), eq(callMembers.userId, seat.userId), eq(callMembers.socketId, seat.socketId!)))
          .returning({ userId: callMembers.userId })
        if (freed.length) unseated(row, seat.userId)
      }
    }
  }

  return {
    miss,
    endIfEmpty,
    unseated,
    rowOf,
    view,
    /** Work on its way that no request waits for (a room's leave on a disconnect): logged when it fails, awaited by `settled`. */
    background: track,
    /** Waits for the pushes, endings and room leaves on their way. */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all([...pending])
    },

    topic: (callerId: string, body: CallTopicBody) => startCall(callerId, body.topic_id, body.is_video, body.call_id),

    /** call/customer: the 1:1 chat with the person (made on first use: their call policy is asked first), or that chat by id. */
    async customer(callerId: string, body: CallCustomerBody): Promise<CallStart> {
      if (body.topic_id !== undefined) {
        const access = await requireTopicMember(db, body.topic_id, callerId)
        if (access.topic.isGroup === 1) throw badRequest('invalidInput', 'topic_id')
        return startCall(callerId, body.topic_id, body.is_video, body.call_id)
      }
      const customerId = body.customer_id!
      const [person] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, customerId), eq(users.emailVerified, 1)))
        .limit(1)
      if (!person) throw notFound()
      if (person.id === callerId) throw badRequest('relateSelf', 'customer_id')
      const refused = refusalError(await deps.relates.mayCall(callerId, person.id), 'call')
      if (refused) throw refused
      const chat = await deps.topics.chatFriend(callerId, { customer_id: person.id })
      return startCall(callerId, chat._id, body.is_video, body.call_id)
    },

    /**
     * A callee answers a ringing call (a retry of the same answer answers the same; a callee of a
     * group call already answered by another is let into it; a 1:1 call answered elsewhere is 409).
     */
    async answer(userId: string, callId: string): Promise<CallAnswer> {
      const { member } = await accessTo(userId, callId)
      if (member?.role !== 'callee') throw forbidden()
      const answered = await transition(callId, 'ringing', 'answered', { answeredAt: now(), endedBy: userId })
      if (!answered) {
        const current = await rowOf(callId)
        // The same answer again; or a group call someone else answered first, which this callee joins.
        const joins = current.status === 'answered' && (current.endedBy === userId || current.topology === 'sfu')
        if (joins) return { status: 200, _id: current.id, call: await view(current) }
        throw new HttpError(409, 'callNotRinging')
      }
      ringTimers.get(callId)?.()
      ringTimers.delete(callId)
      announceAnswer(answered, await membersOf(callId), userId)
      return { status: 200, _id: answered.id, call: await view(answered) }
    },

    /**
     * A callee declines: their ringing stops on every tab; the call ends as declined once every
     * callee it rang has declined (the one callee of a 1:1 chat at once).
     */
    async decline(userId: string, callId: string): Promise<Call> {
      const { member } = await accessTo(userId, callId)
      if (member?.role !== 'callee') throw forbidden()
      const current = await rowOf(callId)
      if (current.status !== 'ringing') {
        if (current.status === 'declined' && member.declinedAt) return view(current)
        throw new HttpError(409, 'callNotRinging')
      }
      await db
        .update(callMembers)
        .set({ declinedAt: now() })
        .where(and(eq(callMembers.callId, callId), eq(callMembers.userId, userId), isNull(callMembers.declinedAt)))
      realtime.toUser(userId, SOCKET_EVENTS.CLOSE_POPUP_CALL, { call_id: callId })
      const stillRinging = sql`exists (select 1 from ${callMembers} where ${callMembers.callId} = ${calls.id} and ${callMembers.role} = 'callee' and ${callMembers.held} is null and ${callMembers.declinedAt} is null)`
      const declined = await transition(callId, 'ringing', 'declined', { endedAt: now(), endedBy: userId }, sql`not ${stillRinging}`)
      if (!declined) return view(await rowOf(callId))
      await ended(declined, { status: 'declined', by: userId })
      return view(declined)
    },

    /** The caller stops ringing before anyone answered (again: the same answer). */
    async cancel(userId: string, callId: string): Promise<Call> {
      const { row } = await accessTo(userId, callId)
      if (row.callerId !== userId) throw forbidden()
      const cancelled = await transition(callId, 'ringing', 'cancelled', { endedAt: now(), endedBy: userId })
      if (!cancelled) {
        const current = await rowOf(callId)
        if (current.status === 'cancelled') return view(current)
        throw new HttpError(409, 'callNotRinging')
      }
      await ended(cancelled, { status: 'cancelled', by: userId })
      return view(cancelled)
    },

    /** The caller's or a callee's 60 s ran out: missed, as the server's own timer would make it (again: the same answer). */
    async missed(userId: string, callId: string): Promise<Call> {
      const { member } = await accessTo(userId, callId)
      if (!member || member.role === 'guest') throw forbidden()
      const row = await miss(callId)
      if (row) return view(row)
      const current = await rowOf(callId)
      if (current.status === 'missed') return view(current)
      throw new HttpError(409, 'callNotRinging')
    },

    /**
     * Leaves the call's room (every socket of the caller there): the last one out of an answered
     * call ends it; the caller leaving a call that still rings cancels it. A call already over
     * answers as it is.
     */
    async out(userId: string, callId: string): Promise<Call> {
      const { row } = await accessTo(userId, callId)
      const left = await db
        .update(callMembers)
        .set({ socketId: null })
        .where(and(eq(callMembers.callId, callId), eq(callMembers.userId, userId), isNotNull(callMembers.socketId)))
        .returning({ userId: callMembers.userId })
      realtime.io.in(userRoom(userId)).socketsLeave(callRoom(row.uuid))
      if (left.length) unseated(row, userId)
      if (row.status === 'ringing' && row.callerId === userId) {
        const cancelled = await transition(callId, 'ringing', 'cancelled', { endedAt: now(), endedBy: userId })
        if (cancelled) {
          await ended(cancelled, { status: 'cancelled', by: userId })
          return view(cancelled)
        }
      }
      const over = await endIfEmpty(callId, userId)
      return view(over ?? (await rowOf(callId)))
    },

    /** A call of a topic the caller belongs to. */
    async detail(userId: string, callId: string): Promise<Call> {
      const { row } = await accessTo(userId, callId)
      return view(row)
    },

    /**
     * Every node's sweep: rings past their time end as missed, answered calls nobody has sat in for
     * CALL_EMPTY_MS end; each through its transition, so a call another node (or this node's timer)
     * ended is not ended twice. Answers how many it ended.
     */
    async sweep(): Promise<{ missed: number; ended: number }> {
      const at = now()
      const overdue = await db
        .select({ id: calls.id })
        .from(calls)
        .where(and(eq(calls.status, 'ringing'), lte(calls.ringUntil, at)))
      let missedCount = 0
      for (const { id } of overdue) if (await miss(id, at)) missedCount++
      const emptySince = new Date(at.getTime() - CALL_EMPTY_MS)
      await releaseLostSeats(emptySince)
      const empty = await db
        .select({ id: calls.id })
        .from(calls)
        .where(and(eq(calls.status, 'answered'), lte(calls.answeredAt, emptySince), sql`not ${seated}`))
      let endedCount = 0
      for (const { id } of empty) if (await endIfEmpty(id, null, emptySince)) endedCount++
      return { missed: missedCount, ended: endedCount }
    },

    /** Sweeps now and every CALL_SWEEP_MS. */
    start() {
      const run = () => track(this.sweep())
      run()
      sweeper ??= setInterval(run, CALL_SWEEP_MS)
      sweeper.unref()
    },

    /** Stops the sweep and this node's ring timers (the other nodes' sweeps end those rings). */
    close() {
      clearInterval(sweeper)
      sweeper = undefined
      for (const cancel of ringTimers.values()) cancel()
      ringTimers.clear()
    },
  }
}

export type CallService = ReturnType<typeof createCallService>
