import { PRIVACY_FIELDS, type PrivacySettingsSnapshot } from './privacy-settings.machine'
import type { PrivacyField, PrivacySettingsEvent, PrivacyValues } from './privacy-settings.types'

export interface PrivacySwitchProps {
  field: PrivacyField
  checked: boolean
  /** This switch's value is being saved. */
  saving: boolean
}

/** The privacy settings modal's props and handlers. */
export interface PrivacySettingsModalProps {
  open: boolean
  switches: PrivacySwitchProps[]
  /** One save at a time: the switches and buttons wait while one runs. */
  busy: boolean
  /** The field whose save failed and was switched back, to say so. */
  failedField: PrivacyField | null
  onToggle: (field: PrivacyField) => void
  onCancel: () => void
  onOk: () => void
}

export interface PrivacySettingsProps {
  modal: PrivacySettingsModalProps
  /** The menu entry 'setting': opens the modal with the account's values. */
  open: (values: PrivacyValues) => void
}

/** Pure: snapshot and send -> the privacy settings modal's props, and how the menu opens it. */
export function connect(snapshot: PrivacySettingsSnapshot, send: (event: PrivacySettingsEvent) => void): PrivacySettingsProps {
  const { values, saving, failed } = snapshot.context
  return {
    modal: {
      open: snapshot.matches('open'),
      switches: PRIVACY_FIELDS.map((field) => ({ field, checked: values[field] === 1, saving: saving?.field === field })),
      busy: snapshot.matches({ open: 'saving' }),
      failedField: failed,
      onToggle: (field) => send({ type: 'TOGGLE', field }),
      onCancel: () => send({ type: 'CANCEL' }),
      onOk: () => send({ type: 'OK' }),
    },
    open: (values) => send({ type: 'OPEN', values }),
  }
}
