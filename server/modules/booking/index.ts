/**
 * The booking module's public face: booking/* routes and the booking service, the only writer of
 * booking_pages and bookings (an approved booking's reminder is a durable job of the job queue,
 * kind `booking_remind`).
 */
export { bookingRoutes } from './routes'
export { BOOKING_REMIND_JOB, bookingRemindKey, type BookingService, createBookingService } from './service'
