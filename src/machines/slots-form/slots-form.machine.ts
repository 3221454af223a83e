import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { BOOKING_DESCRIPTION_MAX, BOOKING_TITLE_MAX, BOOKING_WINDOWS_MAX } from '../../../contract/booking'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  AvailabilityWindow,
  BookingPage,
  BookingPageUpdateBody,
  SlotsFormContext,
  SlotsFormEvent,
  SlotsFormInput,
  SlotsFormProblems,
  SlotsFormValues,
  SlotsSaveInput,
  SlotsTextField,
  WindowProblem,
} from './slots-form.types'

/**
 * "Create your slots" (/calendar/create-your-slots) and "Edit your slots" (/calendar/edit-your-slots/{id}):
 * a booking page's title, description, appointment length, buffer after each, minimum notice, how
 * far ahead, time zone, weekly availability and whether it takes bookings.
 *
 *   loading (editing a page: GET booking/page) --done--> editing ; --error--> loadFailed --RETRY--> loading
 *   editing
 *     FIELD, ACTIVE, ADD_WINDOW (a weekday's next window), REMOVE_WINDOW, WINDOW_TIME change it
 *     SUBMIT when the form is bad: the field messages show (from then on): a title of 1 to 120
 *       characters, a description of at most 1000, a length of 5 to 480 minutes, a buffer of 0 to
 *       240, a notice of 0 to 43200 minutes (30 days), 1 to 365 days ahead, a time zone, 1 to 28
 *       windows, each ending after it starts and overlapping no other of its day
 *     SUBMIT editing with nothing changed --> left (nothing to send)
 *     SUBMIT --> saving: POST booking/page-create with the page's client_id (made once per page, so
 *       a retry makes no second page), or PUT booking/page-update with the changed fields only
 *       --done--> saved (injected `pageSaved`) ; --error--> editing with the server's message and
 *       its field messages, every field kept
 *     CANCEL --> left (injected `leave`)
 *
 * Pure: the calls are injected promise actors.
 */

/** The contract's ranges (contract/booking.ts pageFields), minutes or days. */
export const SLOT_RANGES = {
  duration: [5, 480],
  buffer: [0, 240],
  notice: [0, 30 * 24 * 60],
  horizon: [1, 365],
} as const satisfies Record<string, readonly [number, number]>

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

/** A whole number typed in a field, or null. */
export function wholeNumberOf(value: string): number | null {
  const text = value.trim()
  return /^\d{1,6}$/.test(text) ? Number(text) : null
}

const inRange = (value: string, [min, max]: readonly [number, number]) => {
  const n = wholeNumberOf(value)
  return n !== null && n >= min && n <= max
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))
const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** The windows in order: by weekday, then start. */
export const sortWindows = (windows: readonly AvailabilityWindow[]): AvailabilityWindow[] =>
  [...windows].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start) || a.end.localeCompare(b.end))

/** A weekday's next window: an hour after its last one ends (room allowing), else 09:00–17:00. */
export function nextWindow(windows: readonly AvailabilityWindow[], weekday: number): AvailabilityWindow {
  const last = windows.filter((w) => w.weekday === weekday && CLOCK.test(w.end)).at(-1)
  if (!last) return { weekday, start: '09:00', end: '17:00' }
  const start = Math.min(minutesOf(last.end) + 60, 22 * 60)
  return { weekday, start: clockOf(start), end: clockOf(Math.min(start + 60, 23 * 60 + 59)) }
}

/** The field values a page opens the form with (a new one: Monday to Friday, 09:00–17:00). */
export function valuesOf(page: BookingPage | null, timeZone: string): SlotsFormValues {
  if (page === null)
    return {
      title: '',
      description: '',
      duration: '30',
      buffer: '0',
      notice: '60',
      horizon: '60',
      timeZone,
      windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      active: true,
    }
  return {
    title: page.title,
    description: page.description,
    duration: String(page.duration_minutes),
    buffer: String(page.buffer_minutes),
    notice: String(page.min_notice_minutes),
    horizon: String(page.horizon_days),
    timeZone: page.time_zone,
    windows: sortWindows(page.availability),
    active: page.active,
  }
}

