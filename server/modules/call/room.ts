import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import {
  callRoom,
  FALLBACK_LANGUAGE,
  type Language,
  LANGUAGES,
  ROOM_EVENTS,
  type RoomJoinAck,
  type RoomParticipant,
  type RoomSignal,
  type SfuAck,
  type SfuRequest,
  serverMessage,
  type ServerMessageKey,
} from '../../../contract'
import type { AppContext } from '../../context'
import { type CallRow, callMembers, calls, topicMembers, topics, users } from '../../db/schema'
import { carryOutSfuRequest, SDP_MAX } from '../../sfu/request'
import { iceServersFor } from './ice'
import type { CallService } from './service'

/** The longest session description relayed or sent to the SFU (a description with many candidates stays well under it). */
const CANDIDATE_MAX = 2048
/** A socket relays at most this many ROOM_SIGNAL and ROOM_STATE a second (a negotiation sends a few dozen); the rest are dropped unread. */
export const ROOM_EVENTS_PER_SECOND = 50

const asLanguage = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : FALLBACK_LANGUAGE

const isString = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length > 0 && v.length <= max

/** A ROOM_SIGNAL as it may be relayed: one description or one candidate (null: end of candidates), nothing else. */
function signalOf(payload: unknown): RoomSignal | null {
  if (typeof payload !== 'object' || payload === null) return null
  const p = payload as Record<string, unknown>
  if (!isString(p.room_id) || !isString(p.peer)) return null
  const out: RoomSignal = { room_id: p.room_id, peer: p.peer }
  const d = p.description as Record<string, unknown> | undefined
  if (d !== undefined) {
    if (typeof d !== 'object' || d === null || (d.type !== 'offer' && d.type !== 'answer') || !isString(d.sdp, SDP_MAX)) return null
    out.description = { type: d.type, sdp: d.sdp }
  }
  if (p.candidate !== undefined) {
    const c = p.candidate as Record<string, unknown> | null
    if (c === null) out.candidate = null
    else {
      if (typeof c !== 'object' || typeof c.candidate !== 'string' || c.candidate.length > CANDIDATE_MAX) return null
      const mid = c.sdpMid
      const index = c.sdpMLineIndex
      if (mid !== undefined && mid !== null && !isString(mid, 64)) return null
      if (index !== undefined && index !== null && !(Number.isInteger(index) && (index as number) >= 0 && (index as number) < 1024))
        return null
      out.candidate = {
        candidate: c.candidate,
        sdpMid: (mid as string | null | undefined) ?? null,
        sdpMLineIndex: (index as number | null | undefined) ?? null,
      }
    }
  }
  if ((out.description === undefined) === (out.candidate === undefined)) return null
  return out
}

/** Where a socket sits: the rooms of calls it joined on this node, with what the others see of it. */
interface Seat {
  call: CallRow
  participant: RoomParticipant
}

/**
 * The rooms of calls over socket.io (contract/call.ts ROOM_*). A member of the call's topic enters
 * while it is answered (its caller while it still rings too): the seat is a row of call_members
 * naming the socket, so every node knows who sits where. A signal is relayed to `peer` only while
 * the sender's socket and the peer both hold seats of that room (checked on every relay, in one
 * query); state and leaving go to the room. Group calls talk to the SFU (`ctx.sfu`) through ROOM_SFU.
 * A room that is no call (a meeting, entered with a `token`) is left to the meetings' handlers.
 */
