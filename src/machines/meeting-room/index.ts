export {
  CHAT_LINE_MAX,
  meetingRoomMachine,
  meetingRoomSampleInput,
  type MeetingRoomActor,
  type MeetingRoomMachine,
  type MeetingRoomSnapshot,
} from './meeting-room.machine'
export { codeGroups, connect, type MeetingRoomProps } from './meeting-room.connect'
export type { MeetingRoomContext, MeetingRoomEvent, MeetingRoomInput, RoomChatLine } from './meeting-room.types'
