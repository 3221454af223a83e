import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { SettingsSection } from './settings-section'

/** Whether Workroom plays sounds (ringtones, message sounds): its switch, saved as it is flipped. */
export function SoundsSection({ children }: { children: ReactNode }) {
  return (
    <SettingsSection title={<Trans>Sounds</Trans>} description={<Trans>Ringtones and notification sounds.</Trans>}>
      {children}
    </SettingsSection>
  )
}
