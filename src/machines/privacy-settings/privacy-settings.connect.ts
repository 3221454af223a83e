import { PRIVACY_FIELDS, type PrivacySettingsSnapshot } from './privacy-settings.machine'
import type { PrivacyField, PrivacySettingsEvent } from './privacy-settings.types'

export interface PrivacySwitchProps {
  field: PrivacyField
  checked: boolean
  /** This switch's value is being saved. */
  saving: boolean
}

/** The privacy switches' props and handler. */
export interface PrivacySwitchListProps {
  switches: PrivacySwitchProps[]
  /** One save at a time: the switches wait while one runs. */
  busy: boolean
  /** The field whose save failed and was switched back, to say so. */
  failedField: PrivacyField | null
  onToggle: (field: PrivacyField) => void
}

/** Pure: snapshot and send -> the privacy switches' props. */
export function connect(snapshot: PrivacySettingsSnapshot, send: (event: PrivacySettingsEvent) => void): PrivacySwitchListProps {
  const { values, saving, failed } = snapshot.context
  return {
    switches: PRIVACY_FIELDS.map((field) => ({ field, checked: values[field] === 1, saving: saving?.field === field })),
    busy: snapshot.matches('saving'),
    failedField: failed,
    onToggle: (field) => send({ type: 'TOGGLE', field }),
  }
}
