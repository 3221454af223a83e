import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../ui/app/page'
import { EmptyState } from '../../ui/empty-state'
import { Icon } from '../../ui/icons'

export const Route = createFileRoute('/_app/contact')({ component: ContactsPage })

function ContactsPage() {
  return (
    <Page title={<Trans>Contacts</Trans>}>
      <EmptyState
        icon={<Icon name="contacts" className="h-16 w-16" />}
        title={<Trans>No contacts yet</Trans>}
        description={<Trans>Friends and friend requests are not available in this version of Workroom yet. Until then, people can find you by your workid.</Trans>}
      />
    </Page>
  )
}
