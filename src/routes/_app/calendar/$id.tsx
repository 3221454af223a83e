import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useMeId } from '../../-calendar'
import { eventSearchOf } from '../../-calendar-search'
import { CalendarEventPage } from './-event-page'

/** /calendar/<id>: a reminder or task (?occurrence=<its rule's start>: the occurrence opened). */
export const Route = createFileRoute('/_app/calendar/$id')({
  validateSearch: eventSearchOf,
  component: EventPage,
})

function EventPage() {
  const { id } = Route.useParams()
  const { occurrence } = Route.useSearch()
  const navigate = useNavigate()
  const meId = useMeId()
  if (!meId) return null
  return (
    <CalendarEventPage
      key={`${id}@${occurrence ?? ''}`}
      eventId={id}
      occurrence={occurrence ?? null}
      meId={meId}
      backLink={
        <Link to="/calendar" className="text-sm font-medium text-indigo-700 hover:underline">
          <Trans>Back to the calendar</Trans>
        </Link>
      }
      onDeleted={() => void navigate({ to: '/calendar' })}
    />
  )
}
