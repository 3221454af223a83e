import type { Booking, BookingChallenge, BookingPublicPage, BookingRequestBody, BookingRequestResult } from '../../../contract/booking'

export type { Booking, BookingChallenge, BookingPublicPage, BookingRequestBody, BookingRequestResult }

/** A free time as the visitor sees it: the server's times and, in the visitor's time zone, its day and clock. */
export interface LocalSlot {
  start: string
  end: string
  /** YYYY-MM-DD in the visitor's time zone. */
  day: string
  /** HH:mm in the visitor's time zone. */
  time: string
}

/** The link in a guest's emails: /booking/{id}?cancel=<booking_id>&token=<t>. */
export interface CancelLink {
  bookingId: string
  token: string
}

export interface BookingPageInput {
  pageId: string
  /** The visitor's time zone (the browser's): the free times show in it. */
  timeZone: string
  /** Today in the visitor's time zone, YYYY-MM-DD: the first week shown holds it. */
  today: string
  /** The signed-in visitor (their name and email prefilled); null: a guest. */
  me: { name: string; email: string } | null
  /** Made once per visit: with a time's start it names one request (a retry of it makes no second booking). */
  clientId: string
  /** Opened from a guest's email to cancel: "Cancel my booking". */
  cancel: CancelLink | null
}

/** Why the request was refused where the visitor is told: the time went meanwhile. */
export type BookingNotice = 'taken' | null

export interface BookingPageContext extends BookingPageInput {
  page: BookingPublicPage | null
  /** The Monday of the week shown, YYYY-MM-DD. */
  weekStart: string
  /** The week's free times, soonest first. */
  slots: LocalSlot[]
  /** The day whose times show, YYYY-MM-DD (in the week shown). */
  day: string
  /** The time being booked. */
  picked: LocalSlot | null
  name: string
  email: string
  note: string
  /** Send was refused here: the field messages show from then on. */
  checked: boolean
  /** The server's words for the last failure (loading, the slots, the request, the cancel). */
  error: string | null
  /** The server's messages per field of a refused request. */
  fieldErrors: Record<string, string[]>
  notice: BookingNotice
  /** The puzzle of the request on its way, and its answer. */
  challenge: BookingChallenge | null
  nonce: string | null
  /** The booking the cancel link canceled. */
  canceled: Booking | null
}

export interface SlotsQuery {
  pageId: string
  /** The Monday of the week, YYYY-MM-DD, and the visitor's time zone: the week's range is midnight to midnight there. */
  weekStart: string
  timeZone: string
}

export type BookingPageEvent =
  | { type: 'RETRY' }
  | { type: 'PREV_WEEK' }
  | { type: 'NEXT_WEEK' }
  /** Show the times of this day (YYYY-MM-DD, in the week shown). */
  | { type: 'DAY'; day: string }
  /** Book the time starting then. */
  | { type: 'PICK'; start: string }
  | { type: 'FIELD'; field: 'name' | 'email' | 'note'; value: string }
  /** Back to the free times. */
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  /** The cancel link: "Cancel my booking", then "Yes, cancel it" or "Keep it". */
  | { type: 'CANCEL_BOOKING' }
  | { type: 'CONFIRM' }
  | { type: 'KEEP' }
  /** After canceling: to the page's free times. */
  | { type: 'BOOK_AGAIN' }

export type NameProblem = 'required' | 'tooLong' | null
export type EmailProblem = 'required' | 'invalid' | null
export type NoteProblem = 'tooLong' | null

export interface DetailsProblems {
  name: NameProblem
  email: EmailProblem
  note: NoteProblem
}
