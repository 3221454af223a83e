import { randomInt } from 'node:crypto'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import {
  type CallOpenResult,
  callRoom,
  MEETING_MAX_PARTICIPANTS,
  type MeetingCreateBody,
  type MeetingDetail,
  type MeetingHostBody,
  type MeetingJoinBody,
  type RoomParticipant,
} from '../../../contract'
import { checkPassword, hashPassword } from '../../auth/passwords'
import { createRoomTokens, type RoomGrant } from '../../auth/room-tokens'
import type { AppContext } from '../../context'
import { type MeetingRow, meetingParticipants, meetings, users } from '../../db/schema'
import { HttpError, notFound, unauthorized } from '../../http/errors'
import type { RoomSeat } from '../../realtime'

/** How many fresh codes a new meeting tries before giving up (a collision among 10^9 codes is rare; several in a row, absurd). */
const CODE_ATTEMPTS = 8

/** A new 9-digit code, leading zeros included. */
const newCode = () => String(randomInt(0, 1_000_000_000)).padStart(9, '0')

/** The socket.io room of one participant's sockets in meetings (the host's mute and remove reach them there). */
export const meetingPeerRoom = (participantId: string) => `meeting-peer:${participantId}`

/** A room token that still admits its holder: the meeting and the participant as stored. */
export interface Admission {
  grant: RoomGrant
  title: string
  participant: RoomParticipant
}

const MEETING_ENDED = () => new HttpError(410, 'meetingEnded')

/**
 * Instant meetings (call-open/*): the only writer of `meetings` and `meeting_participants`. Anyone
 * (guests too) starts one and becomes its host; others join by its 9-digit code with a name (and
 * the password of a private one). Each joiner gets a room token naming the meeting and their
 * participant id; the host's token also steers the room (mute, remove, lock, end). Who is in a
 * meeting right now is who has a socket in its room (callRoom), counted across nodes.
 */
