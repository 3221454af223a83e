import type { CallStatus } from '../../../contract/call'

export interface CallRef {
  /** The call's id, sent as call_id. */
  _id: string
  /** The room the call happens in (/room/{uuid}). */
  uuid: string
}

export interface OutgoingCallInput {
  call: CallRef
  callee: { name: string; photoUrl: string | null }
  isVideo: boolean
}

export interface OutgoingCallContext extends OutgoingCallInput {
  waitingToneVolume: number
}

/** The socket's RESPONSE_CALL as the caller hears it. */
export type CallResponseStatus = Exclude<CallStatus, 'ringing'>

export type OutgoingCallEvent =
  /** The caller pressed Cancel. */
  | { type: 'CANCEL' }
  /** Socket RESPONSE_CALL: the callee answered or declined, or the call ended otherwise (missed by the server's timer, cancelled on another tab). */
  | { type: 'RESPONSE_CALL'; call_id: string; status: CallResponseStatus }
