export {
  calendarEventMachine,
  calendarEventSampleInput,
  chosenOf,
  exceptionBodyOf,
  instantOfLocal,
  localOf,
  mayManage,
  type CalendarEventActor,
  type CalendarEventMachine,
  type CalendarEventSnapshot,
} from './calendar-event.machine'
export { connect, type CalendarEventProps, type MoveOccurrenceProps, type UpcomingOccurrence } from './calendar-event.connect'
export type {
  CalendarChange,
  CalendarEvent,
  CalendarEventContext,
  CalendarEventEvent,
  CalendarEventInput,
  CalendarExceptionBody,
  CalendarOccurrence,
  LoadedEvent,
} from './calendar-event.types'
