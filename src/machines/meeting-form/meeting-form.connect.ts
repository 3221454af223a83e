import { canStartMeeting, codeDigits, type MeetingFormSnapshot } from './meeting-form.machine'
import type { MeetingField, MeetingFormError, MeetingFormEvent } from './meeting-form.types'

/** The meeting-now dialog's props and handlers. */
export interface MeetingFormProps {
  open: boolean
  roomName: string
  name: string
  password: string
  code: string
  /** A password makes the room private. */
  isPrivate: boolean
  /** Get started: disabled while both names are empty, and while a request runs. */
  canStart: boolean
  canJoin: boolean
  busy: 'creating' | 'joining' | null
  error: MeetingFormError | null
  onChange: (field: MeetingField, value: string) => void
  onStart: () => void
  onJoin: () => void
  onClose: () => void
}

/** Pure: snapshot and send -> the meeting-now dialog's props and handlers. */
export function connect(snapshot: MeetingFormSnapshot, send: (event: MeetingFormEvent) => void): MeetingFormProps {
  const { roomName, name, password, code, error } = snapshot.context
  const editing = snapshot.matches('editing')
  return {
    open: snapshot.status === 'active',
    roomName,
    name,
    password,
    code,
    isPrivate: password !== '',
    canStart: editing && canStartMeeting(snapshot.context),
    canJoin: editing && codeDigits(code) !== '',
    busy: snapshot.matches('creating') ? 'creating' : snapshot.matches('joining') ? 'joining' : null,
    error,
    onChange: (field, value) => send({ type: 'CHANGE', field, value }),
    onStart: () => send({ type: 'START' }),
    onJoin: () => send({ type: 'JOIN' }),
    onClose: () => send({ type: 'CLOSE' }),
  }
}
