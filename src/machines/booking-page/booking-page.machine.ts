import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { BOOKING_NAME_MAX, BOOKING_NOTE_MAX } from '../../../contract/booking'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  Booking,
  BookingChallenge,
  BookingPageContext,
  BookingPageEvent,
  BookingPageInput,
  BookingPublicPage,
  BookingRequestBody,
  BookingRequestResult,
  DetailsProblems,
  LocalSlot,
  SlotsQuery,
} from './booking-page.types'

/**
 * The public booking page (/booking/{id}), for anyone, signed in or not.
 *
 *   loading: GET booking/public
 *     --done [opened from a guest's cancel link]--> cancel.offer
 *     --done [the page takes no bookings]--> inactive
 *     --done--> browsing ; --error [404]--> notFound ; --error--> loadFailed --RETRY--> loading
 *   browsing: a week at a time (Monday to Sunday in the visitor's time zone)
 *     loadingSlots: GET booking/slots for the week --done--> shown (the first day with free times
 *       picked) ; --error--> slotsFailed --RETRY--> loadingSlots
 *     PREV_WEEK [not the week of today] / NEXT_WEEK [within a year] --> loadingSlots of that week
 *     shown: DAY picks a day of the week; PICK a free time --> details
 *   details: name and email (a guest; prefilled when signed in), a note; BACK --> browsing.shown
 *     SUBMIT when they are bad: the field messages show (a guest's name of 1 to 80 characters and
 *       an email; a note of at most 1000)
 *     SUBMIT --> submitting
 *   submitting: challenge (GET booking/challenge) --> solving (the proof of work, off the main
 *     thread: "Checking you are not a robot…") --> requesting (POST booking/request with the
 *     visit's client_id for that time, so a retry makes no second booking)
 *       --done--> booked (injected `showBooked`: /booked/success)
 *       --error [409: the time was taken meanwhile]--> browsing, saying so, the week's times read again
 *       --error (or the challenge's, or the solver's)--> details with the server's words and field messages
 *   cancel (a guest's link ?cancel=<booking>&token=<t>): offer --CANCEL_BOOKING--> confirming
 *     --KEEP--> offer ; --CONFIRM--> canceling: PUT booking/cancel-guest --done--> canceled
 *     --error--> offer with the server's words ; canceled --BOOK_AGAIN--> loading, the page read again
 *     without the link (injected `leaveCancelLink`: its address without it)
 *
 * Pure: the calls and the solver are injected promise actors; dates are YYYY-MM-DD strings in the
 * visitor's zone (the runtime turns a week into its range and each free time into its day and clock).
 */

const DAY_MS = 24 * 3600 * 1000
const dateOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A calendar day n days later (YYYY-MM-DD). */
export const addDays = (day: string, n: number) => dayOf(dateOf(day) + n * DAY_MS)
/** The Monday of the day's week. */
export const mondayOf = (day: string) => addDays(day, -((new Date(dateOf(day)).getUTCDay() + 6) % 7))
/** The seven days of the week starting then. */
export const weekDays = (weekStart: string) => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i))
/** How far ahead the page may be browsed: the longest horizon a page can have (contract: 365 days). */
export const BROWSE_DAYS_MAX = 365

