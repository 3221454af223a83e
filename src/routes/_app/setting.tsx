import { createFileRoute } from '@tanstack/react-router'
import type { User } from '../../../contract/user'
import type { SessionState } from '../../machines/session'
import { useAttention } from '../../services/attention'
import { usePrivacyPage } from '../../services/privacy-settings'
import { chooseLanguage, useSession } from '../../services/session'
import { AttentionSettingsSection } from '../../ui/attention/attention-settings-section'
import { LanguageSection } from '../../ui/settings/language-section'
import { PrivacySection } from '../../ui/settings/privacy-section'
import { SessionsSection } from '../../ui/settings/sessions-section'
import { SettingsPageView } from '../../ui/settings/settings-page'
import { PrivacySwitchList } from '../../ui/settings/privacy-switch-list'
import { SoundsSection } from '../../ui/settings/sounds-section'

export const Route = createFileRoute('/_app/setting')({ component: SettingsPage })

const userOf = (state: SessionState): User | null => state?.context.user ?? null

/** /setting: each section is its own component; a new section is one more line here. */
function SettingsPage() {
  const user = useSession(userOf)
  return (
    <SettingsPageView>
      <LanguageSection onChoose={chooseLanguage} />
      <SoundsSection>{user ? <SoundsSwitch user={user} /> : null}</SoundsSection>
      <PrivacySection />
      <SessionsSection />
      <AttentionSection />
    </SettingsPageView>
  )
}

/** The sounds switch: the privacy settings machine, showing its one `sounds` field. */
function SoundsSwitch({ user }: { user: User }) {
  return <PrivacySwitchList {...usePrivacyPage(user)} fields={['sounds']} />
}

/** Notifications: time zone, working hours, keyword alerts, missed-message email. */
function AttentionSection() {
  const attention = useAttention()
  return attention ? <AttentionSettingsSection {...attention.form} /> : null
}
