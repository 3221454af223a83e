import type { OutgoingCallSnapshot } from './outgoing-call.machine'

export type OutgoingCallPhase = 'ringing' | 'cancelling' | 'missed'

export interface ToneView {
  playing: boolean
  volume: number
  loop: boolean
}

export interface OutgoingCallView {
  /** The overlay shows until the call is answered or closed. */
  open: boolean
  phase: OutgoingCallPhase
  calleeName: string
  calleePhotoUrl: string | null
  isVideo: boolean
  /** The waiting tone: plays (looped) while ringing, at volume 0.2. */
  waitingTone: ToneView
  canCancel: boolean
}

/** Pure: snapshot -> the props the outgoing call overlay spreads. */
export function outgoingCallView(snapshot: OutgoingCallSnapshot): OutgoingCallView {
  const { callee, isVideo, waitingToneVolume } = snapshot.context
  const ringing = snapshot.matches('ringing')
  return {
    open: snapshot.status === 'active',
    phase: ringing ? 'ringing' : snapshot.matches('cancelling') ? 'cancelling' : 'missed',
    calleeName: callee.name,
    calleePhotoUrl: callee.photoUrl,
    isVideo,
    waitingTone: { playing: ringing, volume: waitingToneVolume, loop: true },
    canCancel: ringing,
  }
}
