import type { AvailabilityWindow, BookingPage, BookingPageCreateBody, BookingPageUpdateBody } from '../../../contract/booking'

export type { AvailabilityWindow, BookingPage, BookingPageCreateBody, BookingPageUpdateBody }

export interface SlotsFormInput {
  /** Made once per page: every try of a new booking page sends it, so a retry after a lost answer makes no second page. */
  clientId: string
  /** Editing this page (booking/page reads it first); null: a new one. */
  pageId: string | null
  /** A new page's time zone: the browser's. */
  timeZone: string
}

/** The form's fields as typed (numbers as the inputs hold them). */
export interface SlotsFormValues {
  title: string
  description: string
  /** Appointment length, minutes. */
  duration: string
  /** Free time after each appointment, minutes. */
  buffer: string
  /** How soon before its start a time can still be booked, minutes. */
  notice: string
  /** How far ahead a time can be booked, days. */
  horizon: string
  timeZone: string
  /** The weekly availability, by weekday then start (ISO weekday: 1 Monday … 7 Sunday). */
  windows: AvailabilityWindow[]
  active: boolean
}

/** The text fields (FIELD events). */
export type SlotsTextField = 'title' | 'description' | 'duration' | 'buffer' | 'notice' | 'horizon' | 'timeZone'

export interface SlotsFormContext extends SlotsFormInput, SlotsFormValues {
  /** What the fields held when the form opened (an edit sends only what differs). */
  initial: SlotsFormValues
  /** Save was refused here: the field messages show from then on. */
  checked: boolean
  /** The server's reason the last save (or the page's read) failed. */
  error: string | null
  /** The server's messages per field of the last refused save (booking/page-create's field names); a field's go when it changes. */
  fieldErrors: Record<string, string[]>
}

/** The call Save makes: POST booking/page-create, or PUT booking/page-update with the changed fields only. */
export type SlotsSaveInput = { kind: 'create'; body: BookingPageCreateBody } | { kind: 'update'; body: BookingPageUpdateBody }

export type SlotsFormEvent =
  | { type: 'FIELD'; field: SlotsTextField; value: string }
  | { type: 'ACTIVE'; value: boolean }
  /** A new window on that weekday (after its last one, or 09:00–17:00). */
  | { type: 'ADD_WINDOW'; weekday: number }
  /** The window at this index of `windows` goes. */
  | { type: 'REMOVE_WINDOW'; index: number }
  | { type: 'WINDOW_TIME'; index: number; edge: 'start' | 'end'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }

export type TitleProblem = 'required' | 'tooLong' | null
export type DescriptionProblem = 'tooLong' | null
/** A whole number in its range. */
export type RangeProblem = 'range' | null
export type WindowsProblem = 'none' | 'tooMany' | null
/** One window: its end is not after its start, or it overlaps another of its day; a time that is not HH:mm. */
export type WindowProblem = 'order' | 'overlap' | 'time' | null

/** What keeps the form from being sent, field by field. */
export interface SlotsFormProblems {
  title: TitleProblem
  description: DescriptionProblem
  duration: RangeProblem
  buffer: RangeProblem
  notice: RangeProblem
  horizon: RangeProblem
  timeZone: 'required' | null
  windows: WindowsProblem
  /** Per window, by its index in `windows`. */
  window: WindowProblem[]
}
