export {
  incomingCallMachine,
  incomingCallSampleInput,
  isRoomPath,
  RINGTONE_REPEAT_MS,
  RINGTONE_VOLUME,
  roomOf,
  type IncomingCallActor,
  type IncomingCallMachine,
  type IncomingCallSnapshot,
} from './incoming-call.machine'
export { connect, type IncomingCallPhase, type IncomingCallProps } from './incoming-call.connect'
export type {
  CallAnswerResponse,
  IncomingCallContext,
  IncomingCallEvent,
  IncomingCallInput,
  IncomingCallRequest,
  Sounds,
} from './incoming-call.types'
