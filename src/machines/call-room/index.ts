export {
  callRoomMachine,
  callRoomSampleInput,
  ENDED_RETURN_MS,
  ICE_RETRY_MS,
  type CallRoomActor,
  type CallRoomMachine,
  type CallRoomSnapshot,
} from './call-room.machine'
export { connect, type CallRoomPhase, type CallRoomProps, type DeviceChoice, type RoomTile } from './call-room.connect'
export type {
  CallRoomContext,
  CallRoomEvent,
  CallRoomInput,
  DeviceKind,
  MediaDevice,
  Peer,
  RoomCommand,
  RoomJoined,
} from './call-room.types'
