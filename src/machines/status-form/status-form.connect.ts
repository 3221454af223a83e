import type { StatusFormSnapshot } from './status-form.machine'
import type { StatusExpiry, StatusFormEvent } from './status-form.types'

/** The status form's props and handlers. */
export interface StatusFormProps {
  emoji: string
  text: string
  expiry: StatusExpiry
  date: string
  /** Save is offered (an emoji, words, and a date when "a date" is picked). */
  canSave: boolean
  /** The user has a status now: Clear is offered. */
  canClear: boolean
  busy: boolean
  error: string | null
  done: boolean
  onEmoji: (value: string) => void
  onText: (value: string) => void
  onExpiry: (value: StatusExpiry) => void
  onDate: (value: string) => void
  onPreset: (emoji: string, text: string) => void
  onSave: () => void
  onClear: () => void
}

/** Pure: snapshot and send -> the status form's props. */
export function connect(snapshot: StatusFormSnapshot, send: (event: StatusFormEvent) => void): StatusFormProps {
  const { emoji, text, expiry, date, current, error } = snapshot.context
  const editing = snapshot.matches('editing')
  return {
    emoji,
    text,
    expiry,
    date,
    canSave: editing && snapshot.can({ type: 'SAVE' }),
    canClear: current !== null,
    busy: snapshot.matches('saving') || snapshot.matches('clearing'),
    error,
    done: snapshot.matches('done'),
    onEmoji: (value) => send({ type: 'EMOJI', value }),
    onText: (value) => send({ type: 'TEXT', value }),
    onExpiry: (value) => send({ type: 'EXPIRY', value }),
    onDate: (value) => send({ type: 'DATE', value }),
    onPreset: (presetEmoji, presetText) => send({ type: 'PRESET', emoji: presetEmoji, text: presetText }),
    onSave: () => send({ type: 'SAVE' }),
    onClear: () => send({ type: 'CLEAR' }),
  }
}
