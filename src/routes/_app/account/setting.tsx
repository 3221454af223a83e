import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/app/page'
import { EmptyState } from '../../../ui/empty-state'

export const Route = createFileRoute('/_app/account/setting')({ component: SettingsPage })

function SettingsPage() {
  return (
    <Page title={<Trans>Settings</Trans>}>
      <EmptyState
        title={<Trans>Privacy settings are coming</Trans>}
        description={<Trans>Soon you will choose here who may call you, message you or add you to groups, and whether Workroom plays sounds. You can already change your language at the top of the page.</Trans>}
      />
    </Page>
  )
}
