import { z } from 'zod'
import { timeZone } from './attention'
import { LIMITS } from './limits'
import { objectId } from './common'
import { sender } from './message'

/**
 * Booking pages (spec sections 2, 4: /calendar/create-your-slots, edit-your-slots/{id}, booked;
 * /booking/{id}; /booked/success). A signed-in owner publishes bookable slots: weekly availability
 * in their time zone, an appointment length, a buffer after each appointment, a minimum notice and
 * how far ahead one may book. Anyone, signed in or not, opens /booking/{id}, sees the free times in
 * their own time zone and requests one; the owner approves or rejects it (notification
 * `booking_request`); the booker is told (a signed-in booker by notification, a guest by email with
 * an .ics when approved) and both are reminded BOOKING_REMIND_MINUTES before the start. A time holds
 * at most one live (requested or approved) booking: of twenty people racing for it exactly one gets
 * it. A guest's request carries a proof of work (booking/challenge) instead of a third-party captcha,
 * and is rate-limited per ip.
 */
export const BOOKING_TITLE_MAX = 120
export const BOOKING_DESCRIPTION_MAX = 1000
export const BOOKING_NOTE_MAX = 1000
export const BOOKING_NAME_MAX = 80
export const BOOKING_WINDOWS_MAX = 28
/** Both the owner and the booker are reminded this long before an approved booking starts. */
export const BOOKING_REMIND_MINUTES = 60
/** The longest range booking/slots answers at a time. */
export const BOOKING_SLOTS_RANGE_DAYS_MAX = 31
/** Leading zero bits of sha256(token + ':' + nonce) that a request's proof of work must have. */
export const BOOKING_POW_BITS = 16

/** HH:mm on a 24-hour clock. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Use HH:mm' })
/** A weekly window: ISO weekday (1 Monday … 7 Sunday), from `start` to `end` the same day, in the page's time zone. */
export const availabilityWindow = z
  .strictObject({ weekday: z.number().int().min(1).max(7), start: clock, end: clock })
  .refine((w) => w.end > w.start, { message: 'The end must be after the start', path: ['end'] })
export type AvailabilityWindow = z.infer<typeof availabilityWindow>

const pageFields = {
  title: z.string().trim().min(1).max(BOOKING_TITLE_MAX),
  description: z.string().trim().max(BOOKING_DESCRIPTION_MAX),
  duration_minutes: z.number().int().min(5).max(480),
  buffer_minutes: z.number().int().min(0).max(240),
  min_notice_minutes: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 60),
  horizon_days: z.number().int().min(1).max(365),
  time_zone: timeZone,
  availability: z.array(availabilityWindow).min(1).max(BOOKING_WINDOWS_MAX),
  /** Off: the public page shows no free times and takes no requests. */
  active: z.boolean(),
}

/** POST booking/page-create: idempotent on (owner, client_id). */
export const bookingPageCreateBody = z.strictObject({
  client_id: z.string().trim().min(1).max(64),
  title: pageFields.title,
  description: pageFields.description.default(''),
  duration_minutes: pageFields.duration_minutes.default(30),
  buffer_minutes: pageFields.buffer_minutes.default(0),
  min_notice_minutes: pageFields.min_notice_minutes.default(60),
  horizon_days: pageFields.horizon_days.default(60),
  time_zone: pageFields.time_zone,
  availability: pageFields.availability,
  active: pageFields.active.default(true),
})
export type BookingPageCreateBody = z.input<typeof bookingPageCreateBody>

/** PUT booking/page-update: the owner changes the fields given (at least one); bookings already made stay. */
export const bookingPageUpdateBody = z
  .strictObject({
    page_id: objectId,
    title: pageFields.title.optional(),
    description: pageFields.description.optional(),
    duration_minutes: pageFields.duration_minutes.optional(),
    buffer_minutes: pageFields.buffer_minutes.optional(),
    min_notice_minutes: pageFields.min_notice_minutes.optional(),
    horizon_days: pageFields.horizon_days.optional(),
    time_zone: pageFields.time_zone.optional(),
    availability: pageFields.availability.optional(),
    active: pageFields.active.optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'page_id'), { message: 'Change at least one field', path: ['page_id'] })
export type BookingPageUpdateBody = z.infer<typeof bookingPageUpdateBody>

/** DELETE booking/page-delete (its live bookings are canceled, their bookers told). */
export const bookingPageIdBody = z.strictObject({ page_id: objectId })
/** GET booking/page (the owner's view) and GET booking/public (anyone's). */
export const bookingPageIdQuery = z.object({ page_id: objectId })