export function installCallRooms(ctx: AppContext, service: CallService, log: { error(obj: object, msg: string): void }) {
  const { db, realtime, config } = ctx
  const io = realtime.io

  const fail = (key: ServerMessageKey, language: Language): { ok: false; message: string } => ({
    ok: false,
    message: serverMessage(key, language),
  })

  /** The seated participants of a call's room, as the tiles show them. */
  async function participantsOf(call: CallRow): Promise<RoomParticipant[]> {
    const rows = await db
      .select({
        id: users.id,
        name: users.name,
        photoUrl: users.photoUrl,
        audio: callMembers.audio,
        video: callMembers.video,
        screen: callMembers.screen,
      })
      .from(callMembers)
      .innerJoin(users, eq(users.id, callMembers.userId))
      .where(and(eq(callMembers.callId, call.id), isNotNull(callMembers.socketId)))
    return rows.map((r) => ({
      _id: r.id,
      name: r.name,
      photo_url: r.photoUrl,
      guest: false,
      host: r.id === call.callerId,
      audio: r.audio === 1,
      video: r.video === 1,
      screen: r.screen === 1,
    }))
  }

  /**
   * Seats `userId` on this socket when they may enter: a member of the topic, the call answered (or
   * still ringing, for its caller). The call's status is locked while the seat is taken, so a call
   * ending at the same moment does not keep a seat.
   */
  async function seat(
    socketId: string,
    userId: string,
    roomId: string,
    flags: { audio: boolean; video: boolean },
  ): Promise<
    { ok: true; call: CallRow; title: string; participant: RoomParticipant; language: Language } | { ok: false; message: string }
  > {
    const [me] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1)
    const language = asLanguage(me?.language)
    const [found] = await db
      .select({ call: calls, topicName: topics.name, isGroup: topics.isGroup, member: topicMembers.userId })
      .from(calls)
      .innerJoin(topics, eq(topics.id, calls.topicId))
      .leftJoin(topicMembers, and(eq(topicMembers.topicId, calls.topicId), eq(topicMembers.userId, userId)))
      .where(eq(calls.uuid, roomId))
      .limit(1)
    if (!found) return fail('notFound', language)
    if (!found.member) return fail('permissionDenied', language)
    const seated = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(calls).where(eq(calls.id, found.call.id)).for('update')
      if (!locked) return null
      const open = locked.status === 'answered' || (locked.status === 'ringing' && locked.callerId === userId)
      if (!open) return locked
      const [before] = await tx
        .select({ socketId: callMembers.socketId })
        .from(callMembers)
        .where(and(eq(callMembers.callId, locked.id), eq(callMembers.userId, userId)))
      await tx
        .insert(callMembers)
        .values({
          callId: locked.id,
          userId,
          role: 'guest',
          socketId,
          joinedAt: new Date(config.now()),
          audio: flags.audio ? 1 : 0,
          video: flags.video ? 1 : 0,
        })
        .onConflictDoUpdate({
          target: [callMembers.callId, callMembers.userId],
          set: { socketId, joinedAt: new Date(config.now()), audio: flags.audio ? 1 : 0, video: flags.video ? 1 : 0, screen: 0 },
        })
      return { ...locked, seated: true as const, replaced: before?.socketId ?? null }
    })
    if (!seated) return fail('notFound', language)
    // A callee enters once they answered; nobody enters a call that is over.
    if (!('seated' in seated)) return fail(seated.status === 'ringing' ? 'permissionDenied' : 'callOver', language)
    const { seated: _, replaced, ...call } = seated
    // The same person in the room from another tab or device before: that socket is out of the room now.
    if (replaced && replaced !== socketId) realtime.io.in(replaced).socketsLeave(callRoom(roomId))
    const person = (await db.select({ name: users.name, photoUrl: users.photoUrl }).from(users).where(eq(users.id, userId)).limit(1))[0]
    let title = found.topicName
    if (found.isGroup !== 1) {
      const [other] = await db
        .select({ name: users.name })
        .from(topicMembers)
        .innerJoin(users, eq(users.id, topicMembers.userId))
        .where(and(eq(topicMembers.topicId, call.topicId), sql`${topicMembers.userId} <> ${userId}`))
        .limit(1)
      title = other?.name ?? ''
    }
    return {
      ok: true,
      call,
      title,
      language,
      participant: {
        _id: userId,
        name: person?.name ?? '',
        photo_url: person?.photoUrl ?? null,
        guest: false,
        host: userId === call.callerId,
        audio: flags.audio,
        video: flags.video,
        screen: false,
      },
    }
  }

  io.on('connection', (socket) => {
    const userId = socket.data.userId
    /** This socket's seats, by room id (this node's knowledge; the database's seats decide every relay). */
    const seats = new Map<string, Seat>()
    let windowStart = 0
    let inWindow = 0
    /** Within this socket's budget of relayed events (each costs a query). */
    const admitted = () => {
      const at = Date.now()
      if (at - windowStart >= 1000) {
        windowStart = at
        inWindow = 0
      }
      return ++inWindow <= ROOM_EVENTS_PER_SECOND
    }

    /** Gives up this socket's seat (if it still holds it): the room hears it, and the last one out ends the call. */
    async function leave(roomId: string) {
      const held = seats.get(roomId)
      if (!held) return
      seats.delete(roomId)
      void socket.leave(callRoom(roomId))
      const freed = await db
        .update(callMembers)
        .set({ socketId: null })
        .where(and(eq(callMembers.callId, held.call.id), eq(callMembers.userId, userId), eq(callMembers.socketId, socket.id)))
        .returning({ userId: callMembers.userId })
      if (!freed.length) return
      service.unseated(held.call, userId)
      await service.endIfEmpty(held.call.id, userId)
    }

    socket.on(ROOM_EVENTS.ROOM_JOIN, (payload, ack) => {
      if (typeof ack !== 'function') return
      // A meeting's room is entered with its token: the meetings' handler answers that.
      if (typeof payload !== 'object' || payload === null || payload.token !== undefined) return
      if (!isString(payload.room_id)) return ack(fail('invalidInput', FALLBACK_LANGUAGE))
      const roomId = payload.room_id
      const flags = { audio: payload.audio === true, video: payload.video === true }
      seat(socket.id, userId, roomId, flags)
        .then(async (seated) => {
          if (!seated.ok) return ack(seated)
          const { call, participant, title } = seated
          seats.set(roomId, { call, participant })
          await socket.join(callRoom(roomId))
          socket.to(callRoom(roomId)).emit(ROOM_EVENTS.ROOM_PEER_JOINED, { room_id: roomId, participant })
          const answer: RoomJoinAck = {
            ok: true,
            room_id: roomId,
            self: userId,
            topology: call.topology as 'p2p' | 'sfu',
            ice_servers: iceServersFor(config.calls.iceServers, userId, config.now(), config.calls.iceCredentialTtlSeconds),
            participants: await participantsOf(call),
            kind: 'call',
            topic_id: call.topicId,
            title,
          }
          ack(answer)
        })
        .catch((err: unknown) => {
          log.error({ err }, 'room join failed')
          ack(fail('serverError', FALLBACK_LANGUAGE))
        })
    })

    socket.on(ROOM_EVENTS.ROOM_SIGNAL, (payload) => {
      const signal = signalOf(payload)
      if (!signal || !seats.has(signal.room_id) || signal.peer === userId || !admitted()) return
      // Both seated in this room now (the sender on this very socket), read from the database on every relay.
      db.select({ peerSocket: callMembers.socketId })
        .from(callMembers)
        .innerJoin(calls, eq(calls.id, callMembers.callId))
        .where(
          and(
            eq(calls.uuid, signal.room_id),
            inArray(calls.status, ['ringing', 'answered']),
            eq(callMembers.userId, signal.peer),
            isNotNull(callMembers.socketId),
            sql`exists (select 1 from ${callMembers} me where me.call_id = ${calls.id} and me.user_id = ${userId} and me.socket_id = ${socket.id})`,
          ),
        )
        .limit(1)
        .then(([peer]) => {
          if (!peer?.peerSocket) return
          const { peer: _to, ...rest } = signal
          io.to(peer.peerSocket).emit(ROOM_EVENTS.ROOM_SIGNAL, { ...rest, peer: userId })
        })
        .catch((err: unknown) => log.error({ err }, 'signal relay failed'))
    })

    socket.on(ROOM_EVENTS.ROOM_STATE, (payload) => {
      if (typeof payload !== 'object' || payload === null || !isString(payload.room_id)) return
      const held = seats.get(payload.room_id)
      if (!held || !admitted()) return
      const next = { audio: payload.audio === true, video: payload.video === true, screen: payload.screen === true }
      const before = held.participant
      held.participant = { ...before, ...next }
      const changed = before.audio !== next.audio || before.video !== next.video || before.screen !== next.screen
      const saving = changed
        ? db
            .update(callMembers)
            .set({ audio: next.audio ? 1 : 0, video: next.video ? 1 : 0, screen: next.screen ? 1 : 0 })
            .where(and(eq(callMembers.callId, held.call.id), eq(callMembers.userId, userId), eq(callMembers.socketId, socket.id)))
        : Promise.resolve()
      saving
        .then(() =>
          socket.to(callRoom(payload.room_id)).emit(ROOM_EVENTS.ROOM_STATE, {
            room_id: payload.room_id,
            participant: held.participant,
            ...(typeof payload.speaking === 'boolean' && { speaking: payload.speaking }),
          }),
        )
        .catch((err: unknown) => log.error({ err }, 'room state failed'))
    })

    socket.on(ROOM_EVENTS.ROOM_LEAVE, (payload) => {
      if (typeof payload !== 'object' || payload === null || !isString(payload.room_id)) return
      service.background(leave(payload.room_id))
    })

    socket.on(ROOM_EVENTS.ROOM_SFU, (payload, ack) => {
      if (typeof ack !== 'function' || typeof payload !== 'object' || payload === null || !isString(payload.room_id)) return
      const held = seats.get(payload.room_id)
      // Not a call's room this socket sits in: a meeting's, which its handler answers.
      if (!held) return
      sfuRequest(held, payload)
        .then(ack)
        .catch((err: unknown) => {
          log.error({ err }, 'sfu request failed')
          // What the SFU said stays in the log: the participant learns only that it failed.
          ack({ ok: false, message: serverMessage('serverError', FALLBACK_LANGUAGE) })
        })
    })

    /** A group call's publish, subscribe or restart through the SFU, for a socket seated in its room. */
    async function sfuRequest(held: Seat, request: SfuRequest): Promise<SfuAck> {
      const roomId = held.call.uuid
      if (held.call.topology !== 'sfu')
        return { ok: false, message: 'This call is peer to peer: send ROOM_SIGNAL to the other participant.' }
      return carryOutSfuRequest(ctx.sfu, roomId, userId, request, {
        published: (feed) => socket.to(callRoom(roomId)).emit(ROOM_EVENTS.ROOM_FEED, { room_id: roomId, feed, participant_id: userId }),
        invalid: (message) => fail(message, FALLBACK_LANGUAGE),
      })
    }

    socket.on('disconnect', () => {
      for (const roomId of [...seats.keys()]) service.background(leave(roomId))
    })
  })
}
