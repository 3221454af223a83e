import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { BOOKING_NAME_MAX, BOOKING_NOTE_MAX } from '../../../contract/booking'
import { detailsProblems, weekDays, type BookingPageSnapshot } from './booking-page.machine'
import type { Booking, BookingPageEvent, BookingPublicPage, LocalSlot } from './booking-page.types'

const nameMax = BOOKING_NAME_MAX
const noteMax = BOOKING_NOTE_MAX

const NAME_MESSAGES = { required: msg`Write your name`, tooLong: msg`The name can be at most ${nameMax} characters` }
const EMAIL_MESSAGES = { required: msg`Write your email`, invalid: msg`Enter a valid email address` }
const NOTE_TOO_LONG = msg`The note can be at most ${noteMax} characters`

/** Which screen the page shows. */
export type BookingPageScreen = 'loading' | 'notFound' | 'loadFailed' | 'inactive' | 'browsing' | 'details' | 'booked' | 'cancel'

export interface BookingDayProps {
  /** YYYY-MM-DD in the visitor's zone. */
  day: string
  /** Free times that day. */
  count: number
  selected: boolean
  onSelect: () => void
}

export interface BookingTimeProps {
  start: string
  /** HH:mm in the visitor's zone. */
  time: string
  onPick: () => void
}

export interface BookingFieldProps {
  value: string
  problem: MessageDescriptor | null
  serverErrors: string[]
  onChange: (value: string) => void
}

export interface BookingPageProps {
  screen: BookingPageScreen
  page: BookingPublicPage | null
  /** The visitor's time zone: every time shows in it. */
  timeZone: string
  /** The week shown: its Monday and its days with their free times. */
  weekStart: string
  days: BookingDayProps[]
  /** The day whose times show. */
  day: string
  times: BookingTimeProps[]
  /** The week's times are on their way. */
  slotsLoading: boolean
  /** They could not be read: the reason and Retry. */
  slotsFailed: boolean
  canPreviousWeek: boolean
  canNextWeek: boolean
  /** The time picked was taken meanwhile: say so (the week's times are read again). */
  taken: boolean
  /** The time being booked. */
  picked: LocalSlot | null
  /** A guest (name and email needed); else signed in, prefilled. */
  guest: boolean
  name: BookingFieldProps
  email: BookingFieldProps
  note: BookingFieldProps
  /** Where the request is: the puzzle asked for, being solved ("Checking you are not a robot…"), sent. */
  sending: 'challenge' | 'solving' | 'requesting' | null
  /** The cancel link's steps. */
  cancelStep: 'offer' | 'confirming' | 'canceling' | 'canceled' | null
  /** The booking the cancel link canceled. */
  canceled: Booking | null
  /** The server's words for the last failure. */
  error: string | null
  onRetry: () => void
  onPreviousWeek: () => void
  onNextWeek: () => void
  onBack: () => void
  onSubmit: () => void
  onCancelBooking: () => void
  onConfirmCancel: () => void
  onKeep: () => void
  onBookAgain: () => void
}

function screenOf(snapshot: BookingPageSnapshot): BookingPageScreen {
  for (const screen of ['notFound', 'loadFailed', 'inactive', 'browsing', 'booked', 'cancel'] as const)
    if (snapshot.matches(screen)) return screen
  if (snapshot.matches('details') || snapshot.matches('submitting')) return 'details'
  return 'loading'
}

function sendingOf(snapshot: BookingPageSnapshot): BookingPageProps['sending'] {
  for (const step of ['challenge', 'solving', 'requesting'] as const) if (snapshot.matches({ submitting: step })) return step
  return null
}

function cancelStepOf(snapshot: BookingPageSnapshot): BookingPageProps['cancelStep'] {
  for (const step of ['offer', 'confirming', 'canceling', 'canceled'] as const) if (snapshot.matches({ cancel: step })) return step
  return null
}

/** Pure: snapshot and send -> the public booking page's props and handlers. */
export function connect(snapshot: BookingPageSnapshot, send: (event: BookingPageEvent) => void): BookingPageProps {
  const context = snapshot.context
  const problems = context.checked ? detailsProblems(context) : null
  const browsing = snapshot.matches('browsing')
  const field = (name: 'name' | 'email' | 'note', problem: MessageDescriptor | null): BookingFieldProps => ({
    value: context[name],
    problem,
    serverErrors: context.fieldErrors[name] ?? [],
    onChange: (value) => send({ type: 'FIELD', field: name, value }),
  })
  const shown = new Set(['name', 'email', 'note'])
  const others = Object.entries(context.fieldErrors)
    .filter(([key]) => !shown.has(key))
    .flatMap(([, messages]) => messages)
  return {
    screen: screenOf(snapshot),
    page: context.page,
    timeZone: context.timeZone,
    weekStart: context.weekStart,
    days: weekDays(context.weekStart).map((day) => ({
      day,
      count: context.slots.filter((slot) => slot.day === day).length,
      selected: day === context.day,
      onSelect: () => send({ type: 'DAY', day }),
    })),
    day: context.day,
    times: context.slots
      .filter((slot) => slot.day === context.day)
      .map((slot) => ({ start: slot.start, time: slot.time, onPick: () => send({ type: 'PICK', start: slot.start }) })),
    slotsLoading: snapshot.matches({ browsing: 'loadingSlots' }),
    slotsFailed: snapshot.matches({ browsing: 'slotsFailed' }),
    canPreviousWeek: browsing && snapshot.can({ type: 'PREV_WEEK' }),
    canNextWeek: browsing && snapshot.can({ type: 'NEXT_WEEK' }),
    taken: context.notice === 'taken',
    picked: context.picked,
    guest: context.me === null,
    name: field('name', problems?.name ? NAME_MESSAGES[problems.name] : null),
    email: field('email', problems?.email ? EMAIL_MESSAGES[problems.email] : null),
    note: field('note', problems?.note ? NOTE_TOO_LONG : null),
    sending: sendingOf(snapshot),
    cancelStep: cancelStepOf(snapshot),
    canceled: context.canceled,
    error: [context.error, ...others].filter((text): text is string => Boolean(text)).join(' ') || null,
    onRetry: () => send({ type: 'RETRY' }),
    onPreviousWeek: () => send({ type: 'PREV_WEEK' }),
    onNextWeek: () => send({ type: 'NEXT_WEEK' }),
    onBack: () => send({ type: 'BACK' }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onCancelBooking: () => send({ type: 'CANCEL_BOOKING' }),
    onConfirmCancel: () => send({ type: 'CONFIRM' }),
    onKeep: () => send({ type: 'KEEP' }),
    onBookAgain: () => send({ type: 'BOOK_AGAIN' }),
  }
}
