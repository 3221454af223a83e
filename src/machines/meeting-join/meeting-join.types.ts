import type { CallOpenResult, MeetingDetail } from '../../../contract/call'

export type { CallOpenResult, MeetingDetail }

export interface MeetingJoinInput {
  /** The meeting's code (from the link, or the meeting-now dialog). */
  code: string
  /** The name to start with (the one typed in the dialog, or the signed-in user's). */
  name: string
}

export interface MeetingJoinContext {
  code: string
  name: string
  password: string
  detail: MeetingDetail | null
  /** Why the meeting could not be found or joined (the server's message). */
  error: string | null
}

export type MeetingJoinEvent = { type: 'CHANGE'; field: 'name' | 'password'; value: string } | { type: 'JOIN' } | { type: 'RETRY' }
