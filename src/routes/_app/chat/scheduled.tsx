import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useScheduledForm, useScheduledList } from '../../../services/saved'
import { Page } from '../../../ui/app/page'
import { ScheduleDialog } from '../../../ui/saved/schedule-menu'
import { ScheduledListView } from '../../../ui/saved/scheduled-list'

/** /chat/scheduled: every scheduled message of the user's, in every chat: edit, send now, cancel. */
export const Route = createFileRoute('/_app/chat/scheduled')({ component: ScheduledPage })

function ScheduledPage() {
  const list = useScheduledList(null)
  const form = useScheduledForm((scheduled) => list.changed(scheduled))
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <Page title={<Trans>Scheduled messages</Trans>}>
        <ScheduledListView {...list} onEdit={form.onEdit} />
        <ScheduleDialog {...form} />
      </Page>
    </div>
  )
}
