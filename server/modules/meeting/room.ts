import type { FastifyBaseLogger } from 'fastify'
import { callRoom, MEETING_MAX_PARTICIPANTS, ROOM_EVENTS, type RoomJoinAck, type RoomParticipant, SERVER_MESSAGES } from '../../../contract'
import type { AppContext } from '../../context'
import { HttpError } from '../../http/errors'
import { unstorable } from '../../http/validation'
import type { RealtimeSocket, RoomSeat } from '../../realtime'
import { carryOutSfuRequest } from '../../sfu/request'
import { iceServersFor } from '../call'
import { meetingPeerRoom, type MeetingService } from './service'

/** The longest line of a meeting's chat. */
export const ROOM_CHAT_MAX = 2_000

const refusal = (err: unknown): string =>
  err instanceof HttpError
    ? SERVER_MESSAGES[err.key].en.replace('{limit}', String(MEETING_MAX_PARTICIPANTS))
    : SERVER_MESSAGES.serverError.en

/**
 * The meetings' room events on every socket: ROOM_JOIN with a room token (kind 'meeting', always
 * through the SFU), ROOM_STATE, ROOM_CHAT (the meeting's own chat, relayed to its participants
 * only), ROOM_SFU through the server's SFU (ctx.sfu), ROOM_LEAVE and disconnect. A room-token socket (a
 * guest's, or anyone's meeting socket) may join only the meeting and participant its handshake
 * named. ROOM_JOIN without a token (a call's room) is left to the call's handler.
 */
