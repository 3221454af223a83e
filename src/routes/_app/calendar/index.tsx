import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SessionState } from '../../../machines/session'
import { useSession } from '../../../services/session'
import { Page } from '../../../ui/app/page'
import { CalendarBoard } from '../../-calendar'
import { calendarSearchOf } from '../../-calendar-search'

/**
 * /calendar: the reader's reminders and tasks (month, week, day, schedule), or one chat's
 * (?topic=<id>, its "Reminders"), with "New reminder" and "Subscribe to your calendar".
 */
export const Route = createFileRoute('/_app/calendar/')({
  validateSearch: calendarSearchOf,
  loaderDeps: ({ search }) => ({ topic: search.topic }),
  // The API layer loads with the page, not with every route's definition (the routes chunk).
  loader: async ({ deps }) => (deps.topic ? (await import('../../../services/calendar')).calendarChat(deps.topic) : null),
  component: CalendarPage,
})

const channelOf = (state: SessionState) => state?.context.user?.account.channel ?? null
const linkClass = 'inline-flex min-h-10 items-center font-medium text-indigo-700 hover:underline'

function CalendarPage() {
  const { t } = useLingui()
  const search = Route.useSearch()
  const chat = Route.useLoaderData()
  const navigate = useNavigate()
  const channelId = useSession(channelOf)
  const chatName = chat?.name ?? ''
  const title = search.topic ? t`Reminders in ${chatName}` : t`Calendar`
  return (
    <Page title={title}>
      {search.topic ? (
        <p className="-mt-3 mb-4 text-sm">
          <Link to="/calendar" className="font-medium text-indigo-700 hover:underline">
            <Trans>Show my whole calendar</Trans>
          </Link>
        </p>
      ) : (
        <nav aria-label={t`More calendars`} className="-mt-3 mb-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {channelId ? (
            <Link to="/chat/channel/$channelId/calendar" params={{ channelId }} className={linkClass}>
              <Trans>Channel calendar</Trans>
            </Link>
          ) : null}
          <Link to="/calendar/booked" className={linkClass}>
            <Trans>Bookings</Trans>
          </Link>
        </nav>
      )}
      <CalendarBoard
        key={search.topic ?? ''}
        {...search}
        label={title}
        onMoved={(moved) => {
          if (moved.view !== search.view || moved.date !== search.date)
            void navigate({ to: '/calendar', search: { ...search, ...moved }, replace: true })
        }}
      />
    </Page>
  )
}
