import type { IncomingCallSnapshot } from './incoming-call.machine'

export type IncomingCallPhase = 'ringing' | 'answering' | 'declining'

export interface IncomingCallView {
  open: boolean
  phase: IncomingCallPhase
  callerName: string
  callerPhotoUrl: string | null
  isVideo: boolean
  /** The ringtone: volume 0.5, plays only when sounds is 1, restarted every 60 s (playKey). */
  ringtone: { playing: boolean; volume: number; loop: boolean; playKey: number }
  /** Answer and Decline work while it rings. */
  canRespond: boolean
}

/** Pure: snapshot -> the props the incoming call overlay spreads. */
export function incomingCallView(snapshot: IncomingCallSnapshot): IncomingCallView {
  const { call, sounds, ringtoneVolume, ringtonePlays } = snapshot.context
  const ringing = snapshot.matches('ringing')
  return {
    open: !snapshot.matches('idle') && call !== null,
    phase: ringing ? 'ringing' : snapshot.matches('answering') ? 'answering' : 'declining',
    callerName: call?.caller.name ?? '',
    callerPhotoUrl: call?.caller.photoUrl ?? null,
    isVideo: call?.isVideo ?? false,
    ringtone: { playing: ringing && sounds === 1, volume: ringtoneVolume, loop: false, playKey: ringtonePlays },
    canRespond: ringing,
  }
}
