import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/app/page'
import { CalendarBoard } from '../../-calendar'

/** /calendar/schedule: the reader's next 30 days as a list. */
export const Route = createFileRoute('/_app/calendar/schedule')({ component: SchedulePage })

function SchedulePage() {
  const { t } = useLingui()
  const title = t`Schedule`
  return (
    <Page title={title}>
      <CalendarBoard view="schedule" label={title} />
    </Page>
  )
}