export function installMeetingRoom(ctx: AppContext, service: MeetingService, log: Pick<FastifyBaseLogger, 'error'>) {
  const io = ctx.realtime.io
  const { sfu } = ctx

  /** The socket's seat when it is in that meeting's room now (the host's remove or end takes it out). */
  const seated = (socket: RealtimeSocket, roomId: unknown): RoomSeat | null => {
    const seat = socket.data.seat
    return typeof roomId === 'string' && seat?.id === roomId && socket.rooms.has(callRoom(roomId)) ? seat : null
  }

  async function leave(socket: RealtimeSocket, seat: RoomSeat) {
    const room = callRoom(seat.id)
    const pid = seat.participant._id
    socket.data.seat = undefined
    await socket.leave(room)
    await socket.leave(meetingPeerRoom(pid))
    // Another socket of the same participant (a second tab) keeps them in.
    if ((await service.present(seat.id)).some((s) => s.participant._id === pid)) return
    io.to(room).emit(ROOM_EVENTS.ROOM_PEER_LEFT, { room_id: seat.id, participant_id: pid })
    await sfu.leave(seat.id, pid)
  }

  io.on('connection', (socket) => {
    socket.on(ROOM_EVENTS.ROOM_JOIN, async (payload, ack) => {
      if (typeof ack !== 'function') return
      const token = payload?.token
      if (typeof token !== 'string') {
        // A call's room is the call handler's; a room-token socket has no other room.
        if (socket.data.room) ack({ ok: false, message: SERVER_MESSAGES.permissionDenied.en })
        return
      }
      let answer: RoomJoinAck
      try {
        const { grant, title, participant } = await service.admission(token)
        const own = socket.data.room
        if (
          payload.room_id !== grant.meetingId ||
          (own && (own.meetingId !== grant.meetingId || own.participantId !== grant.participantId))
        )
          throw new HttpError(403, 'permissionDenied')
        const present = await service.present(grant.meetingId)
        if (present.length >= MEETING_MAX_PARTICIPANTS && !present.some((s) => s.participant._id === grant.participantId))
          throw new HttpError(403, 'meetingFull')
        const previous = socket.data.seat
        if (previous && previous.id !== grant.meetingId) await leave(socket, previous)
        const self: RoomParticipant = { ...participant, audio: payload.audio === true, video: payload.video === true }
        const seat: RoomSeat = { id: grant.meetingId, participant: self }
        socket.data.seat = seat
        await socket.join([callRoom(grant.meetingId), meetingPeerRoom(grant.participantId)])
        const others = present.filter((s) => s.participant._id !== grant.participantId)
        answer = {
          ok: true,
          room_id: grant.meetingId,
          self: grant.participantId,
          topology: 'sfu',
          ice_servers: iceServersFor(
            ctx.config.calls.iceServers,
            grant.participantId,
            ctx.config.now(),
            ctx.config.calls.iceCredentialTtlSeconds,
          ),
          participants: [self, ...others.map((s) => s.participant)],
          kind: 'meeting',
          topic_id: null,
          title,
        }
        ack(answer)
        socket.to(callRoom(grant.meetingId)).emit(ROOM_EVENTS.ROOM_PEER_JOINED, { room_id: grant.meetingId, participant: self })
        // The streams already published: the newcomer subscribes to each.
        for (const other of others)
          if (other.feed)
            socket.emit(ROOM_EVENTS.ROOM_FEED, { room_id: grant.meetingId, feed: other.feed, participant_id: other.participant._id })
      } catch (err) {
        if (!(err instanceof HttpError)) log.error({ err }, 'meeting join failed')
        ack({ ok: false, message: refusal(err) })
      }
    })

    socket.on(ROOM_EVENTS.ROOM_SFU, async (payload, ack) => {
      if (typeof ack !== 'function') return
      const seat = seated(socket, payload?.room_id)
      if (!seat) {
        // Not a meeting this socket sits in: a call's room is the call handler's.
        if (socket.data.room) ack({ ok: false, message: SERVER_MESSAGES.permissionDenied.en })
        return
      }
      try {
        ack(
          await carryOutSfuRequest(sfu, seat.id, seat.participant._id, payload, {
            published: (feed) => {
              seat.feed = feed
              socket.to(callRoom(seat.id)).emit(ROOM_EVENTS.ROOM_FEED, { room_id: seat.id, feed, participant_id: seat.participant._id })
            },
            restarted: () => {
              seat.feed = undefined
            },
            invalid: (message) => ({ ok: false, message: SERVER_MESSAGES[message].en }),
          }),
        )
      } catch (err) {
        log.error({ err, kind: payload.kind }, 'meeting SFU request failed')
        ack({ ok: false, message: SERVER_MESSAGES.serverError.en })
      }
    })

    socket.on(ROOM_EVENTS.ROOM_STATE, (payload) => {
      const seat = seated(socket, payload?.room_id)
      if (!seat) return
      const flag = (value: unknown, was: boolean) => (typeof value === 'boolean' ? value : was)
      const p = seat.participant
      seat.participant = {
        ...p,
        audio: flag(payload.audio, p.audio),
        video: flag(payload.video, p.video),
        screen: flag(payload.screen, p.screen),
      }
      socket.to(callRoom(seat.id)).emit(ROOM_EVENTS.ROOM_STATE, {
        room_id: seat.id,
        participant: seat.participant,
        ...(typeof payload.speaking === 'boolean' && { speaking: payload.speaking }),
      })
    })

    socket.on(ROOM_EVENTS.ROOM_CHAT, (payload) => {
      const seat = seated(socket, payload?.room_id)
      const text = typeof payload?.text === 'string' ? payload.text.trim() : ''
      if (!seat || !text || text.length > ROOM_CHAT_MAX || unstorable(text)) return
      io.to(callRoom(seat.id)).emit(ROOM_EVENTS.ROOM_CHAT, {
        room_id: seat.id,
        from: seat.participant._id,
        name: seat.participant.name,
        text,
        at: new Date(ctx.config.now()).toISOString(),
      })
    })

    socket.on(ROOM_EVENTS.ROOM_LEAVE, (payload) => {
      const seat = seated(socket, payload?.room_id)
      if (seat) leave(socket, seat).catch((err: unknown) => log.error({ err }, 'leaving a meeting failed'))
    })

    socket.on('disconnect', () => {
      const seat = socket.data.seat
      if (!seat) return
      // The socket is out of its rooms already: tell the others unless another socket of theirs stays.
      socket.data.seat = undefined
      service
        .present(seat.id)
        .then(async (present) => {
          if (present.some((s) => s.participant._id === seat.participant._id)) return
          io.to(callRoom(seat.id)).emit(ROOM_EVENTS.ROOM_PEER_LEFT, { room_id: seat.id, participant_id: seat.participant._id })
          await sfu.leave(seat.id, seat.participant._id)
        })
        .catch((err: unknown) => log.error({ err }, 'a meeting socket’s leaving failed'))
    })
  })
}
