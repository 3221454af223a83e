import type { BookingPage } from '../../../contract/booking'

export type { BookingPage }

export interface BookingPagesInput {
  /** The app's origin (https://host): a page's public link is it and the page's url. */
  origin: string
}

export interface BookingPagesContext extends BookingPagesInput {
  /** The reader's booking pages, as GET booking/pages gave them. */
  pages: BookingPage[]
  /** The page being turned on or off. */
  toggling: string | null
  /** The page whose link was copied last. */
  copied: string | null
  /** Why the list, or the last switch, failed. */
  error: string | null
  /** A REFRESH came while a switch was on its way: the pages are read again once it is answered. */
  stale: boolean
}

export type BookingPagesEvent =
  | { type: 'RETRY' }
  /** Turn the page on (taking bookings) or off. */
  | { type: 'TOGGLE'; pageId: string }
  /** Copy the page's public link. */
  | { type: 'COPY'; pageId: string }
  /** The socket connected again: the pages are read again. */
  | { type: 'REFRESH' }
