export {
  FRIEND_STATUS,
  friendStatusMachine,
  friendStatusSampleInput,
  type FriendStatusActor,
  type FriendStatusMachine,
  type FriendStatusSnapshot,
} from './friend-status.machine'
export { connect, type FriendStatusBusy, type FriendStatusLabel, type FriendStatusProps } from './friend-status.connect'
export type {
  FriendStatus,
  FriendStatusContext,
  FriendStatusError,
  FriendStatusEvent,
  FriendStatusInput,
  Person,
  RelateInput,
} from './friend-status.types'
