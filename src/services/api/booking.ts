import { endpoints } from '../../../contract/endpoints'
import type {
  Booking,
  BookingChallenge,
  BookingPage,
  BookingPageCreateBody,
  BookingPageUpdateBody,
  BookingPublicPage,
  BookingRequestBody,
  BookingRequestResult,
  BookingSlot,
  BookingStatus,
} from '../../../contract/booking'
import { call } from '../http'

/**
 * The booking calls (contract/endpoints.ts, tag 'booking'). Quiet: the slots form, the public page
 * and the bookings list say themselves what was refused, with the server's message.
 */
const quiet = { quiet: true }

export const createBookingPage = (body: BookingPageCreateBody): Promise<BookingPage> => call(endpoints.bookingPageCreate, body, quiet)
export const updateBookingPage = (body: BookingPageUpdateBody): Promise<BookingPage> => call(endpoints.bookingPageUpdate, body, quiet)
export const bookingPageOf = (pageId: string): Promise<BookingPage> => call(endpoints.bookingPage, { page_id: pageId }, quiet)
export const myBookingPages = (): Promise<BookingPage[]> => call(endpoints.bookingPages, undefined, quiet)
export const publicBookingPage = (pageId: string): Promise<BookingPublicPage> => call(endpoints.bookingPublic, { page_id: pageId }, quiet)
export const bookingSlots = (pageId: string, from: string, to: string): Promise<{ slots: BookingSlot[] }> =>
  call(endpoints.bookingSlots, { page_id: pageId, from, to }, quiet)
export const bookingChallenge = (): Promise<BookingChallenge> => call(endpoints.bookingChallenge, undefined, quiet)
export const requestBooking = (body: BookingRequestBody): Promise<BookingRequestResult> => call(endpoints.bookingRequest, body, quiet)
export const decideBooking = (bookingId: string, decision: 'approve' | 'reject'): Promise<Booking> =>
  call(endpoints.bookingDecide, { booking_id: bookingId, decision }, quiet)
export const cancelBooking = (bookingId: string): Promise<Booking> => call(endpoints.bookingCancel, { booking_id: bookingId }, quiet)
export const cancelGuestBooking = (bookingId: string, token: string): Promise<Booking> =>
  call(endpoints.bookingCancelGuest, { booking_id: bookingId, token }, quiet)
export const bookingList = (role: 'owner' | 'booker', page: number, status?: BookingStatus): Promise<Booking[]> =>
  call(endpoints.bookingList, { role, page, upcoming: '1', ...(status ? { status } : {}) }, quiet)
