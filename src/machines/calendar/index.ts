export {
  calendarMachine,
  calendarSampleInput,
  daysOfView,
  GRID_DAYS,
  moved,
  occurrencesOf,
  queryOf,
  rangeOf,
  SCHEDULE_DAYS,
  viewDays,
  type CalendarActor,
  type CalendarMachine,
  type CalendarSnapshot,
} from './calendar.machine'
export { connect, type CalendarDay, type CalendarProps, type OccurrenceView } from './calendar.connect'
export { addDays, dayOf, isDay, startOfDay, type Day } from './calendar.dates'
export { CALENDAR_VIEWS, STATUS_FILTERS, TYPE_FILTERS } from './calendar.types'
export type {
  CalendarChange,
  CalendarContext,
  CalendarEvent,
  CalendarInput,
  CalendarList,
  CalendarListQuery,
  CalendarMove,
  CalendarOccurrence,
  CalendarRange,
  CalendarType,
  CalendarView,
  CalendarViewEvent,
  StatusFilter,
  TaskStatus,
  TypeFilter,
} from './calendar.types'