export function createMeetingService(ctx: AppContext) {
  const { db, config, realtime, sfu } = ctx
  const roomTokens = createRoomTokens(config.keys.room, config.now)
  const io = realtime.io

  /** The distinct participants with a socket in the meeting's room now (every node). */
  async function present(meetingId: string): Promise<RoomSeat[]> {
    const sockets = await io.in(callRoom(meetingId)).fetchSockets()
    const seats = new Map<string, RoomSeat>()
    for (const s of sockets) {
      const seat = s.data.seat
      if (seat?.id === meetingId && !seats.has(seat.participant._id)) seats.set(seat.participant._id, seat)
    }
    return [...seats.values()]
  }

  const detailOf = async (row: MeetingRow): Promise<MeetingDetail> => ({
    _id: row.id,
    room_name: row.roomName,
    code: row.code,
    private: row.passwordHash !== null,
    locked: row.locked === 1,
    participants: (await present(row.id)).length,
  })

  async function seat(meeting: MeetingRow, userId: string | null, name: string, host: boolean): Promise<CallOpenResult> {
    // A signed-in person joining again keeps their place (one participant, the same id on every tab).
    const [again] = userId
      ? await db
          .select({ id: meetingParticipants.id, host: meetingParticipants.host })
          .from(meetingParticipants)
          .where(and(eq(meetingParticipants.meetingId, meeting.id), eq(meetingParticipants.userId, userId)))
          .limit(1)
      : []
    const participantId =
      again?.id ??
      (
        await db
          .insert(meetingParticipants)
          .values({ meetingId: meeting.id, userId, name, host: host ? 1 : 0 })
          .returning({ id: meetingParticipants.id })
      )[0]!.id
    if (again) await db.update(meetingParticipants).set({ name }).where(eq(meetingParticipants.id, again.id))
    const jwt = await roomTokens.sign({ meetingId: meeting.id, participantId, name, host: again ? again.host === 1 : host })
    return { _id: meeting.id, jwt, server_meet: sfu.kind, code: meeting.code }
  }

  async function byCode(code: string): Promise<MeetingRow> {
    const [row] = await db.select().from(meetings).where(eq(meetings.code, code)).limit(1)
    if (!row) throw notFound()
    if (row.endedAt) throw MEETING_ENDED()
    return row
  }

  /** The token's grant, its meeting and participant as stored; refused when removed or ended. */
  async function admission(token: string): Promise<Admission> {
    const grant = await roomTokens.verify(token)
    if (!grant) throw unauthorized('roomTokenInvalid')
    const [row] = await db
      .select({
        roomName: meetings.roomName,
        endedAt: meetings.endedAt,
        removedAt: meetingParticipants.removedAt,
        host: meetingParticipants.host,
        name: meetingParticipants.name,
        userId: meetingParticipants.userId,
        photoUrl: users.photoUrl,
      })
      .from(meetingParticipants)
      .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
      .leftJoin(users, eq(users.id, meetingParticipants.userId))
      .where(and(eq(meetingParticipants.id, grant.participantId), eq(meetingParticipants.meetingId, grant.meetingId)))
      .limit(1)
    if (!row) throw unauthorized('roomTokenInvalid')
    if (row.endedAt) throw MEETING_ENDED()
    if (row.removedAt) throw new HttpError(403, 'meetingRemoved')
    return {
      grant,
      title: row.roomName,
      participant: {
        _id: grant.participantId,
        name: row.name,
        photo_url: row.photoUrl ?? null,
        guest: row.userId === null,
        host: row.host === 1,
        audio: false,
        video: false,
        screen: false,
      },
    }
  }

  return {
    roomTokens,

    /** POST call-open/create: a new meeting under a fresh unique code; the caller (signed in or a guest) hosts it. */
    async create(userId: string | null, body: MeetingCreateBody): Promise<CallOpenResult> {
      const roomName = body.room_name.trim() || body.name.trim()
      const name = body.name.trim() || body.room_name.trim()
      const password = body.password ?? ''
      const passwordHash = password ? await hashPassword(password) : null
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        // The unique index decides: a taken code inserts nothing, and another is drawn.
        const [meeting] = await db
          .insert(meetings)
          .values({ code: newCode(), roomName, passwordHash, createdBy: userId })
          .onConflictDoNothing({ target: meetings.code })
          .returning()
        if (meeting) return seat(meeting, userId, name, true)
      }
      throw new HttpError(503, 'tryAgainLater')
    },

    /** GET call-open/detail/:code. */
    async detail(code: string): Promise<MeetingDetail> {
      return detailOf(await byCode(code))
    },

    /** POST call-open/join: an ended, locked or full meeting refuses, and so does a wrong password. */
    async join(userId: string | null, body: MeetingJoinBody): Promise<CallOpenResult> {
      const meeting = await byCode(body.code)
      if (meeting.locked === 1) throw new HttpError(403, 'meetingLocked')
      if (meeting.passwordHash !== null && !(await checkPassword(meeting.passwordHash, body.password ?? '')))
        throw new HttpError(403, 'meetingPasswordIncorrect', { password: 'meetingPasswordIncorrect' })
      if (userId) {
        const [removed] = await db
          .select({ id: meetingParticipants.id })
          .from(meetingParticipants)
          .where(
            and(
              eq(meetingParticipants.meetingId, meeting.id),
              eq(meetingParticipants.userId, userId),
              isNotNull(meetingParticipants.removedAt),
            ),
          )
          .limit(1)
        if (removed) throw new HttpError(403, 'meetingRemoved')
      }
      if ((await present(meeting.id)).length >= MEETING_MAX_PARTICIPANTS)
        throw new HttpError(403, 'meetingFull', undefined, { limit: MEETING_MAX_PARTICIPANTS })
      return seat(meeting, userId, body.name.trim(), false)
    },

    admission,

    /** Who is in the meeting now. */
    present,

    /** POST call-open/host: only the host's token of this meeting steers it. */
    async host(token: string | undefined, body: MeetingHostBody): Promise<MeetingDetail> {
      if (!token) throw unauthorized('roomTokenInvalid')
      const { grant, participant } = await admission(token)
      if (grant.meetingId !== body.meeting_id || !participant.host) throw new HttpError(403, 'meetingHostOnly')
      const room = callRoom(grant.meetingId)
      if (body.action === 'mute' || body.action === 'remove') {
        const [target] = await db
          .select({ id: meetingParticipants.id })
          .from(meetingParticipants)
          .where(
            and(
              eq(meetingParticipants.id, body.participant_id),
              eq(meetingParticipants.meetingId, grant.meetingId),
              isNull(meetingParticipants.removedAt),
            ),
          )
          .limit(1)
        if (!target || target.id === grant.participantId) throw notFound()
        const peer = meetingPeerRoom(target.id)
        if (body.action === 'mute') {
          io.to(peer).emit('ROOM_HOST', { room_id: grant.meetingId, action: 'mute' })
        } else {
          await db
            .update(meetingParticipants)
            .set({ removedAt: new Date(config.now()) })
            .where(eq(meetingParticipants.id, target.id))
          io.to(peer).emit('ROOM_HOST', { room_id: grant.meetingId, action: 'remove' })
          io.in(peer).socketsLeave(room)
          io.to(room).emit('ROOM_PEER_LEFT', { room_id: grant.meetingId, participant_id: target.id })
          await sfu.leave(grant.meetingId, target.id)
        }
      } else if (body.action === 'lock') {
        await db
          .update(meetings)
          .set({ locked: body.locked ? 1 : 0 })
          .where(eq(meetings.id, grant.meetingId))
        io.to(room).emit('ROOM_HOST', { room_id: grant.meetingId, action: body.locked ? 'lock' : 'unlock' })
      } else {
        await db
          .update(meetings)
          .set({ endedAt: new Date(config.now()) })
          .where(and(eq(meetings.id, grant.meetingId), isNull(meetings.endedAt)))
        io.to(room).emit('ROOM_ENDED', { room_id: grant.meetingId })
        io.in(room).socketsLeave(room)
        await sfu.closeRoom(grant.meetingId)
      }
      const [row] = await db.select().from(meetings).where(eq(meetings.id, grant.meetingId)).limit(1)
      return detailOf(row!)
    },
  }
}

export type MeetingService = ReturnType<typeof createMeetingService>
