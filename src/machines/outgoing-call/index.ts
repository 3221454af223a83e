export {
  CALL_TIMEOUT_MS,
  outgoingCallMachine,
  outgoingCallSampleInput,
  WAITING_TONE_VOLUME,
  type OutgoingCallActor,
  type OutgoingCallMachine,
  type OutgoingCallSnapshot,
} from './outgoing-call.machine'
export { connect, type OutgoingCallPhase, type OutgoingCallProps, type ToneProps } from './outgoing-call.connect'
export type { CallRef, CallResponseStatus, OutgoingCallContext, OutgoingCallEvent, OutgoingCallInput } from './outgoing-call.types'