function windowProblem(window: AvailabilityWindow, index: number, windows: readonly AvailabilityWindow[]): WindowProblem {
  if (!CLOCK.test(window.start) || !CLOCK.test(window.end)) return 'time'
  if (window.end <= window.start) return 'order'
  const overlaps = windows.some(
    (other, i) =>
      i !== index &&
      other.weekday === window.weekday &&
      CLOCK.test(other.start) &&
      CLOCK.test(other.end) &&
      other.start < other.end &&
      other.start < window.end &&
      window.start < other.end,
  )
  return overlaps ? 'overlap' : null
}

export function slotsFormProblems(values: SlotsFormValues): SlotsFormProblems {
  const title = values.title.trim()
  return {
    title: title === '' ? 'required' : title.length > BOOKING_TITLE_MAX ? 'tooLong' : null,
    description: values.description.trim().length > BOOKING_DESCRIPTION_MAX ? 'tooLong' : null,
    duration: inRange(values.duration, SLOT_RANGES.duration) ? null : 'range',
    buffer: inRange(values.buffer, SLOT_RANGES.buffer) ? null : 'range',
    notice: inRange(values.notice, SLOT_RANGES.notice) ? null : 'range',
    horizon: inRange(values.horizon, SLOT_RANGES.horizon) ? null : 'range',
    timeZone: values.timeZone.trim() === '' ? 'required' : null,
    windows: values.windows.length === 0 ? 'none' : values.windows.length > BOOKING_WINDOWS_MAX ? 'tooMany' : null,
    window: values.windows.map((window, index) => windowProblem(window, index, values.windows)),
  }
}

export const slotsFormIsValid = (problems: SlotsFormProblems) =>
  Object.entries(problems).every(([key, problem]) =>
    key === 'window' ? (problem as WindowProblem[]).every((p) => p === null) : problem === null,
  )

/** The page's fields as the contract names them. */
function fieldsOf(values: SlotsFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    duration_minutes: wholeNumberOf(values.duration)!,
    buffer_minutes: wholeNumberOf(values.buffer)!,
    min_notice_minutes: wholeNumberOf(values.notice)!,
    horizon_days: wholeNumberOf(values.horizon)!,
    time_zone: values.timeZone.trim(),
    availability: sortWindows(values.windows).map(({ weekday, start, end }) => ({ weekday, start, end })),
    active: values.active,
  }
}

/** The server's field each form field answers to (its messages show under that field). */
export const SERVER_FIELD: Record<SlotsTextField | 'windows' | 'active', string> = {
  title: 'title',
  description: 'description',
  duration: 'duration_minutes',
  buffer: 'buffer_minutes',
  notice: 'min_notice_minutes',
  horizon: 'horizon_days',
  timeZone: 'time_zone',
  windows: 'availability',
  active: 'active',
}

/** The body of PUT booking/page-update: the fields that differ from what the form opened with; null when none does. */
export function updateBodyOf(context: SlotsFormContext): BookingPageUpdateBody | null {
  const now = fieldsOf(context)
  const before = fieldsOf(context.initial)
  const changes: Record<string, unknown> = {}
  for (const key of Object.keys(now) as (keyof typeof now)[])
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) changes[key] = now[key]
  return Object.keys(changes).length === 0 ? null : ({ page_id: context.pageId!, ...changes } as BookingPageUpdateBody)
}

/** The call Save makes for the form as it is. */
export const saveInputOf = (context: SlotsFormContext): SlotsSaveInput =>
  context.pageId === null
    ? { kind: 'create', body: { client_id: context.clientId, ...fieldsOf(context) } }
    : { kind: 'update', body: updateBodyOf(context)! }

/** A refused call's field messages (the runtime puts the server's `errors` on the error as `fields`). */
export const fieldErrorsOf = (event: unknown): Record<string, string[]> => {
  const fields = ((event as { error?: { fields?: unknown } }).error ?? {}).fields
  return fields && typeof fields === 'object' ? (fields as Record<string, string[]>) : {}
}

const without = (errors: Record<string, string[]>, field: string) => {
  if (!(field in errors)) return errors
  const { [field]: _gone, ...rest } = errors
  return rest
}

const notProvided = actorNotProvided('slotsForm')

