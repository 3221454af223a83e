import type { CallTopology, IceServer, RoomParticipant } from '../../../contract/call'

export interface CallRoomInput {
  /** The room: a call's uuid (/room/{uuid}) or a meeting's id. */
  roomId: string
  /** The call's id (call/out leaves with it); null in a meeting. */
  callId: string | null
  /** A meeting's room token (call-open/create or join); null for a call room. */
  token: string | null
  /** Start with the camera on (a video call) or off (a voice call). */
  video: boolean
}

/** What joining answers: the room as ROOM_JOIN's ack describes it, and what the local media turned out to be. */
export interface RoomJoined {
  self: string
  topology: CallTopology
  iceServers: IceServer[]
  /** Everyone in the room (this participant included). */
  participants: RoomParticipant[]
  kind: 'call' | 'meeting'
  topicId: string | null
  title: string
  /** Whether a microphone and a camera could be opened. */
  audio: boolean
  video: boolean
}

/** Someone else in the room, as their tile shows them. */
export interface Peer extends RoomParticipant {
  speaking: boolean
}

export type DeviceKind = 'audioinput' | 'videoinput'

export interface MediaDevice {
  deviceId: string
  kind: DeviceKind
  label: string
}

export interface CallRoomContext extends CallRoomInput {
  self: RoomParticipant | null
  topology: CallTopology | null
  iceServers: IceServer[]
  peers: Peer[]
  kind: 'call' | 'meeting'
  topicId: string | null
  title: string
  /** The microphone is on (not muted). */
  audio: boolean
  /** The camera is on (`video` of the input is the wish; this is what is sent). */
  camera: boolean
  screen: boolean
  /** Screen sharing was asked for and the browser has not answered yet. */
  screenAsked: boolean
  speaking: boolean
  devices: MediaDevice[]
  chosen: Record<DeviceKind, string | null>
  chatOpen: boolean
  /** Why joining failed (the server's words, or the browser's). */
  error: string | null
  /** ICE restarts asked for since the connection last failed. */
  restarts: number
}

/** What the room session (the runtime's WebRTC) is told. */
export type RoomCommand =
  | { type: 'SET_AUDIO'; on: boolean }
  | { type: 'SET_CAMERA'; on: boolean }
  | { type: 'START_SCREEN' }
  | { type: 'STOP_SCREEN' }
  | { type: 'USE_DEVICE'; kind: DeviceKind; deviceId: string }
  | { type: 'RESTART_ICE' }

export type CallRoomEvent =
  | { type: 'TOGGLE_AUDIO' }
  | { type: 'TOGGLE_CAMERA' }
  | { type: 'TOGGLE_SCREEN' }
  | { type: 'CHOOSE_DEVICE'; kind: DeviceKind; deviceId: string }
  | { type: 'TOGGLE_CHAT' }
  | { type: 'LEAVE' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  // from the room session
  | { type: 'SCREEN_STARTED' }
  | { type: 'SCREEN_STOPPED' }
  | { type: 'DEVICES'; devices: MediaDevice[] }
  | { type: 'PEER_JOINED'; participant: RoomParticipant }
  | { type: 'PEER_LEFT'; participantId: string }
  | { type: 'PEER_STATE'; participant: RoomParticipant }
  | { type: 'SPEAKING'; participantId: string; speaking: boolean }
  | { type: 'ICE_FAILED' }
  | { type: 'ICE_RECOVERED' }
  | { type: 'ROOM_ENDED' }
