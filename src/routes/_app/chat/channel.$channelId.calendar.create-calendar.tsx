import { useRef } from 'react'
import { createFileRoute, Link, useNavigate, useRouter } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { dayIn } from '../../-calendar-search'
import type { ReminderChat } from '../../../machines/reminder-form'
import { useReminderForm } from '../../../services/calendar'
import { EmptyState } from '../../../ui/empty-state'
import { ReminderFormPage } from '../../../ui/calendar/reminder-form-view'
import { useMeId } from '../../-calendar'

interface CreateCalendarSearch {
  /** The chat it starts in (else the channel's General chat). */
  topic?: string
  /** Its day. */
  date?: string
}

/**
 * /chat/channel/<id>/calendar/create-calendar: a new reminder or task in one of the channel's chats
 * the reader is in (?topic, else its General chat), shown on the channel calendar; saved, its page
 * on the channel's (detail/<id>).
 */
export const Route = createFileRoute('/_app/chat/channel/$channelId/calendar/create-calendar')({
  validateSearch: (search: Record<string, unknown>): CreateCalendarSearch => ({
    topic: typeof search.topic === 'string' && search.topic !== '' ? search.topic : undefined,
    date: dayIn(search.date),
  }),
  // The API layer loads with the page, not with every route's definition (the routes chunk).
  loader: async ({ params }) => (await import('../../../services/channel-calendar')).channelCalendarChats(params.channelId),
  component: CreateCalendarPage,
})

const linkClass = 'inline-flex min-h-10 items-center text-sm font-medium text-indigo-700 hover:underline'

function CreateCalendarPage() {
  const { channelId } = Route.useParams()
  const chats = Route.useLoaderData()
  const meId = useMeId()
  if (!meId) return null
  if (!chats || chats.length === 0)
    return (
      <EmptyState
        title={<Trans>You are not in any of this channel's chats</Trans>}
        description={<Trans>A reminder on the channel calendar goes in one of the channel's chats.</Trans>}
        action={
          <Link to="/chat/channel/$channelId/calendar" params={{ channelId }} className={linkClass}>
            <Trans>Back to the channel calendar</Trans>
          </Link>
        }
      />
    )
  return <CreateCalendar key={channelId} channelId={channelId} chats={chats} meId={meId} />
}

function CreateCalendar({ channelId, chats, meId }: { channelId: string; chats: ReminderChat[]; meId: string }) {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const router = useRouter()
  const saved = useRef(false)
  const chat = chats.find((one) => one._id === search.topic) ?? chats[0]!
  const form = useReminderForm({
    event: null,
    topicId: chat._id,
    topicName: chat.name,
    chats,
    messageId: null,
    members: null,
    meId,
    day: search.date,
    onSaved: (event) => {
      saved.current = true
      void navigate({ to: '/chat/channel/$channelId/calendar/detail/$id', params: { channelId, id: event._id }, replace: true })
    },
    onClosed: () => {
      if (saved.current) return
      if (router.history.canGoBack()) router.history.back()
      else void navigate({ to: '/chat/channel/$channelId/calendar', params: { channelId } })
    },
  })
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <ReminderFormPage {...form} />
    </div>
  )
}