export const slotsFormMachine = setup({
  types: {
    context: {} as SlotsFormContext,
    events: {} as SlotsFormEvent,
    input: {} as SlotsFormInput,
  },
  actors: {
    /** GET booking/page: the page being edited. */
    loadPage: fromPromise<BookingPage, { pageId: string }>(notProvided('loadPage')),
    /** POST booking/page-create or PUT booking/page-update; fails with the server's message and `fields`. */
    savePage: fromPromise<BookingPage, SlotsSaveInput>(notProvided('savePage')),
  },
  guards: {
    editingPage: ({ context }) => context.pageId !== null,
    isInvalid: ({ context }) => !slotsFormIsValid(slotsFormProblems(context)),
    unchanged: ({ context }) => context.pageId !== null && updateBodyOf(context) === null,
  },
  actions: {
    /** Injected: the page was saved. */
    pageSaved: (_, _params: { page: BookingPage }) => {},
    /** Injected: the form is left without saving (Cancel, or Save with nothing changed). */
    leave: () => {},
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD')
      return { [event.field]: event.value, error: null, fieldErrors: without(context.fieldErrors, SERVER_FIELD[event.field]) }
    }),
    setActive: assign(({ context, event }) => {
      assertEvent(event, 'ACTIVE')
      return { active: event.value, error: null, fieldErrors: without(context.fieldErrors, 'active') }
    }),
    addWindow: assign(({ context, event }) => {
      assertEvent(event, 'ADD_WINDOW')
      return {
        windows: sortWindows([...context.windows, nextWindow(context.windows, event.weekday)]),
        error: null,
        fieldErrors: without(context.fieldErrors, 'availability'),
      }
    }),
    removeWindow: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_WINDOW')
      return {
        windows: context.windows.filter((_, i) => i !== event.index),
        error: null,
        fieldErrors: without(context.fieldErrors, 'availability'),
      }
    }),
    setWindowTime: assign(({ context, event }) => {
      assertEvent(event, 'WINDOW_TIME')
      // The rows keep their places while the times are typed (sorted when saved).
      return {
        windows: context.windows.map((w, i) => (i === event.index ? { ...w, [event.edge]: event.value } : w)),
        error: null,
        fieldErrors: without(context.fieldErrors, 'availability'),
      }
    }),
    takePage: assign(({ context, event }) => {
      const values = valuesOf((event as unknown as { output: BookingPage }).output, context.timeZone)
      return { ...values, windows: [...values.windows], initial: values, error: null }
    }),
    showProblems: assign({ checked: true, error: null }),
    showError: assign({ error: ({ event }) => errorTextOf(event), fieldErrors: ({ event }) => fieldErrorsOf(event) }),
    showLoadError: assign({ error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'slotsForm',
  context: ({ input }) => {
    const initial = valuesOf(null, input.timeZone)
    return { ...input, ...initial, windows: [...initial.windows], initial, checked: false, error: null, fieldErrors: {} }
  },
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'editingPage', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ pageId: context.pageId ?? '' }),
        onDone: { target: 'editing', actions: 'takePage' },
        onError: { target: 'loadFailed', actions: 'showLoadError' },
      },
    },
    loadFailed: { on: { RETRY: 'loading', CANCEL: 'left' } },
    editing: {
      on: {
        FIELD: { actions: 'setField' },
        ACTIVE: { actions: 'setActive' },
        ADD_WINDOW: { actions: 'addWindow' },
        REMOVE_WINDOW: { actions: 'removeWindow' },
        WINDOW_TIME: { actions: 'setWindowTime' },
        SUBMIT: [{ guard: 'isInvalid', actions: 'showProblems' }, { guard: 'unchanged', target: 'left' }, { target: 'saving' }],
        CANCEL: 'left',
      },
    },
    saving: {
      invoke: {
        id: 'savePage',
        src: 'savePage',
        input: ({ context }) => saveInputOf(context),
        onDone: { target: 'saved', actions: { type: 'pageSaved', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    saved: { type: 'final' },
    left: { type: 'final', entry: 'leave' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const slotsFormSampleInput: SlotsFormInput = { clientId: 'slots-client-1', pageId: null, timeZone: 'Asia/Ho_Chi_Minh' }

export type SlotsFormMachine = typeof slotsFormMachine
export type SlotsFormActor = ActorRefFrom<SlotsFormMachine>
export type SlotsFormSnapshot = SnapshotFrom<SlotsFormMachine>
