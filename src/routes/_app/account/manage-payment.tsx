import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../../ui/app/page'
import { EmptyState } from '../../../ui/empty-state'

export const Route = createFileRoute('/_app/account/manage-payment')({ component: BillingHistoryPage })

function BillingHistoryPage() {
  return (
    <Page title={<Trans>Billing history</Trans>}>
      <EmptyState
        title={<Trans>No payments yet</Trans>}
        description={<Trans>Your subscriptions and invoices will be listed here. Paid plans cannot be bought in this version yet.</Trans>}
        action={
          <Link to="/pricing" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
            <Trans>See the plans</Trans>
          </Link>
        }
      />
    </Page>
  )
}
