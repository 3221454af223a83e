import { Trans } from '@lingui/react/macro'
import { LanguageSelector, type LanguageSelectorProps } from '../language-selector'
import { SettingsSection } from './settings-section'

/** The account's language (saved to the account, used for emails and server messages too). */
export function LanguageSection({ onChoose }: Pick<LanguageSelectorProps, 'onChoose'>) {
  return (
    <SettingsSection title={<Trans>Language</Trans>} description={<Trans>Workroom, its emails and its messages use this language.</Trans>}>
      <LanguageSelector align="left" onChoose={onChoose} />
    </SettingsSection>
  )
}
