import type { SessionsSnapshot } from './sessions.machine'
import type { ActiveSession, LoginEntry, SessionsEvent } from './sessions.types'

export interface SessionRow {
  session: ActiveSession
  /** This session is being signed out. */
  busy: boolean
}

export interface SessionsProps {
  status: 'loading' | 'failed' | 'ready'
  /** The session of this browser first, then the others. */
  rows: SessionRow[]
  history: LoginEntry[]
  canSignOutOthers: boolean
  /** "Sign out all other sessions?" is asked. */
  confirmingOthers: boolean
  /** A sign-out or its refresh runs: the other buttons wait. */
  busy: boolean
  error: string | null
  onRetry: () => void
  onSignOut: (sessionId: string) => void
  onSignOutOthers: () => void
  onConfirm: () => void
  onCancel: () => void
}

/** Pure: the sessions page's props and handlers. */
export function connect(snapshot: SessionsSnapshot, send: (event: SessionsEvent) => void): SessionsProps {
  const { list, acting, error } = snapshot.context
  const sessions = list ? [...list.sessions].sort((a, b) => Number(b.current) - Number(a.current)) : []
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    rows: sessions.map((session) => ({
      session,
      busy: acting !== null && !session.current && (acting.kind === 'others' || acting.sessionId === session._id),
    })),
    history: list?.history ?? [],
    canSignOutOthers: sessions.some((s) => !s.current),
    confirmingOthers: snapshot.matches({ ready: 'confirmingOthers' }),
    busy: !snapshot.matches({ ready: 'idle' }),
    error,
    onRetry: () => send({ type: 'RETRY' }),
    onSignOut: (sessionId) => send({ type: 'SIGN_OUT', sessionId }),
    onSignOutOthers: () => send({ type: 'SIGN_OUT_OTHERS' }),
    onConfirm: () => send({ type: 'CONFIRM' }),
    onCancel: () => send({ type: 'CANCEL' }),
  }
}
