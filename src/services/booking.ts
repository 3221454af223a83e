import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type {
  Booking,
  BookingChallenge,
  BookingPage,
  BookingPublicPage,
  BookingRequestBody,
  BookingRequestResult,
} from '../../contract/booking'
import { bookingInboxMachine, connect as connectInbox, type BookingActInput } from '../machines/booking-inbox'
import {
  bookingPageMachine,
  connect as connectBookingPage,
  type CancelLink,
  type LocalSlot,
  type SlotsQuery,
} from '../machines/booking-page'
import { bookingPagesMachine, connect as connectPages } from '../machines/booking-pages'
import { withPages } from '../machines/paged-list'
import { connect as connectSlotsForm, slotsFormMachine, type SlotsSaveInput } from '../machines/slots-form'
import {
  bookingChallenge,
  bookingList,
  bookingPageOf,
  bookingSlots,
  cancelBooking,
  cancelGuestBooking,
  createBookingPage,
  decideBooking,
  myBookingPages,
  publicBookingPage,
  requestBooking,
  updateBookingPage,
} from './api/booking'
import { localSlotOf, todayIn, weekRangeOf } from './booking-time'
import { browserTimeZone } from './time-zones'
import { failureMessage } from './failure'
import { apiErrorOf } from './http'
import { solveProofOfWork } from './proof-of-work'
import { onSocketConnect, onSocketEvent } from './socket'

/**
 * The booking pages' runtime: the slotsForm, bookingPage, bookingInbox and bookingPages machines with
 * their calls (contract tag 'booking'), the proof-of-work worker, the router, BOOKING_CHANGED and
 * the socket's reconnects.
 */

/** A refused call as a machine keeps it: the server's words, with its status and field messages. */
export class CallRefused extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly fields: Record<string, string[]>,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/** The call, failing with a CallRefused. */
export async function refusedWithDetails<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (failure) {
    const api = apiErrorOf(failure)
    throw new CallRefused(failureMessage(failure), api?.status ?? null, api?.body?.errors ?? {}, { cause: failure })
  }
}

/** The proof of work in a Web Worker (on the main thread where there is none); stopped with the actor. */
export function solveInWorker(challenge: BookingChallenge, signal?: AbortSignal): Promise<string> {
  if (typeof Worker === 'undefined') return solveProofOfWork(challenge.token, challenge.bits, { signal })
  return new Promise<string>((resolve, reject) => {
    const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' })
    const stop = () => {
      worker.terminate()
      reject(new Error('The proof of work was stopped'))
    }
    signal?.addEventListener('abort', stop, { once: true })
    worker.onmessage = (event: MessageEvent<{ nonce?: string; error?: string }>) => {
      signal?.removeEventListener('abort', stop)
      worker.terminate()
      if (event.data.nonce !== undefined) resolve(event.data.nonce)
      else reject(new Error(event.data.error ?? 'The proof of work failed'))
    }
    worker.onerror = (event) => {
      signal?.removeEventListener('abort', stop)
      worker.terminate()
      reject(new Error(event.message || 'The proof of work failed'))
    }
    worker.postMessage({ token: challenge.token, bits: challenge.bits })
  })
}

/** The signed-out or signed-in visitor's /booked/success: what was booked, when, in their zone. */
export interface BookedSearch {
  title: string
  start: string
  end: string
  tz: string
  status: string
  /** The page, and for a guest the booking and its cancel secret (the link of their emails). */
  page?: string
  booking?: string
  token?: string
}

export const bookedSearchOf = (result: BookingRequestResult, page: BookingPublicPage, timeZone: string): BookedSearch => ({
  title: page.title,
  start: result.booking.start,
  end: result.booking.end,
  tz: timeZone,
  status: result.booking.status,
  page: page._id,
  ...(result.cancel_token ? { booking: result.booking._id, token: result.cancel_token } : {}),
})

// --- slotsForm: /calendar/create-your-slots, /calendar/edit-your-slots/{id}

const appSlotsFormMachine = slotsFormMachine.provide({
  actors: {
    loadPage: fromPromise<BookingPage, { pageId: string }>(({ input }) => refusedWithDetails(bookingPageOf(input.pageId))),
    savePage: fromPromise<BookingPage, SlotsSaveInput>(({ input }) =>
      refusedWithDetails(input.kind === 'create' ? createBookingPage(input.body) : updateBookingPage(input.body)),
    ),
  },
})

/**
 * The slots form (mounted while its page shows): a new page (pageId null) or one being edited. Its
 * client_id is made once, when the page opens, so every try of a new page is the same page. Saved
 * or left, back to /calendar/booked.
 */
