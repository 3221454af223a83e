import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  CalendarEvent,
  CalendarEventContext,
  CalendarEventEvent,
  CalendarEventInput,
  CalendarExceptionBody,
  CalendarOccurrence,
  LoadedEvent,
} from './calendar-event.types'

/**
 * A reminder's or task's page (/calendar/<id>): the event, and for a repeating one its coming
 * occurrences, one of them chosen, which may be skipped or moved; the whole event (series) may be
 * deleted; its .ics downloaded.
 *
 *   loading (calendar/info; a repeating one's next occurrences by calendar/list)
 *     --done--> ready.idle ; --error--> failed --RETRY--> loading
 *   ready.idle
 *     PICK_OCCURRENCE chooses the occurrence the actions are about
 *     SKIP [its creator; a repeating one; an occurrence chosen] --> confirmingSkip
 *       --CONFIRM--> skipping (calendar/exception skip) --done--> idle, it leaves the list ;
 *       --error--> idle with the message ; --CANCEL--> idle
 *     MOVE [the same] --> choosingTime (its time to start from) MOVE_TIME --CONFIRM [a time]-->
 *       movingOccurrence (calendar/exception move) --done--> idle, moved ; --error--> choosingTime
 *       with the message ; --CANCEL--> idle
 *     DELETE [its creator] --> confirmingDelete --CONFIRM--> deleting (calendar/delete)
 *       --done--> deleted (injected `eventDeleted`) ; --error--> idle ; --CANCEL--> idle
 *     DOWNLOAD --> downloading (calendar/ics, saved as a file) --> idle
 *     CHANGED (this event changed: the socket, or the reader's edit) --> loading again
 *     REFRESH (the socket connected again: CALENDAR_CHANGED may have been missed) --> loading again
 *   ready: CHANGED deleted (this event) --> gone
 *   loading --REFRESH--> loading again (what was being read may predate it) ; failed --REFRESH--> loading
 *
 * Pure: the calls are injected promise actors.
 */

/** The reader may change and delete it, as the server last said (its creator, a group reminder's chat admins). */
export const mayManage = (context: Pick<CalendarEventContext, 'event' | 'canManage'>) => context.event !== null && context.canManage

/** A datetime-local value as an instant (ISO), or null when it is not one. */
export function instantOfLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  const at = new Date(value).getTime()
  return Number.isNaN(at) ? null : new Date(at).toISOString()
}

const two = (n: number) => String(n).padStart(2, '0')

