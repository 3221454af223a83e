/**
 * The calendar module's public face: calendar/* routes and the calendar service, the only writer of
 * calendar_events, calendar_assignees, calendar_exceptions and calendar_feeds (each event's reminder
 * is a durable job of the job queue, kind `calendar_remind`; a group reminder's message goes
 * through the message service's `postReminder`).
 */
export { calendarRoutes } from './routes'
export { CALENDAR_REMIND_JOB, type CalendarService, calendarRemindKey, createCalendarService } from './service'
