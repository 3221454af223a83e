import { initialsOf } from '../session/session.rules'
import type { IncomingCallSnapshot } from './incoming-call.machine'
import type { IncomingCallEvent } from './incoming-call.types'

export type IncomingCallPhase = 'ringing' | 'answering' | 'declining'

/** The incoming call overlay's props and handlers. */
export interface IncomingCallProps {
  open: boolean
  phase: IncomingCallPhase
  callerName: string
  callerPhotoUrl: string | null
  /** The avatar's letters when there is no photo. */
  callerInitials: string
  /** A group call: the group's name (null for a 1:1 call). */
  groupName: string | null
  isVideo: boolean
  /** The ringtone: volume 0.5, plays only when sounds is 1, restarted every 60 s (playKey). */
  ringtone: { playing: boolean; volume: number; loop: boolean; playKey: number }
  /** Answer and Decline work while it rings. */
  canRespond: boolean
  onAnswer: () => void
  onDecline: () => void
}

/** Pure: snapshot and send -> the incoming call overlay's props and handlers. */
export function connect(snapshot: IncomingCallSnapshot, send: (event: IncomingCallEvent) => void): IncomingCallProps {
  const { call, sounds, ringtoneVolume, ringtonePlays } = snapshot.context
  const ringing = snapshot.matches('ringing')
  const callerName = call?.caller.name ?? ''
  const topicName = call?.topic_name ?? ''
  return {
    open: !snapshot.matches('idle') && call !== null,
    phase: ringing ? 'ringing' : snapshot.matches('answering') ? 'answering' : 'declining',
    callerName,
    callerPhotoUrl: call?.caller.photo_url ?? null,
    callerInitials: initialsOf(callerName),
    groupName: topicName !== '' && topicName !== callerName ? topicName : null,
    isVideo: call?.is_video ?? false,
    ringtone: { playing: ringing && sounds === 1, volume: ringtoneVolume, loop: false, playKey: ringtonePlays },
    canRespond: ringing,
    onAnswer: () => send({ type: 'ANSWER' }),
    onDecline: () => send({ type: 'DECLINE' }),
  }
}
