export {
  canStartMeeting,
  meetingFormMachine,
  meetingFormSampleInput,
  meetingHref,
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
} from './meeting-form.types'
