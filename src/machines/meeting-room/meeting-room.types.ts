import type { MeetingDetail, MeetingHostBody, RoomChatLine } from '../../../contract/call'

export type { MeetingDetail, MeetingHostBody, RoomChatLine }

export interface MeetingRoomInput {
  meetingId: string
  /** The join code, shown 3-3-3 with a copy button. */
  code: string
  /** This participant hosts the meeting: the host controls show. */
  host: boolean
}

export interface MeetingRoomContext extends MeetingRoomInput {
  /** The meeting's own chat, oldest first (what arrived since this participant came in). */
  lines: RoomChatLine[]
  draft: string
  /** The side panel (code, host controls, chat) is open. */
  open: boolean
  locked: boolean
  /** Why the host's last action failed (the server's message). */
  error: string | null
  /** The code was copied (until the next copy or change). */
  copied: boolean
}

export type MeetingRoomEvent =
  | { type: 'TOGGLE' }
  | { type: 'LINE'; line: RoomChatLine }
  | { type: 'DRAFT'; value: string }
  | { type: 'SEND' }
  | { type: 'COPY' }
  | { type: 'LOCKED'; locked: boolean }
  | { type: 'MUTE'; participantId: string }
  | { type: 'REMOVE'; participantId: string }
  | { type: 'LOCK'; locked: boolean }
  | { type: 'END' }
