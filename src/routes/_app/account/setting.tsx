import { useEffect } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/app/page'
import { useShellActions } from '../../../ui/app/shell-context'

export const Route = createFileRoute('/_app/account/setting')({ component: SettingsPage })

/** /account/setting opens the privacy settings modal (also the account menu's entry 'setting'). */
function SettingsPage() {
  const { openPrivacySettings } = useShellActions()
  useEffect(() => openPrivacySettings(), [openPrivacySettings])
  return (
    <Page title={<Trans>Settings</Trans>}>
      <p className="text-sm text-slate-600">
        <Trans>Choose who may call you, message you or add you to groups, and whether Workroom plays sounds. Your language is at the top of the page.</Trans>
      </p>
      <button
        type="button"
        onClick={openPrivacySettings}
        aria-haspopup="dialog"
        className="mt-4 rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Trans>Privacy settings</Trans>
      </button>
    </Page>
  )
}
