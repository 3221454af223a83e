import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { meIdOf } from '../../../machines/session'
import { useSession } from '../../../services/session'
import { BookingInbox, BookingPages } from '../../-booking'
import { Page } from '../../../ui/app/page'

/** /calendar/booked: the reader's booking pages (link, Edit, on/off) and their upcoming bookings (Requests, Booked by me). */
export const Route = createFileRoute('/_app/calendar/booked')({ component: Booked })

function Booked() {
  const meId = useSession(meIdOf)
  return (
    <Page title={<Trans>Bookings</Trans>}>
      <div className="space-y-10">
        <BookingPages />
        {meId ? <BookingInbox key={meId} meId={meId} /> : null}
      </div>
    </Page>
  )
}
