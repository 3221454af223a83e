import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { canLoadMore, holds, isIdle, isShown, loadingList, newFailure, pagedListChild, withItem } from '../paged-list'
import type {
  Booking,
  BookingAction,
  BookingActInput,
  BookingInboxContext,
  BookingInboxEvent,
  BookingInboxInput,
  BookingRole,
} from './booking-inbox.types'

/**
 * /calendar/booked: the reader's upcoming bookings, 20 at a time (its paged list, GET
 * booking/list?role&upcoming=1): of their booking pages ("Requests", role owner) or those they
 * made ("Booked by me", role booker).
 *
 *   open.idle --TAB [the other role]--> open, that role's list from page 1
 *   open.idle --APPROVE | REJECT [a requested booking of the reader's page, listed, no page on its
 *     way] | CANCEL [a live one: requested or approved]--> open.acting: PUT booking/decide or
 *     booking/cancel --done--> idle, the booking as saved ; --error--> idle with the reason
 *   LOAD_MORE [the last page was full] loads the next page; RETRY after the first page failed
 *   CHANGED (socket BOOKING_CHANGED): a listed booking is replaced by it; one of this role not
 *     listed (a new request) brings the list again, behind the list shown
 *   REFRESH (the socket connected again: BOOKING_CHANGED may have been missed meanwhile): the list
 *     again, behind the list shown (loading or failed: from page 1); an action on its way is not
 *     cut short
 *
 * Pure: the calls are injected promise actors.
 */

/** A booking that holds its time: requested or approved. */
export const isLive = (booking: Booking) => booking.status === 'requested' || booking.status === 'approved'

/** Whether the reader is the booking's owner or booker in that role. */
export const isInRole = (booking: Booking, role: BookingRole, meId: string) =>
  role === 'owner' ? booking.owner._id === meId : booking.booker?._id === meId

/** What the reader may do to the booking in that role. */
export function actionsFor(booking: Booking, role: BookingRole): BookingAction[] {
  if (!isLive(booking)) return []
  return role === 'owner' && booking.status === 'requested' ? ['approve', 'reject', 'cancel'] : ['cancel']
}

const listed = (context: BookingInboxContext, bookingId: string) => isIdle(context.list) && holds(context.list, bookingId)
const bookingOf = (context: BookingInboxContext, bookingId: string) => context.list.items.find((b) => b._id === bookingId)

const notProvided = actorNotProvided('bookingInbox')

export const bookingInboxMachine = setup({
  types: {
    context: {} as BookingInboxContext,
    events: {} as BookingInboxEvent,
    input: {} as BookingInboxInput,
  },
  actors: {
    /** The role's upcoming bookings, 20 a page: GET booking/list?role&upcoming=1&page. */
    list: pagedListChild,
    /** PUT booking/decide {approve | reject} or booking/cancel; fails with the reason to show. */
    act: fromPromise<Booking, BookingActInput>(notProvided('act')),
  },
  guards: {
    otherRole: ({ context, event }) => event.type === 'TAB' && event.role !== context.role,
    canDecide: ({ context, event }) => {
      if (event.type !== 'APPROVE' && event.type !== 'REJECT') return false
      const booking = bookingOf(context, event.bookingId)
      return listed(context, event.bookingId) && booking !== undefined && actionsFor(booking, context.role).includes('approve')
    },
    canCancel: ({ context, event }) => {
      if (event.type !== 'CANCEL') return false
      const booking = bookingOf(context, event.bookingId)
      return listed(context, event.bookingId) && booking !== undefined && isLive(booking)
    },
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
    changedListed: ({ context, event }) => event.type === 'CHANGED' && isShown(context.list) && holds(context.list, event.booking._id),
    changedNew: ({ context, event }) =>
      event.type === 'CHANGED' && isInRole(event.booking, context.role, context.meId) && !holds(context.list, event.booking._id),
  },
  actions: {
    takeList: assign(({ context, event }) =>
      event.type === 'LIST' ? { list: event.list, error: newFailure(context.list, event.list) ?? context.error } : {},
    ),
    switchRole: assign(({ event }) => (event.type === 'TAB' ? { role: event.role, list: loadingList<Booking>(), error: null } : {})),
    startAction: assign(({ event }) => {
      const action: Record<string, BookingAction> = { APPROVE: 'approve', REJECT: 'reject', CANCEL: 'cancel' }
      return 'bookingId' in event ? { acting: { bookingId: event.bookingId, action: action[event.type]! }, error: null } : {}
    }),
    replaceActed: sendTo('list', ({ event }) => ({ type: 'REPLACE' as const, item: (event as unknown as { output: Booking }).output })),
    keepActed: assign(({ context, event }) => ({
      list: withItem(context.list, (event as unknown as { output: Booking }).output),
      acting: null,
    })),
    setError: assign({ error: ({ event }) => errorTextOf(event), acting: null }),
    clearError: assign({ error: null }),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
    replaceChanged: sendTo('list', ({ event }) => ({
      type: 'REPLACE' as const,
      item: event.type === 'CHANGED' ? event.booking : { _id: '' },
    })),
    keepChanged: assign(({ context, event }) => (event.type === 'CHANGED' ? { list: withItem(context.list, event.booking) } : {})),
    refresh: sendTo('list', { type: 'REFRESH' }),
  },
}).createMachine({
  id: 'bookingInbox',
  context: ({ input }) => ({ ...input, role: 'owner', list: loadingList<Booking>(), acting: null, error: null }),
  on: {
    LIST: { actions: 'takeList' },
    REFRESH: { actions: 'refresh' },
    CHANGED: [
      { guard: 'changedListed', actions: ['replaceChanged', 'keepChanged'] },
      { guard: 'changedNew', actions: 'refresh' },
    ],
  },
  initial: 'open',
  states: {
    open: {
      invoke: { id: 'list', src: 'list', input: ({ context }) => ({ query: { role: context.role } }) },
      initial: 'idle',
      states: {
        idle: {
          on: {
            TAB: { guard: 'otherRole', target: '#bookingInbox.open', reenter: true, actions: 'switchRole' },
            APPROVE: { guard: 'canDecide', target: 'acting', actions: 'startAction' },
            REJECT: { guard: 'canDecide', target: 'acting', actions: 'startAction' },
            CANCEL: { guard: 'canCancel', target: 'acting', actions: 'startAction' },
            LOAD_MORE: { guard: 'canLoadMore', actions: ['clearError', 'loadMore'] },
            RETRY: { guard: 'listFailed', actions: 'retry' },
          },
        },
        acting: {
          invoke: {
            id: 'act',
            src: 'act',
            input: ({ context }) => context.acting!,
            onDone: { target: 'idle', actions: ['replaceActed', 'keepActed'] },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const bookingInboxSampleInput: BookingInboxInput = { meId: 'user-1' }

export type BookingInboxMachine = typeof bookingInboxMachine
export type BookingInboxActor = ActorRefFrom<BookingInboxMachine>
export type BookingInboxSnapshot = SnapshotFrom<BookingInboxMachine>
