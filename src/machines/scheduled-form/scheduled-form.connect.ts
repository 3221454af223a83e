import type { ScheduledFormSnapshot } from './scheduled-form.machine'
import type { SavedScheduled, ScheduledDraft, ScheduledFieldError, ScheduledFormEvent, SchedulePreset } from './scheduled-form.types'

export interface ScheduledFormProps {
  /** The preset menu is open. */
  menuOpen: boolean
  /** The date and time (and, editing, text) form is open. */
  formOpen: boolean
  mode: 'create' | 'edit'
  text: string
  date: string
  time: string
  timeZone: string
  saving: boolean
  fieldError: ScheduledFieldError | null
  error: string | null
  /** What the last save made or changed, until dismissed. */
  lastSaved: SavedScheduled | null
  onOpenMenu: (topicId: string, text: string) => void
  onPreset: (preset: SchedulePreset) => void
  onCustom: () => void
  onEdit: (item: ScheduledDraft) => void
  onText: (value: string) => void
  onDate: (value: string) => void
  onTime: (value: string) => void
  onSubmit: () => void
  onClose: () => void
  onDismiss: () => void
}

/** Pure: the schedule menu's and form's props. */
export function connect(snapshot: ScheduledFormSnapshot, send: (event: ScheduledFormEvent) => void): ScheduledFormProps {
  const c = snapshot.context
  const saving = snapshot.matches('saving')
  return {
    menuOpen: snapshot.matches('menu') || (saving && c.mode === 'create' && c.date === ''),
    formOpen: snapshot.matches('custom') || (saving && !(c.mode === 'create' && c.date === '')),
    mode: c.mode,
    text: c.text,
    date: c.date,
    time: c.time,
    timeZone: c.timeZone,
    saving,
    fieldError: c.fieldError,
    error: c.error,
    lastSaved: c.lastSaved,
    onOpenMenu: (topicId, text) => send({ type: 'OPEN_MENU', topicId, text }),
    onPreset: (preset) => send({ type: 'PRESET', preset }),
    onCustom: () => send({ type: 'CUSTOM' }),
    onEdit: (item) => send({ type: 'EDIT', item }),
    onText: (value) => send({ type: 'TEXT', value }),
    onDate: (value) => send({ type: 'DATE', value }),
    onTime: (value) => send({ type: 'TIME', value }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onClose: () => send({ type: 'CLOSE' }),
    onDismiss: () => send({ type: 'DISMISS' }),
  }
}
