export {
  PRIVACY_FIELDS,
  privacySettingsMachine,
  privacySettingsSampleInput,
  type PrivacySettingsActor,
  type PrivacySettingsMachine,
  type PrivacySettingsSnapshot,
} from './privacy-settings.machine'
export { connect, type PrivacySwitchListProps, type PrivacySwitchProps } from './privacy-settings.connect'
export type {
  PrivacyField,
  PrivacySettingsContext,
  PrivacySettingsEvent,
  PrivacySettingsInput,
  PrivacyValues,
  SaveProfileFieldInput,
} from './privacy-settings.types'