/** An instant as the datetime-local field shows it (the browser's time, to the minute). */
export function localOf(iso: string): string {
  const at = new Date(iso)
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`
}

/** The chosen occurrence as listed (its current start), if it is. */
export const chosenOf = (context: Pick<CalendarEventContext, 'upcoming' | 'occurrence'>): CalendarOccurrence | undefined =>
  context.upcoming.find((item) => item.occurrence === context.occurrence)

/** The chosen occurrence's current start: as listed, or its rule's start. */
const startOfChosen = (context: CalendarEventContext) => chosenOf(context)?.start ?? context.occurrence!

/** calendar/exception's body for the action on the chosen occurrence. */
export function exceptionBodyOf(context: CalendarEventContext, action: 'skip' | 'move'): CalendarExceptionBody {
  return {
    event_id: context.event!._id,
    occurrence: context.occurrence!,
    action,
    start: action === 'move' ? instantOfLocal(context.moveTo) : null,
  }
}

const notProvided = actorNotProvided('calendarEvent')

export const calendarEventMachine = setup({
  types: {
    context: {} as CalendarEventContext,
    events: {} as CalendarEventEvent,
    input: {} as CalendarEventInput,
  },
  actors: {
    /** GET calendar/info, and for a repeating event calendar/list ahead (its occurrences). */
    loadEvent: fromPromise<LoadedEvent, { eventId: string }>(notProvided('loadEvent')),
    /** PUT calendar/exception. */
    changeOccurrence: fromPromise<CalendarEvent, CalendarExceptionBody>(notProvided('changeOccurrence')),
    /** DELETE calendar/delete. */
    deleteEvent: fromPromise<unknown, { event_id: string }>(notProvided('deleteEvent')),
    /** GET calendar/ics, saved as <title>.ics. */
    downloadIcs: fromPromise<unknown, { event_id: string; title: string }>(notProvided('downloadIcs')),
  },
  guards: {
    mayChangeOccurrence: ({ context }) => mayManage(context) && context.event!.rrule !== null && context.occurrence !== null,
    mayDelete: ({ context }) => mayManage(context),
    isListed: ({ context, event }) => {
      assertEvent(event, 'PICK_OCCURRENCE')
      return context.upcoming.some((item) => item.occurrence === event.occurrence)
    },
    hasMoveTime: ({ context }) => instantOfLocal(context.moveTo) !== null,
    updatedThis: ({ context, event }) => {
      assertEvent(event, 'CHANGED')
      return event.change !== 'deleted' && event.event._id === context.eventId
    },
    deletedThis: ({ context, event }) => {
      assertEvent(event, 'CHANGED')
      return event.change === 'deleted' && event.event._id === context.eventId
    },
  },
  actions: {
    /** Injected: the event was deleted here (the app leaves its page). */
    eventDeleted: () => {},
    take: assign(({ context, event }) => {
      const { event: loaded, canManage, upcoming } = (event as unknown as { output: LoadedEvent }).output
      const kept = context.occurrence !== null && (loaded.rrule === null || upcoming.some((item) => item.occurrence === context.occurrence))
      return {
        event: loaded,
        canManage,
        upcoming,
        occurrence: kept ? context.occurrence : (upcoming[0]?.occurrence ?? context.occurrence),
        error: null,
      }
    }),
    loadFailed: assign({ error: ({ event }) => errorTextOf(event) }),
    takeChanged: assign(({ event }) => {
      assertEvent(event, 'CHANGED')
      return { event: event.event, done: null }
    }),
    pick: assign(({ event }) => {
      assertEvent(event, 'PICK_OCCURRENCE')
      return { occurrence: event.occurrence, done: null, error: null }
    }),
    clear: assign({ done: null, error: null }),
    startMove: assign(({ context }) => ({ moveTo: localOf(startOfChosen(context)), done: null, error: null })),
    setMoveTime: assign(({ event }) => {
      assertEvent(event, 'MOVE_TIME')
      return { moveTo: event.value, error: null }
    }),
    skipped: assign(({ context, event }) => {
      const upcoming = context.upcoming.filter((item) => item.occurrence !== context.occurrence)
      return {
        event: (event as unknown as { output: CalendarEvent }).output,
        upcoming,
        occurrence: upcoming.find((item) => Date.parse(item.start) > Date.parse(startOfChosen(context)))?.occurrence ?? null,
        done: 'skipped' as const,
      }
    }),
    movedOne: assign(({ context, event }) => {
      const start = instantOfLocal(context.moveTo)!
      return {
        event: (event as unknown as { output: CalendarEvent }).output,
        upcoming: context.upcoming
          .map((item) => (item.occurrence === context.occurrence ? { ...item, start, moved: true } : item))
          .sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
        done: 'moved' as const,
      }
    }),
    showError: assign({ error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'calendarEvent',
  context: ({ input }) => ({ ...input, event: null, canManage: false, upcoming: [], moveTo: '', done: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEvent',
        src: 'loadEvent',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: { target: 'ready', actions: 'take' },
        onError: { target: 'failed', actions: 'loadFailed' },
      },
      on: { REFRESH: { target: 'loading', reenter: true } },
    },
    failed: { on: { RETRY: 'loading', REFRESH: 'loading' } },
    ready: {
      initial: 'idle',
      on: { CHANGED: { guard: 'deletedThis', target: 'gone' } },
      states: {
        idle: {
          on: {
            PICK_OCCURRENCE: { guard: 'isListed', actions: 'pick' },
            SKIP: { guard: 'mayChangeOccurrence', target: 'confirmingSkip', actions: 'clear' },
            MOVE: { guard: 'mayChangeOccurrence', target: 'choosingTime', actions: 'startMove' },
            DELETE: { guard: 'mayDelete', target: 'confirmingDelete', actions: 'clear' },
            DOWNLOAD: { target: 'downloading', actions: 'clear' },
            CHANGED: { guard: 'updatedThis', target: '#calendarEvent.loading', actions: 'takeChanged' },
            REFRESH: '#calendarEvent.loading',
          },
        },
        confirmingSkip: { on: { CONFIRM: 'skipping', CANCEL: 'idle' } },
        skipping: {
          invoke: {
            id: 'skipOccurrence',
            src: 'changeOccurrence',
            input: ({ context }) => exceptionBodyOf(context, 'skip'),
            onDone: { target: 'idle', actions: 'skipped' },
            onError: { target: 'idle', actions: 'showError' },
          },
        },
        choosingTime: {
          on: {
            MOVE_TIME: { actions: 'setMoveTime' },
            CONFIRM: { guard: 'hasMoveTime', target: 'movingOccurrence' },
            CANCEL: 'idle',
          },
        },
        movingOccurrence: {
          invoke: {
            id: 'moveOccurrence',
            src: 'changeOccurrence',
            input: ({ context }) => exceptionBodyOf(context, 'move'),
            onDone: { target: 'idle', actions: 'movedOne' },
            onError: { target: 'choosingTime', actions: 'showError' },
          },
        },
        confirmingDelete: { on: { CONFIRM: 'deleting', CANCEL: 'idle' } },
        deleting: {
          invoke: {
            id: 'deleteEvent',
            src: 'deleteEvent',
            input: ({ context }) => ({ event_id: context.eventId }),
            onDone: { target: '#calendarEvent.deleted', actions: 'eventDeleted' },
            onError: { target: 'idle', actions: 'showError' },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadIcs',
            src: 'downloadIcs',
            input: ({ context }) => ({ event_id: context.eventId, title: context.event!.title }),
            onDone: 'idle',
            onError: { target: 'idle', actions: 'showError' },
          },
        },
      },
    },
    /** Deleted here. */
    deleted: { type: 'final' },
    /** Deleted elsewhere while it showed. */
    gone: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const calendarEventSampleInput: CalendarEventInput = { eventId: 'event-1', meId: 'user-1', occurrence: null }

export type CalendarEventMachine = typeof calendarEventMachine
export type CalendarEventActor = ActorRefFrom<CalendarEventMachine>
export type CalendarEventSnapshot = SnapshotFrom<CalendarEventMachine>
