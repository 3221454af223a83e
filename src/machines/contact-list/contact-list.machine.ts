import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { holds, isShown, loadingList, pagedListChild, withoutItem } from '../paged-list'
import type {
  ContactListContext,
  ContactListEvent,
  ContactListInput,
  ContactListKind,
  MovableKind,
  MoveItemInput,
} from './contact-list.types'

/**
 * A contact list (friends, friend requests, archived friends or blocked people): its paged list
 * loads every page, the next while a page returns exactly 20; a failed page says so and Retry
 * loads that page again (the pages before it stay). An item answered elsewhere (REMOVE) leaves
 * the list; the last one leaves it empty.
 *
 * Friends and archived friends move between the two lists (MOVE, one at a time): a friend is
 * archived (POST relates/archive), an archived friend unarchived (POST relates/unarchive); done,
 * the item leaves this list; failed, it stays and the failure is kept for that item.
 *
 *   open.idle --MOVE [a listed friend or archived friend, the list shown]--> open.moving --done |
 *     error--> idle
 *   REFRESH (the user archived or unarchived someone in another tab or device; socket
 *     SETTINGS_CHANGED contacts): the list loads its pages again behind the list shown (loading or
 *     failed: from page 1, emptied). A move is never cut short: the item it moved leaves the list,
 *     and a refresh running then starts again from page 1, after the move
 *   RELOAD: the list again from page 1
 *
 * Pure: moving an item is an injected promise actor.
 */

const notProvided = actorNotProvided('contactList')

/** Friends are archived, archived friends unarchived; requests and blocked people do not move. */
export const isMovable = (kind: ContactListKind): kind is MovableKind => kind === 'friends' || kind === 'archived'

export const contactListMachine = setup({
  types: {
    context: {} as ContactListContext,
    events: {} as ContactListEvent,
    input: {} as ContactListInput,
  },
  actors: {
    /** Every page: GET contact | relates/list-friend | relates/list-block | relates/list-archived ?page. */
    list: pagedListChild,
    /** POST relates/archive (friends) | relates/unarchive (archived) {customer_id}. */
    moveItem: fromPromise<void, MoveItemInput>(notProvided('moveItem')),
  },
  guards: {
    listShown: ({ context }) => isShown(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
    canMove: ({ context, event }) =>
      event.type === 'MOVE' && isMovable(context.kind) && isShown(context.list) && holds(context.list, event.customerId),
  },
  actions: {
    takeList: assign({ list: ({ context, event }) => (event.type === 'LIST' ? event.list : context.list) }),
    reset: assign({ list: loadingList(), movingId: null, moveFailure: null }),
    removeFromList: sendTo('list', ({ event }) => ({ type: 'REMOVE' as const, id: event.type === 'REMOVE' ? event.customerId : '' })),
    remove: assign({
      list: ({ context, event }) => (event.type === 'REMOVE' ? withoutItem(context.list, event.customerId) : context.list),
    }),
    refreshList: sendTo('list', { type: 'REFRESH' }),
    retry: sendTo('list', { type: 'RETRY' }),
    startMove: assign({ movingId: ({ event }) => (event.type === 'MOVE' ? event.customerId : null), moveFailure: null }),
    removeMovedFromList: sendTo('list', ({ context }) => ({ type: 'REMOVE' as const, id: context.movingId! })),
    removeMoved: assign(({ context }) => ({ list: withoutItem(context.list, context.movingId!), movingId: null })),
    moveFailed: assign({
      moveFailure: ({ context, event }) => ({ customerId: context.movingId!, detail: errorTextOf(event) || null }),
      movingId: null,
    }),
  },
}).createMachine({
  id: 'contactList',
  context: ({ input }) => ({ kind: input.kind, list: loadingList(), movingId: null, moveFailure: null }),
  on: {
    RELOAD: { target: '.open', actions: 'reset' },
    LIST: { actions: 'takeList' },
    REFRESH: { actions: 'refreshList' },
  },
  initial: 'open',
  states: {
    open: {
      invoke: { id: 'list', src: 'list', input: ({ context }) => ({ query: { kind: context.kind }, every: true }) },
      initial: 'idle',
      states: {
        idle: {
          on: {
            REMOVE: { guard: 'listShown', actions: ['removeFromList', 'remove'] },
            MOVE: { guard: 'canMove', target: 'moving', actions: 'startMove' },
            RETRY: { guard: 'listFailed', actions: 'retry' },
          },
        },
        moving: {
          invoke: {
            id: 'moveItem',
            src: 'moveItem',
            input: ({ context }) => ({ kind: context.kind as MovableKind, customerId: context.movingId! }),
            onDone: { target: 'idle', actions: ['removeMovedFromList', 'removeMoved'] },
            onError: { target: 'idle', actions: 'moveFailed' },
          },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const contactListSampleInput: ContactListInput = { kind: 'friends' }

export type ContactListMachine = typeof contactListMachine
export type ContactListActor = ActorRefFrom<ContactListMachine>
export type ContactListSnapshot = SnapshotFrom<ContactListMachine>
