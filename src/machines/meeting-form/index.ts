export {
  canStartMeeting,
  codeDigits,
  meetingFormMachine,
  meetingFormSampleInput,
  meetingHref,
  meetingJoinHref,
  type MeetingFormActor,
  type MeetingFormMachine,
  type MeetingFormSnapshot,
} from './meeting-form.machine'
export { connect, type MeetingFormProps } from './meeting-form.connect'
export type {
  CallOpenResult,
  CreateMeetingInput,
  MeetingField,
  MeetingFormContext,
  MeetingFormError,
  MeetingFormEvent,
  MeetingFormInput,
  MeetingDetail,
} from './meeting-form.types'
