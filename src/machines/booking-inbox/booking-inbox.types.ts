import type { Booking, BookingStatus } from '../../../contract/booking'
import type { ListReport, PagedList } from '../paged-list'

export type { Booking, BookingStatus }

/** Whose bookings: of the reader's pages (others booked them), or those the reader made. */
export type BookingRole = 'owner' | 'booker'

/** What the reader does to a booking: approve or reject a request (its page's owner), cancel a live one. */
export type BookingAction = 'approve' | 'reject' | 'cancel'

export interface BookingInboxInput {
  /** The reader (the session's user id): a BOOKING_CHANGED is theirs as owner or as booker. */
  meId: string
}

export interface BookingInboxContext extends BookingInboxInput {
  role: BookingRole
  /** The upcoming bookings of the role, as the paged list last reported them (soonest first). */
  list: PagedList<Booking>
  /** The booking being approved, rejected or canceled. */
  acting: { bookingId: string; action: BookingAction } | null
  /** Why the last action, or the last later page, failed. */
  error: string | null
}

export type BookingActInput = NonNullable<BookingInboxContext['acting']>

export type BookingInboxEvent =
  | ListReport<Booking>
  | { type: 'TAB'; role: BookingRole }
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  | { type: 'APPROVE'; bookingId: string }
  | { type: 'REJECT'; bookingId: string }
  | { type: 'CANCEL'; bookingId: string }
  /** Socket BOOKING_CHANGED: a booking the reader owns or made was requested, decided or canceled. */
  | { type: 'CHANGED'; booking: Booking }
  /** The socket connected again: what it may have missed is read again. */
  | { type: 'REFRESH' }
