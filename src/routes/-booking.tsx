import { useMemo } from 'react'
import { useBookingInbox, useBookingPage, useBookingPages, useSlotsForm, type BookingPageOptions } from '../services/booking'
import { browserTimeZone, timeZonesWith } from '../services/time-zones'
import { BookingInboxView } from '../ui/booking/booking-inbox-view'
import { BookingPageView } from '../ui/booking/booking-page-view'
import { BookingPagesView } from '../ui/booking/booking-pages-view'
import { SlotsFormView } from '../ui/booking/slots-form-view'

/** The booking pages' screens, each its machine's hook spread into its view (the routes stay a few lines). */

export function SlotsForm({ pageId }: { pageId: string | null }) {
  const { timeZone, ...props } = useSlotsForm(pageId)
  const zones = useMemo(() => timeZonesWith(props.fields.timeZone.value || timeZone), [props.fields.timeZone.value, timeZone])
  return <SlotsFormView {...props} timeZones={zones} />
}

export function BookingPages() {
  return <BookingPagesView {...useBookingPages()} />
}

export function BookingInbox({ meId }: { meId: string }) {
  const timeZone = useMemo(browserTimeZone, [])
  return <BookingInboxView {...useBookingInbox(meId)} timeZone={timeZone} />
}

export function PublicBookingPage(options: BookingPageOptions) {
  return <BookingPageView {...useBookingPage(options)} />
}
