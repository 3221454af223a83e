import { Trans } from '@lingui/react/macro'
import { Button } from '../button'
import { SettingsSection } from './settings-section'

/** Who may call, message or add the user to groups: the privacy settings. */
export function PrivacySection({ onOpen }: { onOpen: () => void }) {
  return (
    <SettingsSection title={<Trans>Privacy</Trans>} description={<Trans>Choose who may call you, message you or add you to groups.</Trans>}>
      <Button variant="secondary" size="sm" onClick={onOpen} aria-haspopup="dialog">
        <Trans>Privacy settings</Trans>
      </Button>
    </SettingsSection>
  )
}
