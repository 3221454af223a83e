import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { BookingPage, BookingPagesContext, BookingPagesEvent, BookingPagesInput } from './booking-pages.types'

/**
 * "Your booking pages" on /calendar/booked: the reader's pages (GET booking/pages), each with its
 * public link (Copy), Edit, and a switch that turns it on or off.
 *
 *   loading --done--> ready ; --error--> failed --RETRY--> loading
 *   ready --TOGGLE [a listed page]--> toggling: PUT booking/page-update {active: the other way}
 *     --done--> ready, the page as saved ; --error--> ready with the reason, the page as it was
 *   ready --COPY [a listed page]--> its link to the clipboard (injected `copyLink`), "Link copied"
 *   REFRESH (the socket connected again: the pages may have changed elsewhere meanwhile):
 *     ready --> refreshing: GET booking/pages behind the pages shown --done--> ready with them ;
 *       --error--> ready, the pages as they were, with the reason
 *     loading | refreshing --> the read again (what was being read may predate it) ; failed --> loading
 *     toggling --> the switch is not cut short: once it is answered, the pages are read again
 *   refreshing: the pages shown stay; COPY as in ready; TOGGLE [a listed page] --> toggling, the
 *     read again once the switch is answered
 *
 * Pure: the calls and the clipboard are injected.
 */

/** A page's public link. */
export const publicLinkOf = (origin: string, page: Pick<BookingPage, '_id' | 'url'>) =>
  `${origin}${page.url || `/booking/${encodeURIComponent(page._id)}`}`

const pageOf = (context: BookingPagesContext, pageId: string) => context.pages.find((page) => page._id === pageId)

const notProvided = actorNotProvided('bookingPages')

/** The page's link to the clipboard (the injected `copyLink`). */
const copyLinkOf = {
  type: 'copyLink' as const,
  params: ({ context, event }: { context: BookingPagesContext; event: BookingPagesEvent }) => ({
    link: publicLinkOf(context.origin, pageOf(context, (event as { pageId: string }).pageId)!),
  }),
}

export const bookingPagesMachine = setup({
  types: {
    context: {} as BookingPagesContext,
    events: {} as BookingPagesEvent,
    input: {} as BookingPagesInput,
  },
  actors: {
    /** GET booking/pages. */
    loadPages: fromPromise<BookingPage[], void>(notProvided('loadPages')),
    /** PUT booking/page-update {page_id, active}. */
    setActive: fromPromise<BookingPage, { page_id: string; active: boolean }>(notProvided('setActive')),
  },
  guards: {
    listed: ({ context, event }) => 'pageId' in event && pageOf(context, event.pageId) !== undefined,
    /** A REFRESH came while the switch was on its way. */
    stale: ({ context }) => context.stale,
  },
  actions: {
    /** Injected: the link goes to the clipboard. */
    copyLink: (_, _params: { link: string }) => {},
    takePages: assign({ pages: ({ event }) => (event as unknown as { output: BookingPage[] }).output, error: null }),
    /** A refresh's pages: the last switch's failure, if any, still shows. */
    takeFreshPages: assign({ pages: ({ event }) => (event as unknown as { output: BookingPage[] }).output }),
    showError: assign({ error: ({ event }) => errorTextOf(event), toggling: null }),
    startToggle: assign(({ event }) => ('pageId' in event ? { toggling: event.pageId, error: null, copied: null } : {})),
    takeSaved: assign(({ context, event }) => {
      const saved = (event as unknown as { output: BookingPage }).output
      return { pages: context.pages.map((page) => (page._id === saved._id ? saved : page)), toggling: null }
    }),
    markCopied: assign(({ event }) => ('pageId' in event ? { copied: event.pageId } : {})),
    markStale: assign({ stale: true }),
    startRefresh: assign({ stale: false }),
  },
}).createMachine({
  id: 'bookingPages',
  context: ({ input }) => ({ ...input, pages: [], toggling: null, copied: null, error: null, stale: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPages',
        src: 'loadPages',
        onDone: { target: 'ready', actions: 'takePages' },
        onError: { target: 'failed', actions: 'showError' },
      },
      on: { REFRESH: { target: 'loading', reenter: true } },
    },
    failed: { on: { RETRY: 'loading', REFRESH: 'loading' } },
    ready: {
      on: {
        REFRESH: { target: 'refreshing', actions: 'startRefresh' },
        TOGGLE: { guard: 'listed', target: 'toggling', actions: 'startToggle' },
        COPY: { guard: 'listed', actions: [copyLinkOf, 'markCopied'] },
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshPages',
        src: 'loadPages',
        onDone: { target: 'ready', actions: 'takeFreshPages' },
        onError: { target: 'ready', actions: 'showError' },
      },
      on: {
        REFRESH: { target: 'refreshing', reenter: true },
        // The pages shown stay usable: a switch cuts the read short, which starts again once it is answered.
        TOGGLE: { guard: 'listed', target: 'toggling', actions: ['startToggle', 'markStale'] },
        COPY: { guard: 'listed', actions: [copyLinkOf, 'markCopied'] },
      },
    },
    toggling: {
      invoke: {
        id: 'setActive',
        src: 'setActive',
        input: ({ context }) => ({ page_id: context.toggling!, active: !pageOf(context, context.toggling!)!.active }),
        onDone: [
          { guard: 'stale', target: 'refreshing', actions: ['takeSaved', 'startRefresh'] },
          { target: 'ready', actions: 'takeSaved' },
        ],
        onError: [
          { guard: 'stale', target: 'refreshing', actions: ['showError', 'startRefresh'] },
          { target: 'ready', actions: 'showError' },
        ],
      },
      on: { REFRESH: { actions: 'markStale' } },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const bookingPagesSampleInput: BookingPagesInput = { origin: 'https://workroom.example' }

export type BookingPagesMachine = typeof bookingPagesMachine
export type BookingPagesActor = ActorRefFrom<BookingPagesMachine>
export type BookingPagesSnapshot = SnapshotFrom<BookingPagesMachine>
