import { canStartMeeting, type MeetingFormSnapshot } from './meeting-form.machine'

export interface MeetingFormView {
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
  error: 'create' | 'code' | null
}

/** Pure: snapshot -> the meeting-now dialog's props. */
export function meetingFormView(snapshot: MeetingFormSnapshot): MeetingFormView {
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
    canJoin: editing && code.trim() !== '',
    busy: snapshot.matches('creating') ? 'creating' : snapshot.matches('joining') ? 'joining' : null,
    error,
  }
}
