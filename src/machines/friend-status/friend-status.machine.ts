import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type { FriendStatus, FriendStatusContext, FriendStatusError, FriendStatusEvent, FriendStatusInput, RelateInput } from './friend-status.types'

/**
 * One person's friend status in a contact-request item.
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

export const FRIEND_STATUS = { stranger: 0, requested: 1, declined: 2, friend: 3 } as const satisfies Record<string, FriendStatus>

const notProvided = actorNotProvided('friendStatus')

export const friendStatusMachine = setup({
  types: {
    context: {} as FriendStatusContext,
    events: {} as FriendStatusEvent,
    input: {} as FriendStatusInput,
  },
  actors: {
    /** POST relates/accept-friend {customer_id}. */
    acceptFriend: fromPromise<unknown, RelateInput>(notProvided('acceptFriend')),
    /** POST relates/no-friend {customer_id}. */
    rejectFriend: fromPromise<unknown, RelateInput>(notProvided('rejectFriend')),
  },
  guards: {
    isRequested: ({ context }) => context.friendStatus === FRIEND_STATUS.requested,
    isFriend: ({ context }) => context.friendStatus === FRIEND_STATUS.friend,
  },
  actions: {
    /** Injected: take the item out of its list. */
    removeItem: (_, _params: { customerId: string }) => {},
    clearError: assign({ error: null }),
    becomeFriend: assign({ friendStatus: FRIEND_STATUS.friend, removed: true }),
    becomeStranger: assign({ friendStatus: FRIEND_STATUS.stranger, removed: true }),
    showError: assign((_, params: { error: FriendStatusError }) => ({ error: params.error })),
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
          actions: ['becomeFriend', { type: 'removeItem', params: ({ context }) => ({ customerId: context.customerId }) }],
        },
        onError: { target: 'requested', actions: { type: 'showError', params: { error: 'accept' } } },
      },
    },
    rejecting: {
      invoke: {
        id: 'rejectFriend',
        src: 'rejectFriend',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: {
          target: 'stranger',
          actions: ['becomeStranger', { type: 'removeItem', params: ({ context }) => ({ customerId: context.customerId }) }],
        },
        onError: { target: 'requested', actions: { type: 'showError', params: { error: 'reject' } } },
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
