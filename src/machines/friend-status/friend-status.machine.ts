import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type {
  FriendStatus,
  FriendStatusContext,
  FriendStatusError,
  FriendStatusEvent,
  FriendStatusInput,
  Person,
  RelateInput,
} from './friend-status.types'

/**
 * One person's friend status, driving every friend button (profile, chat header, contact request,
 * notification item, blocked list).
 *
 *   friend_status 0 and 2 -> stranger, 1 -> requested (I asked), 3 -> friend; `incoming`: they
 *   asked me; `blocked`: I blocked them (no friend buttons then, only Unblock). Unknown (null):
 *   loading, GET workid/customer?customer_id.
 *   stranger  SEND     -> sending:     POST relates/add-friend (accepts theirs if they had asked)
 *   requested CANCEL   -> cancelling:  POST relates/cancel-friend
 *   incoming  ACCEPT   -> accepting:   POST relates/accept-friend; friend_status 3, the item is removed
 *             REJECT   -> rejecting:   POST relates/no-friend; friend_status 0, the item is removed
 *   friend    UNFRIEND -> confirmingUnfriend --CONFIRM--> unfriending: POST relates/unfriend
 *   any settled state BLOCK -> confirmingBlock --CONFIRM--> blocking (POST relates/block); blocked
 *   UNBLOCK -> unblocking; a question's DISMISS goes back to what the person was
 *   (POST relates/unblock; the item is removed from a blocked list)
 *   a failed call leaves the state as it was and says so (with the server's message when it has one).
 *
 * Pure: the calls are injected promise actors, removing the item from its list an injected action.
 */

export const FRIEND_STATUS = { stranger: 0, requested: 1, declined: 2, friend: 3 } as const satisfies Record<string, FriendStatus>

const notProvided = actorNotProvided('friendStatus')

/** The server's message of a failed call (the runtime fails with it as the Error's message, empty when there is none). */
const detailOf = (error: unknown): string | null => {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : null
}

const failed = (error: FriendStatusError) => ({
  type: 'showError' as const,
  params: ({ event }: { event: { error?: unknown } }) => ({ error, detail: detailOf(event.error) }),
})

