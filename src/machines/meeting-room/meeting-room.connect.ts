import type { MeetingRoomSnapshot } from './meeting-room.machine'
import type { MeetingRoomEvent, RoomChatLine } from './meeting-room.types'

/** The code as people read it: 123 456 789. */
export const codeGroups = (code: string) => code.replace(/(\d{3})(?=\d)/g, '$1 ')

/** The meeting panel's props and handlers. */
export interface MeetingRoomProps {
  open: boolean
  /** 3-3-3. */
  code: string
  copied: boolean
  host: boolean
  locked: boolean
  busy: boolean
  error: string | null
  lines: RoomChatLine[]
  draft: string
  canSend: boolean
  onToggle: () => void
  onCopy: () => void
  onDraft: (value: string) => void
  onSend: () => void
  onMute: (participantId: string) => void
  onRemove: (participantId: string) => void
  onLock: (locked: boolean) => void
  onEnd: () => void
}

/** Pure: snapshot and send -> the meeting panel's props and handlers. */
export function connect(snapshot: MeetingRoomSnapshot, send: (event: MeetingRoomEvent) => void): MeetingRoomProps {
  const c = snapshot.context
  return {
    open: c.open,
    code: codeGroups(c.code),
    copied: c.copied,
    host: c.host,
    locked: c.locked,
    busy: snapshot.matches('acting'),
    error: c.error,
    lines: c.lines,
    draft: c.draft,
    canSend: snapshot.can({ type: 'SEND' }),
    onToggle: () => send({ type: 'TOGGLE' }),
    onCopy: () => send({ type: 'COPY' }),
    onDraft: (value) => send({ type: 'DRAFT', value }),
    onSend: () => send({ type: 'SEND' }),
    onMute: (participantId) => send({ type: 'MUTE', participantId }),
    onRemove: (participantId) => send({ type: 'REMOVE', participantId }),
    onLock: (locked) => send({ type: 'LOCK', locked }),
    onEnd: () => send({ type: 'END' }),
  }
}
