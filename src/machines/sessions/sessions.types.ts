import type { ActiveSession, LoginEntry, SessionList } from '../../../contract/pages'

export type { ActiveSession, LoginEntry, SessionList }

export interface SessionsContext {
  list: SessionList | null
  /** What is being signed out: one session, or every other one. */
  acting: { kind: 'one'; sessionId: string } | { kind: 'others' } | null
  error: string | null
}

export type SessionsEvent =
  | { type: 'RETRY' }
  | { type: 'SIGN_OUT'; sessionId: string }
  /** Asks first (ready.confirmingOthers): CONFIRM signs them out, CANCEL keeps them. */
  | { type: 'SIGN_OUT_OTHERS' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
