import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { PAGE_SIZE } from '../../../contract/common'
import { errorTextOf, outputOf } from '../invoke-result'
import { appendUnique } from '../append-unique'
import { actorNotProvided } from '../not-provided'
import type {
  ContactItem,
  ContactListContext,
  ContactListEvent,
  ContactListInput,
  ContactListKind,
  LoadPageInput,
  MovableKind,
  MoveItemInput,
} from './contact-list.types'

/**
 * A contact list (friends, friend requests, archived friends or blocked people), 20 per page: it
 * keeps loading the next page while a page returns exactly PAGE_SIZE (20) items, then shows them,
 * or says the list is empty; a failed page says so and Retry loads that page again (the pages
 * before it stay). An item answered elsewhere (REMOVE) leaves the list; the last one leaves it empty.
 *
 * Friends and archived friends move between the two lists (MOVE, one at a time): a friend is
 * archived (POST relates/archive), an archived friend unarchived (POST relates/unarchive); done,
 * the item leaves this list; failed, it stays and the failure is kept for that item.
 *
 * Changed elsewhere (REFRESH: the user archived or unarchived someone in another tab or device;
 * socket SETTINGS_CHANGED contacts): the list loads its pages again from page 1 in the background
 * and then shows exactly what is stored, and a move in this tab is never cut short:
 *   loaded | empty --REFRESH--> refreshing: the list stays shown and usable while the pages come
 *     (full pages ask for the next); done, the items are the refreshed pages; failed, it keeps
 *     what it showed (the next change or load corrects it)
 *   refreshing: another REFRESH, or an item answered here (REMOVE), starts the refresh again from
 *     page 1; a MOVE drops it and, marked stale, refreshes once the move lands
 *   moving --REFRESH--> marked stale: the move finishes, then the list refreshes (settling)
 *   loading | failed --REFRESH--> loading from page 1 (the pages read so far may predate it)
 *
 * Pure: loading a page and moving an item are injected promise actors.
 */

const notProvided = actorNotProvided('contactList')

/** The page a loading or refreshing state asks for. */
const pageToLoad = ({ context }: { context: ContactListContext }): LoadPageInput => ({ kind: context.kind, page: context.page })

/** Friends are archived, archived friends unarchived; requests and blocked people do not move. */
export const isMovable = (kind: ContactListKind): kind is MovableKind => kind === 'friends' || kind === 'archived'

export const contactListMachine = setup({
  types: {
    context: {} as ContactListContext,
    events: {} as ContactListEvent,
    input: {} as ContactListInput,
  },
  actors: {
    /** GET contact | relates/list-friend | relates/list-block | relates/list-archived ?page. */
    loadPage: fromPromise<ContactItem[], LoadPageInput>(notProvided('loadPage')),
    /** POST relates/archive (friends) | relates/unarchive (archived) {customer_id}. */
    moveItem: fromPromise<void, MoveItemInput>(notProvided('moveItem')),
  },
  guards: {
    pageIsFull: ({ event }) => outputOf<ContactItem[]>(event).length === PAGE_SIZE,
    hasItems: ({ context }) => context.items.length > 0,
    isLastItem: ({ context, event }) => event.type === 'REMOVE' && context.items.length === 1 && context.items[0]!._id === event.customerId,
    canMove: ({ context, event }) =>
      event.type === 'MOVE' && isMovable(context.kind) && context.items.some((item) => item._id === event.customerId),
    /** Changed elsewhere while a move was on its way: load the list again. */
    isStale: ({ context }) => context.stale,
  },
  actions: {
    append: assign({ items: ({ context, event }) => appendUnique(context.items, outputOf<ContactItem[]>(event)) }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    remove: assign({
      items: ({ context, event }) =>
        event.type === 'REMOVE' ? context.items.filter((item) => item._id !== event.customerId) : context.items,
    }),
    reset: assign({ items: [], page: 1, movingId: null, moveFailure: null, fresh: [], stale: false }),
    markStale: assign({ stale: true }),
    startRefresh: assign({ page: 1, fresh: [], stale: false }),
    gather: assign({ fresh: ({ context, event }) => appendUnique(context.fresh, outputOf<ContactItem[]>(event)) }),
    applyRefresh: assign({ items: ({ context }) => context.fresh, fresh: [] }),
    dropRefresh: assign({ fresh: [] }),
    startMove: assign({ movingId: ({ event }) => (event.type === 'MOVE' ? event.customerId : null), moveFailure: null }),
    removeMoved: assign({ items: ({ context }) => context.items.filter((item) => item._id !== context.movingId), movingId: null }),
    moveFailed: assign({
      moveFailure: ({ context, event }) => ({ customerId: context.movingId!, detail: errorTextOf(event) || null }),
      movingId: null,
    }),
  },
}).createMachine({
  id: 'contactList',
  context: ({ input }) => ({ kind: input.kind, items: [], page: 1, movingId: null, moveFailure: null, fresh: [], stale: false }),
  initial: 'loading',
  on: {
    RELOAD: { target: '.loading', actions: 'reset' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: pageToLoad,
        onDone: [
          { guard: 'pageIsFull', target: 'loading', reenter: true, actions: ['append', 'nextPage'] },
          { target: 'settling', actions: 'append' },
        ],
        onError: { target: 'failed' },
      },
      on: { REFRESH: { target: 'loading', reenter: true, actions: 'reset' } },
    },
    settling: {
      always: [
        { guard: 'isStale', target: 'refreshing', actions: 'startRefresh' },
        { guard: 'hasItems', target: 'loaded' },
        { target: 'empty' },
      ],
    },
    loaded: {
      on: {
        REMOVE: [{ guard: 'isLastItem', target: 'empty', actions: 'remove' }, { actions: 'remove' }],
        MOVE: { guard: 'canMove', target: 'moving', actions: 'startMove' },
        REFRESH: { target: 'refreshing', actions: 'startRefresh' },
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshPage',
        src: 'loadPage',
        input: pageToLoad,
        onDone: [
          { guard: 'pageIsFull', target: 'refreshing', reenter: true, actions: ['gather', 'nextPage'] },
          { target: 'settling', actions: ['gather', 'applyRefresh'] },
        ],
        onError: { target: 'settling', actions: 'dropRefresh' },
      },
      on: {
        REFRESH: { target: 'refreshing', reenter: true, actions: 'startRefresh' },
        REMOVE: { target: 'refreshing', reenter: true, actions: ['remove', 'startRefresh'] },
        MOVE: { guard: 'canMove', target: 'moving', actions: ['startMove', 'dropRefresh', 'markStale'] },
      },
    },
    moving: {
      invoke: {
        id: 'moveItem',
        src: 'moveItem',
        input: ({ context }) => ({ kind: context.kind as MovableKind, customerId: context.movingId! }),
        onDone: { target: 'settling', actions: 'removeMoved' },
        onError: { target: 'settling', actions: 'moveFailed' },
      },
      on: { REFRESH: { actions: 'markStale' } },
    },
    empty: {
      on: { REFRESH: { target: 'refreshing', actions: 'startRefresh' } },
    },
    failed: {
      on: { RETRY: 'loading', REFRESH: { target: 'loading', actions: 'reset' } },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const contactListSampleInput: ContactListInput = { kind: 'friends' }

export type ContactListMachine = typeof contactListMachine
export type ContactListActor = ActorRefFrom<ContactListMachine>
export type ContactListSnapshot = SnapshotFrom<ContactListMachine>