export const bookingPage = z.object({
  _id: z.string(),
  owner: sender,
  title: z.string(),
  description: z.string(),
  duration_minutes: z.number(),
  buffer_minutes: z.number(),
  min_notice_minutes: z.number(),
  horizon_days: z.number(),
  time_zone: z.string(),
  availability: z.array(availabilityWindow),
  active: z.boolean(),
  /** The public page's path: /booking/<_id>. */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type BookingPage = z.infer<typeof bookingPage>

/** What anyone sees of a page on /booking/{id}. */
export const bookingPublicPage = z.object({
  _id: z.string(),
  owner: z.object({ name: z.string(), photo_url: z.string().nullable() }),
  title: z.string(),
  description: z.string(),
  duration_minutes: z.number(),
  time_zone: z.string(),
  active: z.boolean(),
})
export type BookingPublicPage = z.infer<typeof bookingPublicPage>

/** GET booking/slots: the free start times from `from` to `to` (at most BOOKING_SLOTS_RANGE_DAYS_MAX days). */
export const bookingSlotsQuery = z
  .object({ page_id: objectId, from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .superRefine((q, issue) => {
    const span = Date.parse(q.to) - Date.parse(q.from)
    if (!(span > 0)) issue.addIssue({ code: 'custom', path: ['to'], message: 'The range must end after it starts' })
    else if (span > BOOKING_SLOTS_RANGE_DAYS_MAX * 24 * 3600 * 1000)
      issue.addIssue({ code: 'custom', path: ['to'], message: `At most ${BOOKING_SLOTS_RANGE_DAYS_MAX} days at a time` })
  })
export type BookingSlotsQuery = z.infer<typeof bookingSlotsQuery>
export const bookingSlot = z.object({ start: z.string(), end: z.string() })
export type BookingSlot = z.infer<typeof bookingSlot>
export const bookingSlots = z.object({ slots: z.array(bookingSlot) })

/**
 * GET booking/challenge: a proof-of-work puzzle for one request. `token` is signed by the server and
 * expires after a few minutes; the client finds a `nonce` (decimal string) so that
 * sha256(`${token}:${nonce}`) starts with `bits` zero bits, and sends both with booking/request.
 */
export const bookingChallenge = z.object({ token: z.string(), bits: z.number() })
export type BookingChallenge = z.infer<typeof bookingChallenge>

/**
 * POST booking/request: one free start time. A signed-in booker is known by their token (name and
 * email optional); a guest gives a name and an email. Idempotent on client_id (a repeat answers the
 * same booking). A time taken meanwhile: 409 with field `start`.
 */
export const bookingRequestBody = z.strictObject({
  page_id: objectId,
  client_id: z.string().trim().min(1).max(64),
  start: z.iso.datetime({ offset: true }),
  name: z.string().trim().min(1).max(BOOKING_NAME_MAX).optional(),
  email: z.string().trim().toLowerCase().min(1).max(LIMITS.emailMax).pipe(z.email()).optional(),
  note: z.string().trim().max(BOOKING_NOTE_MAX).default(''),
  /** The booker's time zone, for the words of their emails. */
  time_zone: timeZone.optional(),
  challenge: z.strictObject({ token: z.string().min(1).max(512), nonce: z.string().regex(/^\d{1,20}$/) }),
})
export type BookingRequestBody = z.input<typeof bookingRequestBody>

export const BOOKING_STATUSES = ['requested', 'approved', 'rejected', 'canceled'] as const
export const bookingStatus = z.enum(BOOKING_STATUSES)
export type BookingStatus = z.infer<typeof bookingStatus>

export const booking = z.object({
  _id: z.string(),
  page_id: z.string(),
  page_title: z.string(),
  owner: sender,
  /** The signed-in booker, or null for a guest. */
  booker: sender.nullable(),
  /** A guest's (or the booker's) name and email as given. */
  name: z.string(),
  email: z.string().nullable(),
  note: z.string(),
  start: z.string(),
  end: z.string(),
  status: bookingStatus,
  created_at: z.string(),
  updated_at: z.string(),
})
export type Booking = z.infer<typeof booking>

/** What booking/request answers: the booking and, for a guest, a secret for cancelling it (booking/cancel-guest, the link in their emails). */
export const bookingRequestResult = z.object({ booking, cancel_token: z.string().nullable() })
export type BookingRequestResult = z.infer<typeof bookingRequestResult>

/** PUT booking/decide: the owner approves or rejects a requested booking. */
export const bookingDecideBody = z.strictObject({ booking_id: objectId, decision: z.enum(['approve', 'reject']) })
export type BookingDecideBody = z.infer<typeof bookingDecideBody>
/** PUT booking/cancel: its owner or its signed-in booker cancels a live booking. */
export const bookingIdBody = z.strictObject({ booking_id: objectId })
/** PUT booking/cancel-guest: a guest cancels with the secret from booking/request (and their emails). */
export const bookingCancelGuestBody = z.strictObject({ booking_id: objectId, token: z.string().min(1).max(128) })
/** GET booking/info: one booking its owner or signed-in booker sees. */
export const bookingIdQuery = z.object({ booking_id: objectId })

/** GET booking/list: the caller's bookings as owner (others booked them) or as booker, soonest first; 20 a page. */
export const bookingListQuery = z.object({
  role: z.enum(['owner', 'booker']).default('owner'),
  status: bookingStatus.optional(),
  /** Only those ending after now (the default) or all. */
  upcoming: z.enum(['1', '0']).default('1'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
})
export type BookingListQuery = z.infer<typeof bookingListQuery>

/** Socket BOOKING_CHANGED to the owner's and a signed-in booker's sockets, on every node. */
export interface BookingChangedPayload {
  booking: Booking
}
