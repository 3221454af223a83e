import { z } from 'zod'
import { objectId } from './common'

/**
 * Calls (call/*) and instant meetings (call-open/*), and the room's signalling over socket.io.
 *
 * A call rings in a topic (a 1:1 chat or a group). The server keeps each call in a statechart:
 *
 *   ringing --answer--> answered --last one out (call/out) or the caller hangs up--> ended
 *   ringing --decline (every callee of a 1:1, or the caller told)--> declined
 *   ringing --cancel (the caller)--> cancelled
 *   ringing --60 s without an answer (the server's own timer, once across nodes), or call/miss--> missed
 *
 * Its room is /room/{uuid}. Two people talk peer to peer (`topology: 'p2p'`, offers relayed by the
 * server among the room's participants only); a group call or a meeting goes through the SFU
 * (`topology: 'sfu'`), each participant publishing one stream and subscribing to the others.
 */

export const CALL_STATUSES = ['ringing', 'answered', 'declined', 'cancelled', 'missed', 'ended'] as const
export const callStatus = z.enum(CALL_STATUSES)
export type CallStatus = z.infer<typeof callStatus>

/** How long a call rings before the server ends it as missed (spec 9: calling timeout 60 s). */
export const CALL_RING_MS = 60_000

export const CALL_TOPOLOGIES = ['p2p', 'sfu'] as const
export type CallTopology = (typeof CALL_TOPOLOGIES)[number]

/** A client-made id that makes a retried start idempotent (a retry answers the same call). */
export const clientCallId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only')

const isVideo = z.boolean()

/** POST call/topic: ring everyone else in a topic the caller belongs to. */
export const callTopicBody = z.strictObject({ topic_id: objectId, is_video: isVideo, call_id: clientCallId })
export type CallTopicBody = z.infer<typeof callTopicBody>

/** POST call/customer: ring one person (their 1:1 chat, made on first use), by person or by that 1:1 topic. */
export const callCustomerBody = z
  .strictObject({ customer_id: objectId.optional(), topic_id: objectId.optional(), is_video: isVideo, call_id: clientCallId })
  .refine((body) => (body.customer_id === undefined) !== (body.topic_id === undefined), {
    message: 'Give either customer_id or topic_id',
    path: ['customer_id'],
  })
export type CallCustomerBody = z.infer<typeof callCustomerBody>

/** POST call/answer, call/decline, call/cancel, call/miss, call/out; GET call/detail. */
export const callIdBody = z.strictObject({ call_id: objectId })
export type CallIdBody = z.infer<typeof callIdBody>

export const callPerson = z.object({ _id: z.string(), name: z.string(), photo_url: z.string().nullable() })
export type CallPerson = z.infer<typeof callPerson>

/** A call as its participants see it (spec 3: Call {_id, uuid}). */
export const call = z.object({
  _id: z.string(),
  /** The room: /room/{uuid}. */
  uuid: z.string(),
  topic_id: z.string(),
  is_video: z.boolean(),
  status: callStatus,
  topology: z.enum(CALL_TOPOLOGIES),
  caller: callPerson,
  /** ISO times. */
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
})
export type Call = z.infer<typeof call>

/**
 * call/topic and call/customer answer the call, or say why nobody rings: `held` lists callees whose
 * do not disturb or mute holds the ring back (the caller is told; the call still rings the rest,
 * and a call where every callee is held is not started).
 */
export const callStart = z.object({
  call,
  held: z.array(z.object({ _id: z.string(), name: z.string(), reason: z.enum(['dnd', 'muted']) })),
})
export type CallStart = z.infer<typeof callStart>

/**
 * POST call/answer: status 200 and the call, whose room is /room/{uuid}; status 301 when the call
 * moved to another room (a 1:1 call that grew into a group room), whose id is `_id`.
 */
export const callAnswer = z.object({ status: z.union([z.literal(200), z.literal(301)]), _id: z.string(), call })
export type CallAnswer = z.infer<typeof callAnswer>

/**
 * When a call ends the topic gets one message of type 'call' whose text is this, as JSON: how it
 * ended and, for a call that was answered, how long it lasted (seconds from the answer to the end).
 */
export const callSummary = z.object({
  call_id: z.string(),
  status: z.enum(['missed', 'declined', 'cancelled', 'ended']),
  is_video: z.boolean(),
  duration_s: z.number().int().min(0).nullable(),
})
export type CallSummary = z.infer<typeof callSummary>

