import type { AvailabilityWindow, Booking, BookingPage, BookingPublicPage, BookingStatus, Sender } from '../../../contract'
import type { BookingPageRow, BookingRow } from '../../db/schema'

/** A person as a booking shows them (the owner, a signed-in booker). */
export type PersonColumns = { id: string; name: string; workid: string; photoUrl: string | null }

const asSender = (p: PersonColumns): Sender => ({ _id: p.id, name: p.name, workid: p.workid, photo_url: p.photoUrl })

/** The public page's path (the SPA's /booking/<id>). */
export const pagePath = (pageId: string) => `/booking/${pageId}`

/** The owner's view of their page. */
export const toPage = (page: BookingPageRow, owner: PersonColumns): BookingPage => ({
  _id: page.id,
  owner: asSender(owner),
  title: page.title,
  description: page.description,
  duration_minutes: page.durationMinutes,
  buffer_minutes: page.bufferMinutes,
  min_notice_minutes: page.minNoticeMinutes,
  horizon_days: page.horizonDays,
  time_zone: page.timeZone,
  availability: page.availability as AvailabilityWindow[],
  active: page.active === 1,
  url: pagePath(page.id),
  created_at: page.createdAt.toISOString(),
  updated_at: page.updatedAt.toISOString(),
})

/** What anyone sees of a page. */
export const toPublicPage = (page: BookingPageRow, owner: PersonColumns): BookingPublicPage => ({
  _id: page.id,
  owner: { name: owner.name, photo_url: owner.photoUrl },
  title: page.title,
  description: page.description,
  duration_minutes: page.durationMinutes,
  time_zone: page.timeZone,
  active: page.active === 1,
})

/** Everything a booking's view is made of, as read from the database. */
export interface BookingRows {
  booking: BookingRow
  pageTitle: string
  owner: PersonColumns
  booker: PersonColumns | null
}

/** The booking as its owner and its booker see it (the same for both). */
export const toBooking = ({ booking, pageTitle, owner, booker }: BookingRows): Booking => ({
  _id: booking.id,
  page_id: booking.pageId,
  page_title: pageTitle,
  owner: asSender(owner),
  booker: booker ? asSender(booker) : null,
  name: booking.name,
  email: booking.email,
  note: booking.note,
  start: booking.startAt.toISOString(),
  end: booking.endAt.toISOString(),
  status: booking.status as BookingStatus,
  created_at: booking.createdAt.toISOString(),
  updated_at: booking.updatedAt.toISOString(),
})
