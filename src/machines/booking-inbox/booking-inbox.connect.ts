import { pagedListProps, type PagedListProps } from '../paged-list'
import { actionsFor, type BookingInboxSnapshot } from './booking-inbox.machine'
import type { Booking, BookingAction, BookingInboxEvent, BookingRole } from './booking-inbox.types'

export interface BookingRow {
  booking: Booking
  /** What the reader may do to it (approve and reject a request of their page; cancel a live one). */
  actions: BookingAction[]
  /** This booking is being approved, rejected or canceled: which. */
  busy: BookingAction | null
}

export interface BookingInboxProps extends PagedListProps<Booking> {
  role: BookingRole
  rows: BookingRow[]
  /** A booking is being acted on: the other buttons wait. */
  busy: boolean
  onTab: (role: BookingRole) => void
  onApprove: (bookingId: string) => void
  onReject: (bookingId: string) => void
  onCancel: (bookingId: string) => void
}

/** Pure: the bookings list's props and handlers. */
export function connect(snapshot: BookingInboxSnapshot, send: (event: BookingInboxEvent) => void): BookingInboxProps {
  const { list, acting, error, role } = snapshot.context
  return {
    ...pagedListProps(list, send),
    error,
    role,
    rows: list.items.map((booking) => ({
      booking,
      actions: actionsFor(booking, role),
      busy: acting?.bookingId === booking._id ? acting.action : null,
    })),
    busy: snapshot.matches({ open: 'acting' }),
    onTab: (next) => send({ type: 'TAB', role: next }),
    onApprove: (bookingId) => send({ type: 'APPROVE', bookingId }),
    onReject: (bookingId) => send({ type: 'REJECT', bookingId }),
    onCancel: (bookingId) => send({ type: 'CANCEL', bookingId }),
  }
}
