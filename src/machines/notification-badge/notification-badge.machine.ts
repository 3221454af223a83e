import { assertEvent, assign, fromPromise, setup, spawnChild, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type {
  MarkSeenInput,
  NotificationBadgeContext,
  NotificationBadgeEvent,
  NotificationBadgeInput,
  NotificationItem,
} from './notification-badge.types'

/**
 * Notification badges. Four parallel regions:
 *
 *   dot     hidden --data | UNREAD_COUNT above 0--> shown --OPEN_DRAWER | all read elsewhere--> hidden
 *           (a socket `data` event shows the red dot; so does an unread count above 0; opening
 *           the drawer clears it)
 *   drawer  closed --OPEN_DRAWER--> open --CLOSE_DRAWER--> closed; FILTER (open) picks what the
 *           list shows: all, the mentions or the friend requests (contract inNotificationFilter),
 *           kept while it is closed
 *   window  focused --BLUR--> blurred --FOCUS--> focused (the title count resets to zero);
 *           `data` while focused shows in the app (a toast, in the focused tab only, and not while
 *           the drawer is open: the drawer shows it already); while
 *           blurred it counts for the title icon and shows a push (only then)
 *   inbox   live: `data` prepends the item and counts it unread; SEEN / SEEN_ALL mark read
 *           (PUT notify/seen, PUT notify/seen-all); the unread counts and the first page
 *           (GET notify, page 1: LOADED) arrive as events; items that came live meanwhile stay first;
 *           OPEN (a click) marks the item read and opens its target, closing the drawer;
 *           SEEN_ELSEWHERE (socket NOTIFY_SEEN: read in another tab or device) marks them read here;
 *           REMOVED (a friend request rejected in place) takes the item out of the list;
 *           FRIEND_ACCEPTED (accepted in place) keeps it, now saying you are friends (friend_status 3)
 *
 * The title icon: 1 to 4 a numbered icon, 5 or more the 5 icon (connect). (The header's unread
 * chats badge comes from the chat list: topic-list `connectBadge`.) Pure: the seen calls are injected promise actors,
 * showing a push is an injected action.
 */

export const TITLE_ICON_MAX = 5

const notProvided = actorNotProvided('notificationBadge')

const targetOf = (context: NotificationBadgeContext, id: string): string | null =>
  context.items.find((item) => item._id === id)?.target ?? null

export const notificationBadgeMachine = setup({
  types: {
    context: {} as NotificationBadgeContext,
    events: {} as NotificationBadgeEvent,
    input: {} as NotificationBadgeInput,
  },
  actors: {
    /** PUT notify/seen {notify_id}. */
    markSeen: fromPromise<unknown, MarkSeenInput>(notProvided('markSeen')),
    /** PUT notify/seen-all. */
    markAllSeen: fromPromise<unknown, void>(notProvided('markAllSeen')),
  },
  guards: {
    unreadAboveZero: ({ event }) => event.type === 'UNREAD_COUNT' && event.count > 0,
    hasUnread: ({ context }) => context.unread > 0 || context.items.some((item) => !item.is_seen),
    noneUnreadElsewhere: ({ event }) => event.type === 'SEEN_ELSEWHERE' && event.count === 0,
    isKnownItem: ({ context, event }) =>
      (event.type === 'REMOVED' || event.type === 'FRIEND_ACCEPTED') && context.items.some((item) => item._id === event.id),
    drawerClosed: stateIn({ drawer: 'closed' }),
    otherFilter: ({ context, event }) => event.type === 'FILTER' && event.filter !== context.filter,
    isUnseenItem: ({ context, event }) =>
      (event.type === 'SEEN' || event.type === 'OPEN') && context.items.some((item) => item._id === event.id && !item.is_seen),
  },
  actions: {
    /** Injected: the browser push for a notification (shown only while the window is blurred). */
    showPush: (_, _params: { notification: NotificationItem }) => {},
    /** Injected: the in-app notice for a notification that arrives while this window has the focus. */
    showInApp: (_, _params: { notification: NotificationItem }) => {},
    /** Injected: navigates to a clicked item's target. */
    openTarget: (_, _params: { target: string | null }) => {},
    prepend: assign(({ context, event }) =>
      event.type === 'DATA'
        ? { items: [event.notification, ...context.items], unread: context.unread + (event.notification.is_seen ? 0 : 1) }
        : {},
    ),
    /**
     * A loaded page joins the list: none twice (an item read here stays read), newest first by
     * creation time, so items that arrived live meanwhile stay before it and older live ones
     * (a later page's) after it.
     */
    merge: assign(({ context, event }) => {
      if (event.type !== 'LOADED') return {}
      const loaded = new Map((event.items ?? []).map((item) => [item._id, item]))
      const kept = context.items.map((item) => {
        const fresh = loaded.get(item._id)
        if (!fresh) return item
        loaded.delete(item._id)
        return { ...fresh, is_seen: fresh.is_seen || item.is_seen }
      })
      const time = (item: NotificationItem) => Date.parse(item.created_at) || 0
      return { items: [...kept, ...loaded.values()].sort((a, b) => time(b) - time(a)) }
    }),
    setFilter: assign(({ event }) => {
      assertEvent(event, 'FILTER')
      return { filter: event.filter }
    }),
    countForTitle: assign({ titleCount: ({ context }) => context.titleCount + 1 }),
    resetTitle: assign({ titleCount: 0 }),
    setUnread: assign(({ event }) => {
      assertEvent(event, 'UNREAD_COUNT')
      return { unread: Math.max(0, event.count) }
    }),
    markItemSeen: assign(({ context, event }) => {
      assertEvent(event, ['SEEN', 'OPEN'])
      return {
        items: context.items.map((item) => (item._id === event.id ? { ...item, is_seen: true } : item)),
        unread: Math.max(0, context.unread - 1),
      }
    }),
    markSeenElsewhere: assign(({ context, event }) => {
      assertEvent(event, 'SEEN_ELSEWHERE')
      const ids = event.ids === null ? null : new Set(event.ids)
      return {
        items: context.items.map((item) => (ids === null || ids.has(item._id) ? { ...item, is_seen: true } : item)),
        unread: Math.max(0, event.count),
      }
    }),
    removeItem: assign(({ context, event }) => {
      assertEvent(event, 'REMOVED')
      const removed = context.items.find((item) => item._id === event.id)
      return {
        items: context.items.filter((item) => item._id !== event.id),
        unread: removed && !removed.is_seen ? Math.max(0, context.unread - 1) : context.unread,
      }
    }),
    markFriendAccepted: assign(({ context, event }) => {
      assertEvent(event, 'FRIEND_ACCEPTED')
      return { items: context.items.map((item) => (item._id === event.id ? { ...item, friend_status: 3 as const } : item)) }
    }),
    markAllItemsSeen: assign(({ context }) => ({ items: context.items.map((item) => ({ ...item, is_seen: true })), unread: 0 })),
    saveSeen: spawnChild('markSeen', {
      input: ({ event }) => {
        assertEvent(event, ['SEEN', 'OPEN'])
        return { notify_id: event.id }
      },
    }),
    saveAllSeen: spawnChild('markAllSeen'),
  },
}).createMachine({
  id: 'notificationBadge',
  context: ({ input }) => ({ items: [], unread: input.unread ?? 0, titleCount: 0, filter: 'all' }),
  type: 'parallel',
  states: {
    dot: {
      initial: 'hidden',
      states: {
        hidden: {
          on: {
            DATA: 'shown',
            UNREAD_COUNT: { guard: 'unreadAboveZero', target: 'shown' },
          },
        },
        shown: {
          on: {
            OPEN_DRAWER: 'hidden',
            // Everything was read in another tab or device: the dot goes here too.
            SEEN_ELSEWHERE: { guard: 'noneUnreadElsewhere', target: 'hidden' },
          },
        },
      },
    },
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { OPEN_DRAWER: 'open' } },
        open: {
          on: {
            CLOSE_DRAWER: 'closed',
            OPEN: 'closed',
            FILTER: { guard: 'otherFilter', actions: 'setFilter' },
          },
        },
      },
    },
    window: {
      initial: 'focused',
      states: {
        focused: {
          on: {
            BLUR: 'blurred',
            DATA: {
              guard: 'drawerClosed',
              actions: { type: 'showInApp', params: ({ event }) => ({ notification: event.notification }) },
            },
          },
        },
        blurred: {
          on: {
            FOCUS: { target: 'focused', actions: 'resetTitle' },
            DATA: { actions: ['countForTitle', { type: 'showPush', params: ({ event }) => ({ notification: event.notification }) }] },
          },
        },
      },
    },
    inbox: {
      initial: 'live',
      states: {
        live: {
          on: {
            DATA: { actions: 'prepend' },
            UNREAD_COUNT: { actions: 'setUnread' },
            LOADED: { actions: 'merge' },
            SEEN: { guard: 'isUnseenItem', actions: ['markItemSeen', 'saveSeen'] },
            SEEN_ALL: { guard: 'hasUnread', actions: ['markAllItemsSeen', 'saveAllSeen'] },
            OPEN: [
              {
                guard: 'isUnseenItem',
                actions: [
                  'markItemSeen',
                  'saveSeen',
                  { type: 'openTarget', params: ({ context, event }) => ({ target: targetOf(context, event.id) }) },
                ],
              },
              { actions: { type: 'openTarget', params: ({ context, event }) => ({ target: targetOf(context, event.id) }) } },
            ],
            SEEN_ELSEWHERE: { actions: 'markSeenElsewhere' },
            REMOVED: { guard: 'isKnownItem', actions: 'removeItem' },
            FRIEND_ACCEPTED: { guard: 'isKnownItem', actions: 'markFriendAccepted' },
          },
        },
      },
    },
  },
})

export type NotificationBadgeMachine = typeof notificationBadgeMachine
export type NotificationBadgeActor = ActorRefFrom<NotificationBadgeMachine>
export type NotificationBadgeSnapshot = SnapshotFrom<NotificationBadgeMachine>
