import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { type Presence, PRESENCE_WATCH_MAX } from '../../../contract/presence'
import { actorNotProvided } from '../not-provided'
import type { PresenceContext, PresenceEvent, SyncInput } from './presence.types'

/**
 * The presence of the people on this tab's screen. Each view that shows someone's dot or status
 * WATCHes them while it shows (UNWATCH after); the people shown (at most PRESENCE_WATCH_MAX) are
 * the tab's watch list, which the server sends PRESENCE_CHANGED and STATUS_CHANGED for.
 *
 *   idle --WATCH of someone not shown yet | UNWATCH of someone's last view | DND_CHANGED of someone
 *     shown (read them again) | CONNECTED (everyone read again: changes were missed)--> settling
 *   settling (the same moment's other changes join it) --0 ms--> syncing: tells the server the list,
 *     then reads those not read yet (each person once) -> idle, their presence known; a failed sync
 *     leaves everyone to be read again at the next one. A change while syncing (stale) makes
 *     another sync follow it (settling).
 *   PRESENCE_CHANGED and STATUS_CHANGED move a person's state or status in every state.
 *
 * Pure: the sync is an injected promise actor (the socket's PRESENCE_WATCH with its answer, then
 * POST presence/of).
 */
const notProvided = actorNotProvided('presence')

/** The watch list: the people shown, in the order they were first shown, at most PRESENCE_WATCH_MAX. */
export const watchListOf = (context: Pick<PresenceContext, 'shown'>) => Object.keys(context.shown).slice(0, PRESENCE_WATCH_MAX)

/** What the next sync does: the list, and those of it not read yet. */
export const syncOf = (context: Pick<PresenceContext, 'shown' | 'read'>): SyncInput => {
  const watch = watchListOf(context)
  return { watch, read: watch.filter((id) => !context.read.includes(id)) }
}

const blank = (userId: string): Presence => ({ user_id: userId, state: 'offline', last_seen_at: null, dnd: false, status: null })

export const presenceMachine = setup({
  types: { context: {} as PresenceContext, events: {} as PresenceEvent },
  actors: {
    /** PRESENCE_WATCH with the list (waits for the server's answer), then POST presence/of for `read`. */
    sync: fromPromise<Presence[], SyncInput>(notProvided('sync')),
  },
  guards: {
    /** The person is shown by some view now. */
    isShown: ({ context, event }) => 'userId' in event && (context.shown[event.userId] ?? 0) > 0,
    /** The last view that showed them goes. */
    isLastView: ({ context, event }) => event.type === 'UNWATCH' && context.shown[event.userId] === 1,
    isStale: ({ context }) => context.stale,
  },
  actions: {
    show: assign({
      shown: ({ context, event }) =>
        event.type === 'WATCH' ? { ...context.shown, [event.userId]: (context.shown[event.userId] ?? 0) + 1 } : context.shown,
    }),
    unshow: assign({
      shown: ({ context, event }) => {
        if (event.type !== 'UNWATCH' || !context.shown[event.userId]) return context.shown
        const { [event.userId]: count, ...rest } = context.shown
        return count! > 1 ? { ...rest, [event.userId]: count! - 1 } : rest
      },
    }),
    /** Someone's do not disturb changed: they are read again. */
    unreadOne: assign({ read: ({ context, event }) => context.read.filter((id) => !('userId' in event) || id !== event.userId) }),
    /** Everyone is read again (after a reconnect, or a failed sync). */
    unreadAll: assign({ read: [] }),
    /** The sync about to start reads those of the list not read yet: they count as read (people no longer shown are forgotten). */
    markRead: assign(({ context }) => {
      const { read } = syncOf(context)
      return { reading: read, read: [...context.read.filter((id) => context.shown[id]), ...read] }
    }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    take: assign({
      known: ({ context }, params: { read: Presence[] }) => {
        const known = { ...context.known }
        for (const p of params.read) known[p.user_id] = p
        return known
      },
    }),
    move: assign({
      known: ({ context, event }) => {
        if (event.type === 'PRESENCE_CHANGED') {
          const before = context.known[event.user_id] ?? blank(event.user_id)
          return { ...context.known, [event.user_id]: { ...before, state: event.state, last_seen_at: event.last_seen_at } }
        }
        if (event.type === 'STATUS_CHANGED') {
          const before = context.known[event.user_id] ?? blank(event.user_id)
          return { ...context.known, [event.user_id]: { ...before, status: event.status } }
        }
        return context.known
      },
    }),
  },
}).createMachine({
  id: 'presence',
  context: { shown: {}, known: {}, read: [], reading: [], stale: false },
  initial: 'idle',
  on: {
    PRESENCE_CHANGED: { actions: 'move' },
    STATUS_CHANGED: { actions: 'move' },
  },
  states: {
    idle: {
      on: {
        WATCH: [
          { guard: 'isShown', actions: 'show' },
          { target: 'settling', actions: 'show' },
        ],
        UNWATCH: [{ guard: 'isLastView', target: 'settling', actions: 'unshow' }, { actions: 'unshow' }],
        DND_CHANGED: { guard: 'isShown', target: 'settling', actions: 'unreadOne' },
        CONNECTED: { target: 'settling', actions: 'unreadAll' },
      },
    },
    settling: {
      on: {
        WATCH: { actions: 'show' },
        UNWATCH: { actions: 'unshow' },
        DND_CHANGED: { guard: 'isShown', actions: 'unreadOne' },
        CONNECTED: { actions: 'unreadAll' },
      },
      after: { 0: { target: 'syncing', actions: 'markRead' } },
    },
    syncing: {
      invoke: {
        id: 'sync',
        src: 'sync',
        input: ({ context }) => ({ watch: watchListOf(context), read: context.reading }),
        onDone: [
          {
            guard: 'isStale',
            target: 'settling',
            actions: [{ type: 'take', params: ({ event }) => ({ read: event.output }) }, 'clearStale'],
          },
          { target: 'idle', actions: { type: 'take', params: ({ event }) => ({ read: event.output }) } },
        ],
        onError: [
          { guard: 'isStale', target: 'settling', actions: ['unreadAll', 'clearStale'] },
          { target: 'idle', actions: 'unreadAll' },
        ],
      },
      on: {
        WATCH: [{ guard: 'isShown', actions: 'show' }, { actions: ['show', 'markStale'] }],
        UNWATCH: [{ guard: 'isLastView', actions: ['unshow', 'markStale'] }, { actions: 'unshow' }],
        DND_CHANGED: { guard: 'isShown', actions: ['unreadOne', 'markStale'] },
        CONNECTED: { actions: ['unreadAll', 'markStale'] },
      },
    },
  },
})

export type PresenceMachine = typeof presenceMachine
export type PresenceActor = ActorRefFrom<PresenceMachine>
export type PresenceSnapshot = SnapshotFrom<PresenceMachine>
