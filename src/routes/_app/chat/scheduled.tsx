import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useScheduledForm, useScheduledList } from '../../../services/saved'
import { Page } from '../../../ui/app/page'
import { ScheduleDialog } from '../../../ui/saved/schedule-menu'
import { ScheduledListView } from '../../../ui/saved/scheduled-list'

/** ?topic=<id>: one chat's (its "Scheduled messages" in Chat options). */
const searchOf = (search: Record<string, unknown>): { topic?: string } =>
  typeof search.topic === 'string' && search.topic !== '' ? { topic: search.topic } : {}

/** /chat/scheduled: the user's scheduled messages, in every chat or in one (?topic): edit, send now, cancel. */
export const Route = createFileRoute('/_app/chat/scheduled')({ validateSearch: searchOf, component: ScheduledPage })

function ScheduledPage() {
  const { topic } = Route.useSearch()
  return <ScheduledMessages key={topic ?? ''} topicId={topic ?? null} />
}

function ScheduledMessages({ topicId }: { topicId: string | null }) {
  const list = useScheduledList(topicId)
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