/** The day to show once a week's times are known: the one shown if it is in the week, else the first with free times, else the first from today. */
export function dayToShow(context: Pick<BookingPageContext, 'weekStart' | 'today' | 'day'>, slots: readonly LocalSlot[]): string {
  const days = weekDays(context.weekStart)
  if (days.includes(context.day) && slots.some((slot) => slot.day === context.day)) return context.day
  const withTimes = days.find((day) => slots.some((slot) => slot.day === day))
  if (withTimes) return withTimes
  if (days.includes(context.day)) return context.day
  return days.find((day) => day >= context.today) ?? days[0]!
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function detailsProblems(context: Pick<BookingPageContext, 'name' | 'email' | 'note' | 'me'>): DetailsProblems {
  const guest = context.me === null
  const name = context.name.trim()
  const email = context.email.trim()
  return {
    name: name === '' ? (guest ? 'required' : null) : name.length > BOOKING_NAME_MAX ? 'tooLong' : null,
    email: email === '' ? (guest ? 'required' : null) : EMAIL.test(email) ? null : 'invalid',
    note: context.note.trim().length > BOOKING_NOTE_MAX ? 'tooLong' : null,
  }
}

export const detailsAreValid = (problems: DetailsProblems) => Object.values(problems).every((problem) => problem === null)

/** The request's client_id: the visit's, for this time (a retry of it is the same request; another time is another). */
export const clientIdFor = (clientId: string, start: string) => `${clientId}-${Date.parse(start)}`

/** The body of POST booking/request for the time picked and the details given. */
export function requestBodyOf(context: BookingPageContext): BookingRequestBody {
  const name = context.name.trim()
  const email = context.email.trim()
  return {
    page_id: context.pageId,
    client_id: clientIdFor(context.clientId, context.picked!.start),
    start: context.picked!.start,
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    note: context.note.trim(),
    time_zone: context.timeZone,
    challenge: { token: context.challenge!.token, nonce: context.nonce! },
  }
}

const statusOf = (event: unknown) => ((event as { error?: { status?: unknown } }).error ?? {}).status
const fieldErrorsOf = (event: unknown): Record<string, string[]> => {
  const fields = ((event as { error?: { fields?: unknown } }).error ?? {}).fields
  return fields && typeof fields === 'object' ? (fields as Record<string, string[]>) : {}
}

const notProvided = actorNotProvided('bookingPage')

export const bookingPageMachine = setup({
  types: {
    context: {} as BookingPageContext,
    events: {} as BookingPageEvent,
    input: {} as BookingPageInput,
  },
  actors: {
    /** GET booking/public. */
    loadPage: fromPromise<BookingPublicPage, { pageId: string }>(notProvided('loadPage')),
    /** GET booking/slots for the week (in the visitor's zone), each time with its day and clock there. */
    loadSlots: fromPromise<LocalSlot[], SlotsQuery>(notProvided('loadSlots')),
    /** GET booking/challenge. */
    getChallenge: fromPromise<BookingChallenge, void>(notProvided('getChallenge')),
    /** The proof of work (a Web Worker): a nonce whose sha256(`${token}:${nonce}`) starts with `bits` zero bits. */
    solveChallenge: fromPromise<string, BookingChallenge>(notProvided('solveChallenge')),
    /** POST booking/request; fails with the server's words, its `status` and field messages (`fields`). */
    requestBooking: fromPromise<BookingRequestResult, BookingRequestBody>(notProvided('requestBooking')),
    /** PUT booking/cancel-guest. */
    cancelBooking: fromPromise<Booking, { booking_id: string; token: string }>(notProvided('cancelBooking')),
  },
  guards: {
    cancelLink: ({ context }) => context.cancel !== null,
    inactive: ({ event }) => !(event as unknown as { output: BookingPublicPage }).output.active,
    notFound: ({ event }) => statusOf(event) === 404,
    taken: ({ event }) => statusOf(event) === 409,
    hasPreviousWeek: ({ context }) => context.weekStart > mondayOf(context.today),
    hasNextWeek: ({ context }) => addDays(context.weekStart, 7) <= addDays(context.today, BROWSE_DAYS_MAX),
    dayInWeek: ({ context, event }) => event.type === 'DAY' && weekDays(context.weekStart).includes(event.day),
    freeTime: ({ context, event }) => event.type === 'PICK' && context.slots.some((slot) => slot.start === event.start),
    detailsInvalid: ({ context }) => !detailsAreValid(detailsProblems(context)),
  },
  actions: {
    /** Injected: the request was made; /booked/success with its time in the visitor's zone. */
    showBooked: (_, _params: { result: BookingRequestResult; page: BookingPublicPage; timeZone: string }) => {},
    /** Injected: the page's address without the cancel link. */
    leaveCancelLink: () => {},
    forgetCancelLink: assign({ cancel: null, error: null }),
    takePage: assign({ page: ({ event }) => (event as unknown as { output: BookingPublicPage }).output, error: null }),
    showError: assign({ error: ({ event }) => errorTextOf(event) }),
    previousWeek: assign(({ context }) => ({ weekStart: addDays(context.weekStart, -7), notice: null })),
    nextWeek: assign(({ context }) => ({ weekStart: addDays(context.weekStart, 7), notice: null })),
    takeSlots: assign(({ context, event }) => {
      const slots = (event as unknown as { output: LocalSlot[] }).output
      return { slots, day: dayToShow(context, slots), error: null }
    }),
    pickDay: assign(({ event }) => {
      assertEvent(event, 'DAY')
      return { day: event.day }
    }),
    pick: assign(({ context, event }) => {
      assertEvent(event, 'PICK')
      return { picked: context.slots.find((slot) => slot.start === event.start) ?? null, notice: null, error: null, fieldErrors: {} }
    }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD')
      const { [event.field]: _gone, ...fieldErrors } = context.fieldErrors
      return { [event.field]: event.value, error: null, fieldErrors }
    }),
    showProblems: assign({ checked: true, error: null }),
    takeChallenge: assign({ challenge: ({ event }) => (event as unknown as { output: BookingChallenge }).output, nonce: null }),
    takeNonce: assign({ nonce: ({ event }) => (event as unknown as { output: string }).output }),
    refused: assign({
      error: ({ event }) => errorTextOf(event),
      fieldErrors: ({ event }) => fieldErrorsOf(event),
      challenge: null,
      nonce: null,
    }),
    timeTaken: assign({ notice: 'taken' as const, picked: null, challenge: null, nonce: null, error: null }),
    takeCanceled: assign({ canceled: ({ event }) => (event as unknown as { output: Booking }).output, error: null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'bookingPage',
  context: ({ input }) => ({
    ...input,
    page: null,
    weekStart: mondayOf(input.today),
    slots: [],
    day: input.today,
    picked: null,
    name: input.me?.name ?? '',
    email: input.me?.email ?? '',
    note: '',
    checked: false,
    error: null,
    fieldErrors: {},
    notice: null,
    challenge: null,
    nonce: null,
    canceled: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ pageId: context.pageId }),
        onDone: [
          { guard: 'cancelLink', target: 'cancel', actions: 'takePage' },
          { guard: 'inactive', target: 'inactive', actions: 'takePage' },
          { target: 'browsing', actions: 'takePage' },
        ],
        onError: [
          { guard: 'notFound', target: 'notFound', actions: 'showError' },
          { target: 'loadFailed', actions: 'showError' },
        ],
      },
    },
    notFound: {},
    loadFailed: { on: { RETRY: 'loading' } },
    inactive: {},
    browsing: {
      initial: 'loadingSlots',
      on: {
        PREV_WEEK: { guard: 'hasPreviousWeek', target: '.loadingSlots', actions: 'previousWeek' },
        NEXT_WEEK: { guard: 'hasNextWeek', target: '.loadingSlots', actions: 'nextWeek' },
      },
      states: {
        loadingSlots: {
          invoke: {
            id: 'loadSlots',
            src: 'loadSlots',
            input: ({ context }) => ({ pageId: context.pageId, weekStart: context.weekStart, timeZone: context.timeZone }),
            onDone: { target: 'shown', actions: 'takeSlots' },
            onError: { target: 'slotsFailed', actions: 'showError' },
          },
        },
        slotsFailed: { on: { RETRY: 'loadingSlots' } },
        shown: {
          on: {
            DAY: { guard: 'dayInWeek', actions: 'pickDay' },
            PICK: { guard: 'freeTime', target: '#bookingPage.details', actions: 'pick' },
          },
        },
      },
    },
    details: {
      on: {
        FIELD: { actions: 'setField' },
        BACK: { target: '#bookingPage.browsing.shown', actions: 'clearError' },
        SUBMIT: [{ guard: 'detailsInvalid', actions: 'showProblems' }, { target: 'submitting' }],
      },
    },
    submitting: {
      initial: 'challenge',
      states: {
        challenge: {
          invoke: {
            id: 'getChallenge',
            src: 'getChallenge',
            onDone: { target: 'solving', actions: 'takeChallenge' },
            onError: { target: '#bookingPage.details', actions: 'refused' },
          },
        },
        solving: {
          invoke: {
            id: 'solveChallenge',
            src: 'solveChallenge',
            input: ({ context }) => context.challenge!,
            onDone: { target: 'requesting', actions: 'takeNonce' },
            onError: { target: '#bookingPage.details', actions: 'refused' },
          },
        },
        requesting: {
          invoke: {
            id: 'requestBooking',
            src: 'requestBooking',
            input: ({ context }) => requestBodyOf(context),
            onDone: {
              target: '#bookingPage.booked',
              actions: {
                type: 'showBooked',
                params: ({ context, event }) => ({ result: event.output, page: context.page!, timeZone: context.timeZone }),
              },
            },
            onError: [
              { guard: 'taken', target: '#bookingPage.browsing', actions: 'timeTaken' },
              { target: '#bookingPage.details', actions: 'refused' },
            ],
          },
        },
      },
    },
    booked: { type: 'final' },
    cancel: {
      initial: 'offer',
      states: {
        offer: { on: { CANCEL_BOOKING: { target: 'confirming', actions: 'clearError' } } },
        confirming: { on: { CONFIRM: 'canceling', KEEP: 'offer' } },
        canceling: {
          invoke: {
            id: 'cancelBooking',
            src: 'cancelBooking',
            input: ({ context }) => ({ booking_id: context.cancel!.bookingId, token: context.cancel!.token }),
            onDone: { target: 'canceled', actions: 'takeCanceled' },
            onError: { target: 'offer', actions: 'showError' },
          },
        },
        // The page is read again: it may have changed (or stopped taking bookings) since.
        canceled: { on: { BOOK_AGAIN: { target: '#bookingPage.loading', actions: ['forgetCancelLink', 'leaveCancelLink'] } } },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const bookingPageSampleInput: BookingPageInput = {
  pageId: 'page-1',
  timeZone: 'Asia/Ho_Chi_Minh',
  today: '2026-03-04',
  me: null,
  clientId: 'visit-1',
  cancel: null,
}

export type BookingPageMachine = typeof bookingPageMachine
export type BookingPageActor = ActorRefFrom<BookingPageMachine>
export type BookingPageSnapshot = SnapshotFrom<BookingPageMachine>
