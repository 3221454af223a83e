import { PRIVACY_FIELDS, type PrivacyField, type PrivacySettingsSnapshot } from './privacy-settings.machine'

export interface PrivacySwitchView {
  field: PrivacyField
  checked: boolean
  /** This switch's value is being saved. */
  saving: boolean
}

export interface PrivacySettingsView {
  open: boolean
  switches: PrivacySwitchView[]
  /** One save at a time: the switches and buttons wait while one runs. */
  busy: boolean
  /** The field whose save failed and was switched back, to say so. */
  failedField: PrivacyField | null
}

/** Pure: snapshot -> the privacy settings modal's props. */
export function privacySettingsView(snapshot: PrivacySettingsSnapshot): PrivacySettingsView {
  const { values, saving, failed } = snapshot.context
  return {
    open: snapshot.matches('open'),
    switches: PRIVACY_FIELDS.map((field) => ({ field, checked: values[field] === 1, saving: saving?.field === field })),
    busy: snapshot.matches({ open: 'saving' }),
    failedField: failed,
  }
}
