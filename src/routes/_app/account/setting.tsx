import { useEffect } from 'react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/app/page'
import { useShellActions } from '../../../ui/app/shell-context'
import { Button } from '../../../ui/button'

export const Route = createFileRoute('/_app/account/setting')({ component: SettingsPage })

/** /account/setting opens the privacy settings modal (also the account menu's entry 'setting'). */
function SettingsPage() {
  const { openPrivacySettings } = useShellActions()
  useEffect(() => openPrivacySettings(), [openPrivacySettings])
  return (
    <Page title={<Trans>Settings</Trans>}>
      <p className="text-sm text-slate-600">
        <Trans>
          Choose who may call you, message you or add you to groups, and whether Workroom plays sounds. Your language is at the top of the
          page.
        </Trans>
      </p>
      <Button onClick={openPrivacySettings} aria-haspopup="dialog" className="mt-4">
        <Trans>Privacy settings</Trans>
      </Button>
      <p className="mt-4 text-sm">
        <Link to="/account/privacy" className="font-medium text-indigo-600 hover:underline">
          <Trans>Privacy and blocked people</Trans>
        </Link>
      </p>
      <p className="mt-2 text-sm">
        <Link to="/setting" className="font-medium text-indigo-600 hover:underline">
          <Trans>All settings</Trans>
        </Link>
      </p>
    </Page>
  )
}