export const friendStatusMachine = setup({
  types: {
    context: {} as FriendStatusContext,
    events: {} as FriendStatusEvent,
    input: {} as FriendStatusInput,
  },
  actors: {
    /** GET workid/customer?customer_id. */
    loadPerson: fromPromise<Person, RelateInput>(notProvided('loadPerson')),
    /** POST relates/add-friend {customer_id}. */
    sendRequest: fromPromise<Person, RelateInput>(notProvided('sendRequest')),
    /** POST relates/cancel-friend {customer_id}. */
    cancelRequest: fromPromise<Person, RelateInput>(notProvided('cancelRequest')),
    /** POST relates/accept-friend {customer_id}. */
    acceptFriend: fromPromise<Person, RelateInput>(notProvided('acceptFriend')),
    /** POST relates/no-friend {customer_id}. */
    rejectFriend: fromPromise<Person, RelateInput>(notProvided('rejectFriend')),
    /** POST relates/unfriend {customer_id}. */
    unfriend: fromPromise<Person, RelateInput>(notProvided('unfriend')),
    /** POST relates/block {customer_id}. */
    block: fromPromise<Person, RelateInput>(notProvided('block')),
    /** POST relates/unblock {customer_id}. */
    unblock: fromPromise<Person, RelateInput>(notProvided('unblock')),
  },
  guards: {
    isUnknown: ({ context }) => context.friendStatus === null,
    isBlocked: ({ context }) => context.blocked,
    isFriend: ({ context }) => context.friendStatus === FRIEND_STATUS.friend,
    isIncoming: ({ context }) => context.incoming,
    isRequested: ({ context }) => context.friendStatus === FRIEND_STATUS.requested,
  },
  actions: {
    /** Injected: the item was answered in place and leaves its list (a notification keeps an accepted request, saying so). */
    removeItem: (_, _params: { customerId: string; outcome: 'accepted' | 'rejected' | 'unblocked' }) => {},
    clearError: assign({ error: null, errorDetail: null }),
    /** The person as the server answered. */
    takePerson: assign((_, person: Person) => ({
      name: person.name,
      photoUrl: person.photo_url,
      friendStatus: person.friend_status,
      incoming: person.incoming,
      blocked: person.blocked,
      onlyFriendsMessage: person.only_friends_message,
    })),
    becomeFriend: assign({ friendStatus: FRIEND_STATUS.friend, incoming: false, removed: true }),
    becomeStranger: assign({ friendStatus: FRIEND_STATUS.stranger, incoming: false, removed: true }),
    becomeUnblocked: assign({ blocked: false, removed: true }),
    forget: assign({ friendStatus: null }),
    showError: assign((_, params: { error: FriendStatusError; detail: string | null }) => ({
      error: params.error,
      errorDetail: params.detail,
    })),
  },
}).createMachine({
  id: 'friendStatus',
  context: ({ input }) => ({
    customerId: input.customerId,
    name: input.name,
    photoUrl: input.photoUrl,
    friendStatus: input.friendStatus,
    incoming: input.incoming ?? false,
    blocked: input.blocked ?? false,
    onlyFriendsMessage: input.onlyFriendsMessage ?? null,
    removed: false,
    error: null,
    errorDetail: null,
  }),
  initial: 'resolving',
  on: {
    REFRESH: { target: '.loading', actions: ['forget', 'clearError'] },
  },
  states: {
    resolving: {
      always: [
        { guard: 'isUnknown', target: 'loading' },
        { guard: 'isBlocked', target: 'blocked' },
        { guard: 'isFriend', target: 'friend' },
        { guard: 'isIncoming', target: 'incoming' },
        { guard: 'isRequested', target: 'requested' },
        // 0 and 2
        { target: 'stranger' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadPerson',
        src: 'loadPerson',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: { target: 'resolving', actions: { type: 'takePerson', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: failed('load') },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    stranger: {
      on: {
        SEND: { target: 'sending', actions: 'clearError' },
        BLOCK: { target: 'confirmingBlock', actions: 'clearError' },
      },
    },
    sending: {
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: { target: 'resolving', actions: { type: 'takePerson', params: ({ event }) => event.output } },
        onError: { target: 'stranger', actions: failed('send') },
      },
    },
    requested: {
      on: {
        CANCEL: { target: 'cancelling', actions: 'clearError' },
        BLOCK: { target: 'confirmingBlock', actions: 'clearError' },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelRequest',
        src: 'cancelRequest',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: { target: 'resolving', actions: { type: 'takePerson', params: ({ event }) => event.output } },
        onError: { target: 'requested', actions: failed('cancel') },
      },
    },
    incoming: {
      on: {
        ACCEPT: { target: 'accepting', actions: 'clearError' },
        REJECT: { target: 'rejecting', actions: 'clearError' },
        BLOCK: { target: 'confirmingBlock', actions: 'clearError' },
      },
    },
    accepting: {
      invoke: {
        id: 'acceptFriend',
        src: 'acceptFriend',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: {
          target: 'friend',
          actions: [
            'becomeFriend',
            { type: 'removeItem', params: ({ context }) => ({ customerId: context.customerId, outcome: 'accepted' as const }) },
          ],
        },
        onError: { target: 'incoming', actions: failed('accept') },
      },
    },
    rejecting: {
      invoke: {
        id: 'rejectFriend',
        src: 'rejectFriend',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: {
          target: 'stranger',
          actions: [
            'becomeStranger',
            { type: 'removeItem', params: ({ context }) => ({ customerId: context.customerId, outcome: 'rejected' as const }) },
          ],
        },
        onError: { target: 'incoming', actions: failed('reject') },
      },
    },
    friend: {
      on: {
        UNFRIEND: { target: 'confirmingUnfriend', actions: 'clearError' },
        BLOCK: { target: 'confirmingBlock', actions: 'clearError' },
      },
    },
    confirmingUnfriend: {
      on: { CONFIRM: 'unfriending', DISMISS: 'resolving' },
    },
    confirmingBlock: {
      on: { CONFIRM: 'blocking', DISMISS: 'resolving' },
    },
    unfriending: {
      invoke: {
        id: 'unfriend',
        src: 'unfriend',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: { target: 'resolving', actions: { type: 'takePerson', params: ({ event }) => event.output } },
        onError: { target: 'friend', actions: failed('unfriend') },
      },
    },
    blocking: {
      invoke: {
        id: 'block',
        src: 'block',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: { target: 'resolving', actions: { type: 'takePerson', params: ({ event }) => event.output } },
        onError: { target: 'resolving', actions: failed('block') },
      },
    },
    blocked: {
      on: { UNBLOCK: { target: 'unblocking', actions: 'clearError' } },
    },
    unblocking: {
      invoke: {
        id: 'unblock',
        src: 'unblock',
        input: ({ context }) => ({ customer_id: context.customerId }),
        onDone: {
          target: 'resolving',
          actions: [
            { type: 'takePerson', params: ({ event }) => event.output },
            'becomeUnblocked',
            { type: 'removeItem', params: ({ context }) => ({ customerId: context.customerId, outcome: 'unblocked' as const }) },
          ],
        },
        onError: { target: 'blocked', actions: failed('unblock') },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const friendStatusSampleInput: FriendStatusInput = {
  customerId: 'customer-1',
  name: 'Lan Nguyễn',
  photoUrl: null,
  friendStatus: 0,
  incoming: true,
}

export type FriendStatusMachine = typeof friendStatusMachine
export type FriendStatusActor = ActorRefFrom<FriendStatusMachine>
export type FriendStatusSnapshot = SnapshotFrom<FriendStatusMachine>
