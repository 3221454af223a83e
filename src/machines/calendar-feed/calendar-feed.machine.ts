import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { CalendarFeed, CalendarFeedContext, CalendarFeedEvent } from './calendar-feed.types'

/**
 * "Subscribe to your calendar": the reader's private iCalendar feed URL, to copy into another
 * calendar app, and "Reset link", which makes a new one (the old URL stops working).
 *
 *   closed --OPEN--> loading (GET calendar/feed) --done--> ready.idle ; --error--> failed --RETRY--> loading
 *   ready.idle
 *     COPY --> copying (the clipboard) --done--> copied ("Copied" for 2 s) --> idle ; --error--> idle
 *       with the reason (the URL stays selectable)
 *     RESET --> confirming --CANCEL--> idle ; --CONFIRM--> resetting (POST calendar/feed-reset)
 *       --done--> idle with the new URL ; --error--> idle with the message
 *
 * Pure: the calls and the clipboard are injected promise actors.
 */
export const COPIED_MS = 2000

const notProvided = actorNotProvided('calendarFeed')

export const calendarFeedMachine = setup({
  types: {
    context: {} as CalendarFeedContext,
    events: {} as CalendarFeedEvent,
  },
  actors: {
    /** GET calendar/feed. */
    loadFeed: fromPromise<CalendarFeed, void>(notProvided('loadFeed')),
    /** POST calendar/feed-reset. */
    resetFeed: fromPromise<CalendarFeed, void>(notProvided('resetFeed')),
    /** Puts the text on the clipboard. */
    copyText: fromPromise<unknown, { text: string }>(notProvided('copyText')),
  },
  actions: {
    take: assign(({ event }) => ({ url: (event as unknown as { output: CalendarFeed }).output.url, error: null })),
    takeReset: assign(({ event }) => ({ url: (event as unknown as { output: CalendarFeed }).output.url, reset: true, error: null })),
    clear: assign({ error: null, reset: false }),
    showError: assign({ error: ({ event }) => errorTextOf(event) }),
  },
  delays: { COPIED: COPIED_MS },
}).createMachine({
  id: 'calendarFeed',
  context: { url: null, reset: false, error: null },
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: {
      invoke: {
        id: 'loadFeed',
        src: 'loadFeed',
        onDone: { target: 'ready', actions: 'take' },
        onError: { target: 'failed', actions: 'showError' },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            COPY: { target: 'copying', actions: 'clear' },
            RESET: { target: 'confirming', actions: 'clear' },
          },
        },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.url ?? '' }),
            onDone: 'copied',
            onError: { target: 'idle', actions: 'showError' },
          },
        },
        copied: {
          after: { COPIED: 'idle' },
          on: { RESET: { target: 'confirming', actions: 'clear' } },
        },
        confirming: { on: { CONFIRM: 'resetting', CANCEL: 'idle' } },
        resetting: {
          invoke: {
            id: 'resetFeed',
            src: 'resetFeed',
            onDone: { target: 'idle', actions: 'takeReset' },
            onError: { target: 'idle', actions: 'showError' },
          },
        },
      },
    },
  },
})

export type CalendarFeedMachine = typeof calendarFeedMachine
export type CalendarFeedActor = ActorRefFrom<CalendarFeedMachine>
export type CalendarFeedSnapshot = SnapshotFrom<CalendarFeedMachine>
