import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../button'
import { SettingsSection } from './settings-section'

/** Where the user is logged in: the sessions page (/log). */
export function SessionsSection() {
  return (
    <SettingsSection title={<Trans>Sessions</Trans>} description={<Trans>See where you are logged in and sign out other devices.</Trans>}>
      <Link to="/log" className={buttonClass('secondary', 'sm')}>
        <Trans>Sessions and login history</Trans>
      </Link>
    </SettingsSection>
  )
}
