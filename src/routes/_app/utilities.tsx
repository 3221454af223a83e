import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../ui/app/page'
import { EmptyState } from '../../ui/empty-state'
import { Icon } from '../../ui/icons'

export const Route = createFileRoute('/_app/utilities')({ component: UtilitiesPage })

function UtilitiesPage() {
  return (
    <Page title={<Trans>Utilities</Trans>}>
      <EmptyState
        icon={<Icon name="utilities" className="h-16 w-16" />}
        title={<Trans>No utilities yet</Trans>}
        description={
          <Trans>Mini apps such as polls, to-dos and chatbots will be gathered here. None are available in this version yet.</Trans>
        }
      />
    </Page>
  )
}
