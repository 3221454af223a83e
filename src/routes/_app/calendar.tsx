import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Page } from '../../ui/app/page'
import { EmptyState } from '../../ui/empty-state'
import { Icon } from '../../ui/icons'

export const Route = createFileRoute('/_app/calendar')({ component: CalendarPage })

function CalendarPage() {
  return (
    <Page title={<Trans>Calendar</Trans>}>
      <EmptyState
        icon={<Icon name="calendar" className="h-16 w-16" />}
        title={<Trans>Nothing scheduled</Trans>}
        description={
          <Trans>Reminders, tasks and booking slots are not available in this version of Workroom yet. They will show here by day.</Trans>
        }
      />
    </Page>
  )
}
