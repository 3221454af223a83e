import { isDay } from '../machines/calendar/calendar.dates'
import {
  CALENDAR_VIEWS,
  STATUS_FILTERS,
  TYPE_FILTERS,
  type CalendarView,
  type StatusFilter,
  type TypeFilter,
} from '../machines/calendar/calendar.types'

/**
 * What the calendar's addresses carry in their search, read by the route definitions. Route
 * definitions load with every page (the routes chunk), so this module imports only the calendar's
 * plain lists and its day check, none of its machines, services or the contract's schemas.
 */

/** The calendar page's search: the view, the focused day, the filters, one chat. */
export interface CalendarSearch {
  view?: CalendarView
  date?: string
  type?: TypeFilter
  status?: StatusFilter
  topic?: string
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined

export function calendarSearchOf(search: Record<string, unknown>): CalendarSearch {
  return {
    view: oneOf(CALENDAR_VIEWS, search.view),
    date: dayIn(search.date),
    type: oneOf(TYPE_FILTERS, search.type),
    status: oneOf(STATUS_FILTERS, search.status),
    topic: typeof search.topic === 'string' && search.topic !== '' ? search.topic : undefined,
  }
}

/** A search value that is a real 'YYYY-MM-DD' day. */
export const dayIn = (value: unknown): string | undefined => (typeof value === 'string' && isDay(value) ? value : undefined)

/** An event page's search: the occurrence it was opened on. */
export const eventSearchOf = (search: Record<string, unknown>): { occurrence?: string } => ({
  occurrence: typeof search.occurrence === 'string' && !Number.isNaN(Date.parse(search.occurrence)) ? search.occurrence : undefined,
})
