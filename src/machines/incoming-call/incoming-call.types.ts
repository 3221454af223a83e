import type { Flag } from '../../../contract/common'

export interface IncomingCallRequest {
  /** The call's id, sent as call_id. */
  _id: string
  /** The call's room (/room/{uuid}). */
  uuid: string
  caller: { name: string; photoUrl: string | null }
  isVideo: boolean
}

/** The call response to POST call/answer. */
export interface CallAnswerResponse {
  status: number
  result?: { _id?: string }
}

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
  | { type: 'RESPONSE_CALL'; call_id: string; status: 'answered' | 'declined' | 'missed' }
  /** Socket CLOSE_POPUP_CALL. */
  | { type: 'CLOSE_POPUP_CALL' }
  | { type: 'CALLING_CHANGED'; calling: boolean }
  | { type: 'ROUTE_CHANGED'; pathname: string }
  | { type: 'SOUNDS_CHANGED'; sounds: Sounds }
