import { useState } from 'react'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCalendarEvent } from '../../../services/calendar'
import { Page } from '../../../ui/app/page'
import { EventDetail } from '../../../ui/calendar/event-detail'
import { EditReminderDialog, TaskStatusPanel, useMeId } from '../../-calendar'

/** /calendar/<id>: a reminder or task (?occurrence=<its rule's start>: the occurrence opened). */
export const Route = createFileRoute('/_app/calendar/$id')({
  validateSearch: (search: Record<string, unknown>): { occurrence?: string } => ({
    occurrence: typeof search.occurrence === 'string' && !Number.isNaN(Date.parse(search.occurrence)) ? search.occurrence : undefined,
  }),
  component: EventPage,
})

function EventPage() {
  const { id } = Route.useParams()
  const { occurrence } = Route.useSearch()
  const meId = useMeId()
  if (!meId) return null
  return <Event key={`${id}@${occurrence ?? ''}`} eventId={id} occurrence={occurrence ?? null} meId={meId} />
}

function Event({ eventId, occurrence, meId }: { eventId: string; occurrence: string | null; meId: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [editing, setEditing] = useState(false)
  const { changed, ...detail } = useCalendarEvent({ eventId, meId, occurrence, onDeleted: () => void navigate({ to: '/calendar' }) })
  const event = detail.event
  return (
    <Page title={event?.title ?? t`Reminder`}>
      <p className="-mt-3 mb-4 text-sm">
        <Link to="/calendar" className="font-medium text-indigo-700 hover:underline">
          <Trans>Back to the calendar</Trans>
        </Link>
      </p>
      <EventDetail
        {...detail}
        onEdit={() => setEditing(true)}
        taskStatus={event && event.kind === 'task' ? <TaskStatusPanel event={event} meId={meId} /> : null}
      />
      {editing && event ? <EditReminderDialog event={event} meId={meId} onSaved={changed} onClosed={() => setEditing(false)} /> : null}
    </Page>
  )
}
