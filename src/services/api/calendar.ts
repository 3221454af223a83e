import { endpoints } from '../../../contract/endpoints'
import type {
  CalendarCreateBody,
  CalendarEvent,
  CalendarEventView,
  CalendarExceptionBody,
  CalendarFeed,
  CalendarList,
  CalendarListQuery,
  CalendarStatusBody,
  CalendarUpdateBody,
} from '../../../contract/calendar'
import { call, http } from '../http'

/**
 * The calendar calls (contract/endpoints.ts, tag 'calendar'). Quiet: the form, the calendar and
 * the event page say themselves what was refused, with the server's message.
 */
const quiet = { quiet: true }

export const createCalendarEvent = (body: CalendarCreateBody): Promise<CalendarEvent> => call(endpoints.calendarCreate, body, quiet)
export const updateCalendarEvent = (body: CalendarUpdateBody): Promise<CalendarEvent> => call(endpoints.calendarUpdate, body, quiet)
export const setTaskStatus = (body: CalendarStatusBody): Promise<CalendarEvent> => call(endpoints.calendarStatus, body, quiet)
export const changeOccurrence = (body: CalendarExceptionBody): Promise<CalendarEvent> => call(endpoints.calendarException, body, quiet)
export const deleteCalendarEvent = (eventId: string) => call(endpoints.calendarDelete, { event_id: eventId }, quiet)
export const calendarEventInfo = (eventId: string): Promise<CalendarEventView> => call(endpoints.calendarInfo, { event_id: eventId }, quiet)
export const listCalendar = (query: CalendarListQuery): Promise<CalendarList> => call(endpoints.calendarList, query, quiet)
export const calendarFeed = (): Promise<CalendarFeed> => call(endpoints.calendarFeed, undefined, quiet)
export const resetCalendarFeed = (): Promise<CalendarFeed> => call(endpoints.calendarFeedReset, undefined, quiet)

/** GET calendar/ics: the event as an iCalendar file, with the session's token (the browser cannot add it to a plain link). */
export const calendarIcs = (eventId: string): Promise<Blob> =>
  http(endpoints.calendarIcs.path, { method: 'GET', searchParams: { event_id: eventId }, context: quiet }).blob()