export function useSlotsForm(pageId: string | null) {
  const navigate = useNavigate()
  const go = useRef(navigate)
  go.current = navigate
  const [clientId] = useState(() => crypto.randomUUID())
  const [timeZone] = useState(browserTimeZone)
  const [machine] = useState(() =>
    appSlotsFormMachine.provide({
      actions: {
        pageSaved: () => void go.current({ to: '/calendar/booked' }),
        leave: () => void go.current({ to: '/calendar/booked' }),
      },
    }),
  )
  const actor = useActorRef(machine, { input: { clientId, pageId, timeZone } })
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => ({ ...connectSlotsForm(snapshot, actor.send), timeZone }), [snapshot, actor, timeZone])
}

// --- bookingPage: /booking/{id}

const appBookingPageMachine = bookingPageMachine.provide({
  actors: {
    loadPage: fromPromise<BookingPublicPage, { pageId: string }>(({ input }) => refusedWithDetails(publicBookingPage(input.pageId))),
    loadSlots: fromPromise<LocalSlot[], SlotsQuery>(async ({ input }) => {
      const { from, to } = weekRangeOf(input.weekStart, input.timeZone)
      const { slots } = await refusedWithDetails(bookingSlots(input.pageId, from, to))
      return slots.map((slot) => localSlotOf(slot, input.timeZone))
    }),
    getChallenge: fromPromise<BookingChallenge, void>(() => refusedWithDetails(bookingChallenge())),
    solveChallenge: fromPromise<string, BookingChallenge>(({ input, signal }) => solveInWorker(input, signal)),
    requestBooking: fromPromise<BookingRequestResult, BookingRequestBody>(({ input }) => refusedWithDetails(requestBooking(input))),
    cancelBooking: fromPromise<Booking, { booking_id: string; token: string }>(({ input }) =>
      refusedWithDetails(cancelGuestBooking(input.booking_id, input.token)),
    ),
  },
})

export interface BookingPageOptions {
  pageId: string
  /** The signed-in visitor; null: a guest. */
  me: { name: string; email: string } | null
  /** Opened from a guest's cancel link. */
  cancel: CancelLink | null
}

/** The public booking page (mounted once the session is known): booked, to /booked/success. */
export function useBookingPage({ pageId, me, cancel }: BookingPageOptions) {
  const navigate = useNavigate()
  const go = useRef(navigate)
  go.current = navigate
  const [start] = useState(() => {
    const timeZone = browserTimeZone()
    return { clientId: crypto.randomUUID(), timeZone, today: todayIn(timeZone) }
  })
  const [machine] = useState(() =>
    appBookingPageMachine.provide({
      actions: {
        showBooked: (_, { result, page, timeZone }) =>
          void go.current({ to: '/booked/success', search: bookedSearchOf(result, page, timeZone) }),
        leaveCancelLink: () => void go.current({ to: '/booking/$id', params: { id: pageId }, search: {}, replace: true }),
      },
    }),
  )
  const actor = useActorRef(machine, { input: { pageId, me, cancel, ...start } })
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectBookingPage(snapshot, actor.send), [snapshot, actor])
}

// --- bookingInbox and bookingPages: /calendar/booked

const appBookingInboxMachine = bookingInboxMachine.provide({
  actors: {
    list: withPages<{ role: 'owner' | 'booker' }>(({ role, page }) => refusedWithDetails(bookingList(role, page))),
    act: fromPromise<Booking, BookingActInput>(({ input }) =>
      refusedWithDetails(input.action === 'cancel' ? cancelBooking(input.bookingId) : decideBooking(input.bookingId, input.action)),
    ),
  },
})

/**
 * The reader's bookings (of their pages, or made by them), fed BOOKING_CHANGED, and read again
 * when the socket reconnects (it may have missed some).
 */
export function useBookingInbox(meId: string) {
  const actor = useActorRef(appBookingInboxMachine, { input: { meId } })
  useEffect(() => {
    const offs = [
      onSocketEvent('BOOKING_CHANGED', ({ booking }) => actor.send({ type: 'CHANGED', booking })),
      onSocketConnect(() => actor.send({ type: 'REFRESH' })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectInbox(snapshot, actor.send), [snapshot, actor])
}

const appBookingPagesMachine = bookingPagesMachine.provide({
  actors: {
    loadPages: fromPromise<BookingPage[], void>(() => refusedWithDetails(myBookingPages())),
    setActive: fromPromise<BookingPage, { page_id: string; active: boolean }>(({ input }) => refusedWithDetails(updateBookingPage(input))),
  },
  actions: { copyLink: (_, { link }) => void navigator.clipboard?.writeText(link).catch(() => undefined) },
})

/**
 * "Your booking pages": each page's public link (Copy), Edit, and its on/off switch; read again
 * when the socket reconnects (they may have changed elsewhere meanwhile).
 */
export function useBookingPages() {
  const actor = useActorRef(appBookingPagesMachine, { input: { origin: location.origin } })
  useEffect(() => onSocketConnect(() => actor.send({ type: 'REFRESH' })), [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectPages(snapshot, actor.send), [snapshot, actor])
}
