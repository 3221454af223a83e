import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../button'
import { SettingsSection } from './settings-section'

/** Who may call, message or add the user to groups, and the people they blocked: the privacy page. */
export function PrivacySection() {
  return (
    <SettingsSection
      title={<Trans>Privacy</Trans>}
      description={<Trans>Choose who may call you, message you or add you to groups, and see the people you blocked.</Trans>}
    >
      <Link to="/account/privacy" className={buttonClass('secondary', 'sm')}>
        <Trans>Privacy and blocked people</Trans>
      </Link>
    </SettingsSection>
  )
}
