import { initialsOf } from '../session/session.rules'
import type { OutgoingCallSnapshot } from './outgoing-call.machine'
import type { OutgoingCallEvent } from './outgoing-call.types'

export type OutgoingCallPhase = 'ringing' | 'cancelling' | 'missed'

export interface ToneProps {
  playing: boolean
  volume: number
  loop: boolean
}

/** The outgoing call overlay's props and handlers. */
export interface OutgoingCallProps {
  /** The overlay shows until the call is answered or closed. */
  open: boolean
  phase: OutgoingCallPhase
  calleeName: string
  calleePhotoUrl: string | null
  /** The avatar's letters when there is no photo. */
  calleeInitials: string
  isVideo: boolean
  /** The waiting tone: plays (looped) while ringing, at volume 0.2. */
  waitingTone: ToneProps
  canCancel: boolean
  onCancel: () => void
}

/** Pure: snapshot and send -> the outgoing call overlay's props and handlers. */
export function connect(snapshot: OutgoingCallSnapshot, send: (event: OutgoingCallEvent) => void): OutgoingCallProps {
  const { callee, isVideo, waitingToneVolume } = snapshot.context
  const ringing = snapshot.matches('ringing')
  return {
    open: snapshot.status === 'active',
    phase: ringing ? 'ringing' : snapshot.matches('cancelling') ? 'cancelling' : 'missed',
    calleeName: callee.name,
    calleePhotoUrl: callee.photoUrl,
    calleeInitials: initialsOf(callee.name),
    isVideo,
    waitingTone: { playing: ringing, volume: waitingToneVolume, loop: true },
    canCancel: ringing,
    onCancel: () => send({ type: 'CANCEL' }),
  }
}
