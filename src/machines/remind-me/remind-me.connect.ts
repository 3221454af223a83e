import { REMIND_PRESETS } from '../../../contract/later-times'
import type { RemindMeSnapshot } from './remind-me.machine'
import type { CreatedReminder, RemindMeEvent, RemindPreset, RemindTarget } from './remind-me.types'

export interface RemindMeProps {
  /** The chooser is open (choosing, creating) or says what it made (created). */
  open: boolean
  target: RemindTarget | null
  presets: readonly RemindPreset[]
  /** The preset being created (its button busy, the others waiting). */
  creating: RemindPreset | null
  created: CreatedReminder | null
  error: string | null
  onOpen: (target: RemindTarget) => void
  onPick: (preset: RemindPreset) => void
  onCustom: () => void
  onClose: () => void
}

/** Pure: the "Remind me about this message" chooser's props. */
export function connect(snapshot: RemindMeSnapshot, send: (event: RemindMeEvent) => void): RemindMeProps {
  const { target, preset, created, error } = snapshot.context
  return {
    open: !snapshot.matches('closed'),
    target,
    presets: REMIND_PRESETS,
    creating: snapshot.matches('creating') ? preset : null,
    created: snapshot.matches('created') ? created : null,
    error,
    onOpen: (t) => send({ type: 'OPEN', target: t }),
    onPick: (p) => send({ type: 'PICK', preset: p }),
    onCustom: () => send({ type: 'CUSTOM' }),
    onClose: () => send({ type: 'CLOSE' }),
  }
}
