import { Link } from '@tanstack/react-router'
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
      <Link to="/account/privacy" className="ml-3 text-sm font-medium text-indigo-600 hover:underline">
        <Trans>Privacy and blocked people</Trans>
      </Link>
    </SettingsSection>
  )
}
