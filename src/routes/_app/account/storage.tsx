import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/app/page'
import { EmptyState } from '../../../ui/empty-state'

export const Route = createFileRoute('/_app/account/storage')({ component: StoragePage })

function StoragePage() {
  return (
    <Page title={<Trans>Storage</Trans>}>
      <EmptyState
        title={<Trans>No files stored yet</Trans>}
        description={<Trans>Files you share in chats and channels will be counted here, with the space left in your plan. File sharing is not available in this version yet.</Trans>}
        action={
          <Link to="/pricing" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
            <Trans>See the plans</Trans>
          </Link>
        }
      />
    </Page>
  )
}
