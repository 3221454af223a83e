export {
  canJoinMeeting,
  meetingJoinMachine,
  meetingJoinSampleInput,
  type MeetingJoinActor,
  type MeetingJoinMachine,
  type MeetingJoinSnapshot,
} from './meeting-join.machine'
export { connect, type MeetingJoinProps } from './meeting-join.connect'
export type { CallOpenResult, MeetingDetail, MeetingJoinContext, MeetingJoinEvent, MeetingJoinInput } from './meeting-join.types'
