import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Page } from '../../../ui/app/page'
import { CalendarBoard } from '../../-calendar'

/**
 * /chat/channel/<id>/calendar: the reminders and tasks of the channel's chats; its "New reminder"
 * (create-calendar) and its events (detail/<id>) open on the channel's pages.
 */
export const Route = createFileRoute('/_app/chat/channel/$channelId/calendar/')({ component: ChannelCalendar })

function ChannelCalendar() {
  const { t } = useLingui()
  const { channelId } = Route.useParams()
  const title = t`Channel calendar`
  return (
    <Page title={title}>
      <CalendarBoard key={channelId} channelId={channelId} label={title} />
    </Page>
  )
}
