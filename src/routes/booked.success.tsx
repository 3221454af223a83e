import { createFileRoute } from '@tanstack/react-router'
import { isLoggedIn } from '../machines/session'
import type { BookedSearch } from '../services/booking'
import { browserTimeZone } from '../services/time-zones'
import { useSession } from '../services/session'
import { BookedSuccessView } from '../ui/booking/booked-success-view'

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const searchOf = (search: Record<string, unknown>): BookedSearch => ({
  title: text(search.title),
  start: text(search.start),
  end: text(search.end),
  tz: text(search.tz),
  status: text(search.status),
  ...(text(search.page) ? { page: text(search.page) } : {}),
  ...(text(search.booking) ? { booking: text(search.booking) } : {}),
  ...(text(search.token) ? { token: text(search.token) } : {}),
})

/** /booked/success: the time just requested on a booking page, in the visitor's zone (anyone, signed in or not). */
export const Route = createFileRoute('/booked/success')({ validateSearch: searchOf, component: BookedSuccess })

function BookedSuccess() {
  const search = Route.useSearch()
  const signedIn = useSession(isLoggedIn)
  return (
    <BookedSuccessView
      title={search.title}
      start={search.start}
      end={search.end}
      timeZone={search.tz || browserTimeZone()}
      status={search.status}
      pageId={search.page ?? null}
      cancel={search.booking && search.token ? { bookingId: search.booking, token: search.token } : null}
      signedIn={signedIn}
    />
  )
}
