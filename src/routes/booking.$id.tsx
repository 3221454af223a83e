import { createFileRoute } from '@tanstack/react-router'
import { isSettled, userOf } from '../machines/session'
import { useSession } from '../services/session'
import { PublicBookingPage } from './-booking'

interface BookingSearch {
  /** A guest's email link: cancel this booking with its secret. */
  cancel?: string
  token?: string
}

const searchOf = (search: Record<string, unknown>): BookingSearch => ({
  ...(typeof search.cancel === 'string' && search.cancel ? { cancel: search.cancel } : {}),
  ...(typeof search.token === 'string' && search.token ? { token: search.token } : {}),
})

/** /booking/{id}[?cancel&token]: a booking page's free times for anyone, signed in or not; a guest's cancel link. */
export const Route = createFileRoute('/booking/$id')({ validateSearch: searchOf, component: BookingRoute })

function BookingRoute() {
  const { id } = Route.useParams()
  const { cancel, token } = Route.useSearch()
  const settled = useSession(isSettled)
  const user = useSession(userOf)
  if (!settled) return null
  const link = cancel && token ? { bookingId: cancel, token } : null
  return (
    <PublicBookingPage
      key={`${id}:${user?._id ?? ''}:${cancel ?? ''}`}
      pageId={id}
      me={user ? { name: user.name, email: user.email } : null}
      cancel={link}
    />
  )
}
