import type { SavedMarksSnapshot } from './saved-marks.machine'
import type { SavedMarksEvent } from './saved-marks.types'

export interface SavedMarksProps {
  /** Whether the user saved this message. */
  isSaved: (messageId: string) => boolean
  /** Save it, or take it out of the saved messages; waits while a change is on its way. */
  onToggle: (messageId: string) => void
  /** A change is on its way. */
  busy: boolean
  done: 'saved' | 'removed' | null
  error: string | null
  onDismiss: () => void
}

/** Pure: the saved marks of an open chat -> what a message's actions and the note show. */
export function connect(snapshot: SavedMarksSnapshot, send: (event: SavedMarksEvent) => void): SavedMarksProps {
  const { ids, done, error } = snapshot.context
  return {
    isSaved: (messageId) => ids.includes(messageId),
    onToggle: (messageId) => send({ type: 'TOGGLE', messageId }),
    busy: !snapshot.matches('ready'),
    done,
    error,
    onDismiss: () => send({ type: 'DISMISS' }),
  }
}
