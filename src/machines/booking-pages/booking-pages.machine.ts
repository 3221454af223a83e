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
 *
 * Pure: the calls and the clipboard are injected.
 */

/** A page's public link. */
export const publicLinkOf = (origin: string, page: Pick<BookingPage, '_id' | 'url'>) =>
  `${origin}${page.url || `/booking/${encodeURIComponent(page._id)}`}`

const pageOf = (context: BookingPagesContext, pageId: string) => context.pages.find((page) => page._id === pageId)

const notProvided = actorNotProvided('bookingPages')

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
  },
  actions: {
    /** Injected: the link goes to the clipboard. */
    copyLink: (_, _params: { link: string }) => {},
    takePages: assign({ pages: ({ event }) => (event as unknown as { output: BookingPage[] }).output, error: null }),
    showError: assign({ error: ({ event }) => errorTextOf(event), toggling: null }),
    startToggle: assign(({ event }) => ('pageId' in event ? { toggling: event.pageId, error: null, copied: null } : {})),
    takeSaved: assign(({ context, event }) => {
      const saved = (event as unknown as { output: BookingPage }).output
      return { pages: context.pages.map((page) => (page._id === saved._id ? saved : page)), toggling: null }
    }),
    markCopied: assign(({ event }) => ('pageId' in event ? { copied: event.pageId } : {})),
  },
}).createMachine({
  id: 'bookingPages',
  context: ({ input }) => ({ ...input, pages: [], toggling: null, copied: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPages',
        src: 'loadPages',
        onDone: { target: 'ready', actions: 'takePages' },
        onError: { target: 'failed', actions: 'showError' },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        TOGGLE: { guard: 'listed', target: 'toggling', actions: 'startToggle' },
        COPY: {
          guard: 'listed',
          actions: [
            {
              type: 'copyLink',
              params: ({ context, event }) => ({ link: publicLinkOf(context.origin, pageOf(context, event.pageId)!) }),
            },
            'markCopied',
          ],
        },
      },
    },
    toggling: {
      invoke: {
        id: 'setActive',
        src: 'setActive',
        input: ({ context }) => ({ page_id: context.toggling!, active: !pageOf(context, context.toggling!)!.active }),
        onDone: { target: 'ready', actions: 'takeSaved' },
        onError: { target: 'ready', actions: 'showError' },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const bookingPagesSampleInput: BookingPagesInput = { origin: 'https://workroom.example' }

export type BookingPagesMachine = typeof bookingPagesMachine
export type BookingPagesActor = ActorRefFrom<BookingPagesMachine>
export type BookingPagesSnapshot = SnapshotFrom<BookingPagesMachine>
