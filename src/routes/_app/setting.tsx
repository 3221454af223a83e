import { createFileRoute } from '@tanstack/react-router'
import type { SessionState } from '../../machines/session'
import { useAttention } from '../../services/attention'
import { chooseLanguage, useSession } from '../../services/session'
import { useShellActions } from '../../ui/app/shell-context'
import { AttentionSettingsSection } from '../../ui/attention/attention-settings-section'
import { LanguageSection } from '../../ui/settings/language-section'
import { PrivacySection } from '../../ui/settings/privacy-section'
import { SessionsSection } from '../../ui/settings/sessions-section'
import { SettingsPageView } from '../../ui/settings/settings-page'
import { SoundsSection } from '../../ui/settings/sounds-section'

export const Route = createFileRoute('/_app/setting')({ component: SettingsPage })

const soundsOf = (state: SessionState) => (state?.context.user?.account.sounds ?? 1) === 1

/** /setting: each section is its own component; a new section is one more line here. */
function SettingsPage() {
  const { openPrivacySettings } = useShellActions()
  const soundsOn = useSession(soundsOf)
  return (
    <SettingsPageView>
      <LanguageSection onChoose={chooseLanguage} />
      <SoundsSection soundsOn={soundsOn} onChange={openPrivacySettings} />
      <PrivacySection onOpen={openPrivacySettings} />
      <SessionsSection />
      <AttentionSection />
    </SettingsPageView>
  )
}

/** Notifications: time zone, working hours, keyword alerts, missed-message email. */
function AttentionSection() {
  const attention = useAttention()
  return attention ? <AttentionSettingsSection {...attention.form} /> : null
}
