import type { Flag } from '../../../contract/common'
import type { PrivacyField, UpdateProfileBody } from '../../../contract/customer'

export type { PrivacyField }

export type PrivacyValues = Record<PrivacyField, Flag>

export interface PrivacySettingsInput {
  values: PrivacyValues
}

export interface PrivacySettingsContext {
  values: PrivacyValues
  /** The field being saved and its value before the switch. */
  saving: { field: PrivacyField; previous: Flag } | null
  /** The last field whose save failed (its switch was turned back). */
  failed: PrivacyField | null
}

export type PrivacySettingsEvent = { type: 'TOGGLE'; field: PrivacyField }

/** PUT customer/update-profile with exactly one privacy field. */
export type SaveProfileFieldInput = Pick<UpdateProfileBody, PrivacyField>
