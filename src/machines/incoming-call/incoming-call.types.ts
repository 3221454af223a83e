import type { Call, CallAnswer, CallStatus } from '../../../contract/call'
import type { Flag } from '../../../contract/common'

/** Socket NEW_REQUEST_CALL: the call (its `_id` is sent as call_id, its room is /room/{uuid}) and the topic's name as the callee sees it. */
export type IncomingCallRequest = Call & { topic_name: string }

/** The answer to POST call/answer: status 301 when the call moved to another room (`_id`). */
export type CallAnswerResponse = CallAnswer

export type Sounds = Flag

export interface IncomingCallInput {
  sounds: Sounds
  calling?: boolean
  pathname?: string
}

export interface IncomingCallContext {
  call: IncomingCallRequest | null
  sounds: Sounds
  /** Already in a call (the app state's is-calling flag). */
  calling: boolean
  /** The room view (/room/..., /call-open/...) is open. */
  inRoomView: boolean
  ringtoneVolume: number
  /** How many times the ringtone started for this call (the 60 s repeats). */
  ringtonePlays: number
}

export type IncomingCallEvent =
  /** Socket NEW_REQUEST_CALL. */
  | { type: 'NEW_REQUEST_CALL'; call: IncomingCallRequest }
  | { type: 'ANSWER' }
  | { type: 'DECLINE' }
  /** Socket RESPONSE_CALL: a missed response closes the popup. */
  | { type: 'RESPONSE_CALL'; call_id: string; status: Exclude<CallStatus, 'ringing'> }
  /** Socket CLOSE_POPUP_CALL: answered or declined on another tab or device, or cancelled. */
  | { type: 'CLOSE_POPUP_CALL'; call_id: string }
  | { type: 'CALLING_CHANGED'; calling: boolean }
  | { type: 'ROUTE_CHANGED'; pathname: string }
  | { type: 'SOUNDS_CHANGED'; sounds: Sounds }
