import { Trans } from '@lingui/react/macro'
import { Button } from '../button'
import { SettingsSection } from './settings-section'

/** Whether Workroom plays sounds (ringtones, message sounds): the switch is in the privacy and sound settings. */
export function SoundsSection({ soundsOn, onChange }: { soundsOn: boolean; onChange: () => void }) {
  return (
    <SettingsSection
      title={<Trans>Sounds</Trans>}
      description={soundsOn ? <Trans>Workroom plays sounds for calls and messages.</Trans> : <Trans>Workroom plays no sounds.</Trans>}
    >
      <Button variant="secondary" size="sm" onClick={onChange} aria-haspopup="dialog">
        <Trans>Change sounds</Trans>
      </Button>
    </SettingsSection>
  )
}
