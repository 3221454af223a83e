import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { PAGE_SIZE } from '../../../contract/common'
import { actorNotProvided } from '../not-provided'
import type { ContactItem, ContactListContext, ContactListEvent, ContactListInput, LoadPageInput } from './contact-list.types'

/**
 * A contact list (friends, friend requests or blocked people), 20 per page: it keeps loading the
 * next page while a page returns exactly PAGE_SIZE (20) items, then shows them, or says the list is
 * empty; a failed page says so and Retry loads that page again (the pages before it stay).
 * An item answered elsewhere (REMOVE) leaves the list; the last one leaves it empty.
 *
 * Pure: loading a page is an injected promise actor.
 */

const notProvided = actorNotProvided('contactList')

export const contactListMachine = setup({
  types: {
    context: {} as ContactListContext,
    events: {} as ContactListEvent,
    input: {} as ContactListInput,
  },
  actors: {
    /** GET contact | relates/list-friend | relates/list-block ?page. */
    loadPage: fromPromise<ContactItem[], LoadPageInput>(notProvided('loadPage')),
  },
  guards: {
    pageIsFull: ({ event }) => (event as unknown as { output: ContactItem[] }).output.length === PAGE_SIZE,
    hasItems: ({ context }) => context.items.length > 0,
    isLastItem: ({ context, event }) => event.type === 'REMOVE' && context.items.length === 1 && context.items[0]!._id === event.customerId,
  },
  actions: {
    append: assign({
      items: ({ context, event }) => {
        const known = new Set(context.items.map((item) => item._id))
        return [...context.items, ...(event as unknown as { output: ContactItem[] }).output.filter((item) => !known.has(item._id))]
      },
    }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    remove: assign({ items: ({ context, event }) => (event.type === 'REMOVE' ? context.items.filter((item) => item._id !== event.customerId) : context.items) }),
    reset: assign({ items: [], page: 1 }),
  },
}).createMachine({
  id: 'contactList',
  context: ({ input }) => ({ kind: input.kind, items: [], page: 1 }),
  initial: 'loading',
  on: {
    RELOAD: { target: '.loading', actions: 'reset' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ kind: context.kind, page: context.page }),
        onDone: [
          { guard: 'pageIsFull', target: 'loading', reenter: true, actions: ['append', 'nextPage'] },
          { target: 'settling', actions: 'append' },
        ],
        onError: { target: 'failed' },
      },
    },
    settling: {
      always: [{ guard: 'hasItems', target: 'loaded' }, { target: 'empty' }],
    },
    loaded: {
      on: {
        REMOVE: [{ guard: 'isLastItem', target: 'empty', actions: 'remove' }, { actions: 'remove' }],
      },
    },
    empty: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const contactListSampleInput: ContactListInput = { kind: 'friends' }

export type ContactListMachine = typeof contactListMachine
export type ContactListActor = ActorRefFrom<ContactListMachine>
export type ContactListSnapshot = SnapshotFrom<ContactListMachine>
