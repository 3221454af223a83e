import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'

/**
 * One person's friend status in a contact-request item (spec section 4, "Friend status").
 *
 *   friend_status 0 and 2 -> stranger, 1 -> requested, 3 -> friend
 *   requested
 *     ACCEPT -> accepting: POST relates/accept-friend {customer_id}; on success friend_status
 *               becomes 3 and the item is removed from the list
 *     REJECT -> rejecting: POST relates/no-friend {customer_id}; on success friend_status becomes 0
 *               and the item is removed
 *   a failed call leaves the request as it was and says so.
 *
 * Pure: the calls are injected promise actors, removing the item from its list an injected action.
 */

/** The wire values of friend_status. */
export type FriendStatus = 0 | 1 | 2 | 3

export const FRIEND_STATUS = { stranger: 0, requested: 1, declined: 2, friend: 3 } as const

export interface FriendStatusInput {
  customerId: string
  name: string
  photoUrl: string | null
  friendStatus: FriendStatus
}

export interface FriendStatusContext extends FriendStatusInput {
  /** The item left its list (after accept or reject). */
  removed: boolean
  error: 'accept' | 'reject' | null
}

export type FriendStatusEvent = { type: 'ACCEPT' } | { type: 'REJECT' }

const notProvided = actorNotProvided('friendStatus')

export const friendStatusMachine = setup({
  types: {
    context: {} as FriendStatusContext,
    events: {} as FriendStatusEvent,
    input: {} as FriendStatusInput,
  },
  actors: {
    /** POST relates/accept-friend {customer_id}. */
    acceptFriend: fromPromise<unknown, { customer_id: string }>(notProvided('acceptFriend')),
    /** POST relates/no-friend {customer_id}. */
    rejectFriend: fromPromise<unknown, { customer_id: string }>(notProvided('rejectFriend')),
  },
  guards: {
    isRequested: ({ context }) => context.friendStatus === FRIEND_STATUS.requested,
    isFriend: ({ context }) => context.friendStatus === FRIEND_STATUS.friend,
  },
  actions: {
    /** Injected: take the item out of its list. */
    removeItem: (_, _params: { customerId: string }) => {},
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'friendStatus',
  context: ({ input }) => ({ ...input, removed: false, error: null }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [
        { guard: 'isRequested', target: 'requested' },
        { guard: 'isFriend', target: 'friend' },
        // 0 and 2
        { target: 'stranger' },
      ],
    },
    stranger: {},
    requested: {
      on: {
        ACCEPT: { target: 'accepting', actions: 'clearError' },
        REJECT: { target: 'rejecting', actions: 'clearError' },
      },
    },
    accepting: {
      invoke: {
        id: 'acceptFriend',
        src: 'acceptFriend',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: {
          target: 'friend',
          actions: [assign({ friendStatus: FRIEND_STATUS.friend, removed: true }), { type: 'removeItem', params: ({ context }) => ({ customerId: context.customerId }) }],
        },
        onError: { target: 'requested', actions: assign({ error: 'accept' }) },
      },
    },
    rejecting: {
      invoke: {
        id: 'rejectFriend',
        src: 'rejectFriend',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: {
          target: 'stranger',
          actions: [assign({ friendStatus: FRIEND_STATUS.stranger, removed: true }), { type: 'removeItem', params: ({ context }) => ({ customerId: context.customerId }) }],
        },
        onError: { target: 'requested', actions: assign({ error: 'reject' }) },
      },
    },
    friend: {},
  },
})

/** What the statechart visualiser starts the machine with. */
export const friendStatusSampleInput: FriendStatusInput = { customerId: 'customer-1', name: 'Lan Nguyễn', photoUrl: null, friendStatus: 1 }

export type FriendStatusMachine = typeof friendStatusMachine
export type FriendStatusActor = ActorRefFrom<FriendStatusMachine>
export type FriendStatusSnapshot = SnapshotFrom<FriendStatusMachine>
