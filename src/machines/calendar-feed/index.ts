export {
  calendarFeedMachine,
  COPIED_MS,
  type CalendarFeedActor,
  type CalendarFeedMachine,
  type CalendarFeedSnapshot,
} from './calendar-feed.machine'
export { connect, type CalendarFeedProps } from './calendar-feed.connect'
export type { CalendarFeed, CalendarFeedContext, CalendarFeedEvent } from './calendar-feed.types'
