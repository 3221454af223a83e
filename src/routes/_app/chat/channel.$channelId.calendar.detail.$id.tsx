import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useMeId } from '../../-calendar'
import { eventSearchOf } from '../../-calendar-search'
import { CalendarEventPage } from '../calendar/-event-page'

/** /chat/channel/<id>/calendar/detail/<id>: a reminder or task opened from the channel calendar (?occurrence as on /calendar/<id>). */
export const Route = createFileRoute('/_app/chat/channel/$channelId/calendar/detail/$id')({
  validateSearch: eventSearchOf,
  component: ChannelEventPage,
})

function ChannelEventPage() {
  const { channelId, id } = Route.useParams()
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
        <Link to="/chat/channel/$channelId/calendar" params={{ channelId }} className="text-sm font-medium text-indigo-700 hover:underline">
          <Trans>Back to the channel calendar</Trans>
        </Link>
      }
      onDeleted={() => void navigate({ to: '/chat/channel/$channelId/calendar', params: { channelId } })}
    />
  )
}
