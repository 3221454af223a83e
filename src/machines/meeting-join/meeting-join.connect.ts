import { canJoinMeeting, type MeetingJoinSnapshot } from './meeting-join.machine'
import type { MeetingJoinEvent } from './meeting-join.types'

/** The join screen's props and handlers. */
export interface MeetingJoinProps {
  phase: 'loading' | 'missing' | 'form' | 'joined'
  /** The meeting's name (once found). */
  roomName: string
  /** The code, shown 3-3-3. */
  code: string
  name: string
  password: string
  /** A password field shows: the meeting is private. */
  isPrivate: boolean
  /** The meeting is locked: joining will be refused. */
  locked: boolean
  canJoin: boolean
  busy: boolean
  error: string | null
  onChange: (field: 'name' | 'password', value: string) => void
  onJoin: () => void
  onRetry: () => void
}

/** Pure: snapshot and send -> the join screen's props and handlers. */
export function connect(snapshot: MeetingJoinSnapshot, send: (event: MeetingJoinEvent) => void): MeetingJoinProps {
  const { detail, code, name, password, error } = snapshot.context
  const phase = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('missing')
      ? 'missing'
      : snapshot.matches('joined')
        ? 'joined'
        : 'form'
  return {
    phase,
    roomName: detail?.room_name ?? '',
    code,
    name,
    password,
    isPrivate: detail?.private ?? false,
    locked: detail?.locked ?? false,
    canJoin: snapshot.matches('editing') && canJoinMeeting(snapshot.context),
    busy: snapshot.matches('joining'),
    error,
    onChange: (field, value) => send({ type: 'CHANGE', field, value }),
    onJoin: () => send({ type: 'JOIN' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}