/** A 'call' message's summary, or null when its text is not one. */
export function parseCallSummary(text: string): CallSummary | null {
  try {
    const parsed = callSummary.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** An answered call nobody sits in for this long (everyone's connection dropped without a leave) ends. */
export const CALL_EMPTY_MS = 60_000

// ---------------------------------------------------------------- instant meetings (call-open/*)

export const meetingName = z.string().trim().max(100)
/** POST call-open/create: a room name and the host's name (one of them at least); a password makes the room private. */
export const meetingCreateBody = z
  .strictObject({ room_name: meetingName, name: meetingName, password: z.string().max(100).default('') })
  .refine((body) => body.room_name !== '' || body.name !== '', { message: 'Give a meeting name or your name', path: ['room_name'] })
export type MeetingCreateBody = z.input<typeof meetingCreateBody>

/** A meeting's join code: 9 digits, shown as 3-3-3. */
export const meetingCode = z.string().regex(/^\d{9}$/, 'The code has 9 digits')

/**
 * Spec 3 Call-open result: the meeting's id, the joiner's room token (`jwt`, which the socket
 * handshake and the room's events take, for guests too), where the media go (`server_meet`:
 * 'embedded' or 'janus'), and the join code.
 */
export const callOpenResult = z.object({ _id: z.string(), jwt: z.string(), server_meet: z.string(), code: meetingCode })
export type CallOpenResult = z.infer<typeof callOpenResult>

/** GET call-open/detail/:code: what the join screen shows before asking for a name (and a password when private). */
export const meetingDetail = z.object({
  _id: z.string(),
  room_name: z.string(),
  code: meetingCode,
  private: z.boolean(),
  locked: z.boolean(),
  participants: z.number().int(),
})
export type MeetingDetail = z.infer<typeof meetingDetail>

/** POST call-open/join: a guest or a signed-in person joins with a name (and the password of a private room). */
export const meetingJoinBody = z.strictObject({ code: meetingCode, name: meetingName.min(1), password: z.string().max(100).default('') })
export type MeetingJoinBody = z.input<typeof meetingJoinBody>

/** The most people in one meeting (guests included). */
export const MEETING_MAX_PARTICIPANTS = 12

/** POST call-open/host: the host mutes or removes a participant, locks or unlocks the room, or ends it for everyone. */
export const meetingHostBody = z.discriminatedUnion('action', [
  z.strictObject({ meeting_id: objectId, action: z.literal('mute'), participant_id: objectId }),
  z.strictObject({ meeting_id: objectId, action: z.literal('remove'), participant_id: objectId }),
  z.strictObject({ meeting_id: objectId, action: z.literal('lock'), locked: z.boolean() }),
  z.strictObject({ meeting_id: objectId, action: z.literal('end') }),
])
export type MeetingHostBody = z.infer<typeof meetingHostBody>

// ---------------------------------------------------------------- the room (socket.io)

/** ICE servers for RTCPeerConnection (from ICE_SERVERS; TURN with time-limited credentials). */
export interface IceServer {
  urls: string | string[]
  username?: string
  credential?: string
}

/** Someone in a room, as the tiles show them. `_id` is the participant id (a user id, or a guest's). */
export interface RoomParticipant {
  _id: string
  name: string
  photo_url: string | null
  guest: boolean
  host: boolean
  audio: boolean
  video: boolean
  screen: boolean
}

/**
 * ROOM_JOIN's answer. A call room is entered with the user's own socket (membership of the call's
 * topic checked); a meeting with the room token (`token`, from call-open/create or join).
 */
export type RoomJoinAck =
  | {
      ok: true
      room_id: string
      /** The participant id this socket has in the room. */
      self: string
      topology: CallTopology
      ice_servers: IceServer[]
      participants: RoomParticipant[]
      kind: 'call' | 'meeting'
      /** The call's topic (its chat is the call's chat); null for a meeting. */
      topic_id: string | null
      title: string
    }
  | { ok: false; message: string }

/** A session description or an ICE candidate, relayed from one participant to another (peer to peer). */
export interface RoomSignal {
  room_id: string
  /** Participant id: `to` on the way in, `from` on the way out. */
  peer: string
  description?: { type: 'offer' | 'answer'; sdp: string }
  candidate?: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null
}

/** Talking to the SFU: publish this participant's stream, or subscribe to another's. */
export type SfuRequest =
  | { room_id: string; kind: 'publish'; offer: string }
  | { room_id: string; kind: 'subscribe'; feed: string }
  | { room_id: string; kind: 'subscribe-answer'; feed: string; answer: string }
  | { room_id: string; kind: 'restart' }
export type SfuAck = { ok: true; sdp?: string; type?: 'offer' | 'answer' } | { ok: false; message: string }

/** A chat line in a meeting's own chat (a call's chat is its topic). */
export interface RoomChatLine {
  room_id: string
  from: string
  name: string
  text: string
  at: string
}

export const ROOM_EVENTS = {
  /** client -> server, with ack RoomJoinAck. */
  ROOM_JOIN: 'ROOM_JOIN',
  ROOM_LEAVE: 'ROOM_LEAVE',
  /** both ways: a peer-to-peer description or candidate. */
  ROOM_SIGNAL: 'ROOM_SIGNAL',
  /** client -> server with ack SfuAck. */
  ROOM_SFU: 'ROOM_SFU',
  /** both ways: a participant's audio, video, screen flags and whether they speak. */
  ROOM_STATE: 'ROOM_STATE',
  ROOM_CHAT: 'ROOM_CHAT',
  /** server -> client. */
  ROOM_PEER_JOINED: 'ROOM_PEER_JOINED',
  ROOM_PEER_LEFT: 'ROOM_PEER_LEFT',
  /** A new published stream in an SFU room: subscribe to it. */
  ROOM_FEED: 'ROOM_FEED',
  /** The host muted this participant, or removed them, or ended the room. */
  ROOM_HOST: 'ROOM_HOST',
  ROOM_ENDED: 'ROOM_ENDED',
} as const

/** socket.io room of a call or meeting's participants. */
export const callRoom = (roomId: string) => `room:${roomId}`
