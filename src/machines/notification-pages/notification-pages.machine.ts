import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { PAGE_SIZE } from '../../../contract/common'
import { actorNotProvided } from '../not-provided'
import type { LoadPageInput, LoadPageOutput, NotificationPagesContext, NotificationPagesEvent } from './notification-pages.types'

/**
 * The notification drawer's pages (GET notify?page=N, from 1, 20 per page):
 *
 *   idle --LOAD_MORE--> loading --a full page--> loaded --LOAD_MORE--> loading
 *                               --a short page--> exhausted (no more pages)
 *                               --failure--> failed --RETRY | LOAD_MORE--> loading
 *
 * The list keeps loading while a page returns exactly 20 (spec section 9). Each loaded page is
 * handed on with the injected `deliver` action (the notificationBadge machine keeps the items).
 */

const notProvided = actorNotProvided('notificationPages')

export const notificationPagesMachine = setup({
  types: {
    context: {} as NotificationPagesContext,
    events: {} as NotificationPagesEvent,
  },
  actors: {
    /** GET notify?page=N. */
    loadPage: fromPromise<LoadPageOutput, LoadPageInput>(notProvided('loadPage')),
  },
  guards: {
    /** The page held PAGE_SIZE items, so another may follow. */
    fullPage: (_, params: { count: number }) => params.count >= PAGE_SIZE,
  },
  actions: {
    /** Injected: the loaded page goes to the list. */
    deliver: (_, _params: { items: LoadPageOutput }) => {},
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
  },
}).createMachine({
  id: 'notificationPages',
  context: { page: 0 },
  initial: 'idle',
  states: {
    idle: { on: { LOAD_MORE: 'loading' } },
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page + 1 }),
        onDone: [
          {
            guard: { type: 'fullPage', params: ({ event }) => ({ count: event.output.length }) },
            target: 'loaded',
            actions: ['nextPage', { type: 'deliver', params: ({ event }) => ({ items: event.output }) }],
          },
          { target: 'exhausted', actions: ['nextPage', { type: 'deliver', params: ({ event }) => ({ items: event.output }) }] },
        ],
        onError: 'failed',
      },
    },
    loaded: { on: { LOAD_MORE: 'loading' } },
    exhausted: {},
    failed: { on: { RETRY: 'loading', LOAD_MORE: 'loading' } },
  },
})

export type NotificationPagesMachine = typeof notificationPagesMachine
export type NotificationPagesActor = ActorRefFrom<NotificationPagesMachine>
export type NotificationPagesSnapshot = SnapshotFrom<NotificationPagesMachine>
