export type MeetingField = 'roomName' | 'name' | 'password' | 'code'

import type { CallOpenResult, MeetingDetail } from '../../../contract/call'

/** What POST call-open/create answers; GET call-open/detail/{code} answers a MeetingDetail. */
export type { CallOpenResult, MeetingDetail }

export interface MeetingFormInput {
  /** The signed-in user's name, to start with. */
  name?: string
}

export type MeetingFormError = 'create' | 'code'

export interface MeetingFormContext {
  roomName: string
  name: string
  password: string
  code: string
  error: MeetingFormError | null
}

export type MeetingFormEvent =
  { type: 'CHANGE'; field: MeetingField; value: string } | { type: 'START' } | { type: 'JOIN' } | { type: 'CLOSE' }

/** POST call-open/create. */
export interface CreateMeetingInput {
  room_name: string
  name: string
  password: string
}
