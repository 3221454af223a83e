import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { DndNoticeContext, DndNoticeEvent, DndNoticeInput, NotifyAnywayResult, PersonAttention } from './dnd-notice.types'

/**
 * The sender's side of do not disturb, in a 1:1 chat: whether the other person is in do not
 * disturb, and "notify anyway" for something urgent (the latest message breaks through, once).
 *
 *   checking --done, in DND--> away.idle; --done, not--> clear; --error--> clear (nothing to say)
 *   away.idle --NOTIFY--> away.notifying --done--> away.notified; --error--> away.idle with the message
 *   away.notified --a message the user sent in this chat (SOCKET_NEW_MESSAGE; isMineHere)--> away.idle
 *     (a new message may be notified anyway too)
 *   any state --the partner changed their do not disturb or working hours (PERSON_DND_CHANGED; isPartner)--> checking
 *     (at once: the notice shows or goes while the chat is open; a check under way starts again, as
 *     its answer may predate the change)
 *   any state --the socket (re)connected (CONNECTED)--> checking (a change may have come while it was away)
 *   clear --a minute later (RECHECK_INTERVAL)--> checking (their working hours may have begun)
 *   away --at the end of their do not disturb, or a minute later when it ends later or has no end
 *     (DND_ENDS)--> checking (it ended, or their working hours began)
 *
 * Pure: `checkPerson` (GET attention/person) and `notifyAnyway` (POST attention/notify-anyway) are injected.
 */
export const RECHECK_MS = 60_000

const notProvided = actorNotProvided('dndNotice')

export const dndNoticeMachine = setup({
  types: {
    context: {} as DndNoticeContext,
    events: {} as DndNoticeEvent,
    input: {} as DndNoticeInput,
  },
  actors: {
    checkPerson: fromPromise<PersonAttention, { customerId: string }>(notProvided('checkPerson')),
    notifyAnyway: fromPromise<NotifyAnywayResult, { topicId: string }>(notProvided('notifyAnyway')),
  },
  guards: {
    inDnd: ({ event }) => outputOf<PersonAttention>(event).dnd,
    /** A message the user sent in this chat (here or on another device). */
    isMineHere: ({ context, event }) =>
      event.type === 'SOCKET_NEW_MESSAGE' && event.message.topic_id === context.topicId && event.message.sender?._id === context.meId,
    /** The change is the partner's (not someone else the user chats with). */
    isPartner: ({ context, event }) => event.type === 'PERSON_DND_CHANGED' && event.customer_id === context.partnerId,
  },
  actions: {
    setUntil: assign(({ event }) => ({ until: outputOf<PersonAttention>(event).dnd_until })),
    clearError: assign({ error: null }),
    setNotified: assign(({ event }) => ({ notified: outputOf<NotifyAnywayResult>(event).notified })),
    setError: assign(({ event }) => ({ error: errorTextOf(event) })),
  },
  delays: {
    RECHECK_INTERVAL: RECHECK_MS,
    /** Away: until the end of their do not disturb when it comes within the minute (at once when past), else the minute's recheck. */
    DND_ENDS: ({ context }) =>
      context.until === null ? RECHECK_MS : Math.min(RECHECK_MS, Math.max(0, Date.parse(context.until) - Date.now())),
  },
}).createMachine({
  id: 'dndNotice',
  context: ({ input }) => ({ ...input, until: null, notified: null, error: null }),
  initial: 'checking',
  on: {
    PERSON_DND_CHANGED: { guard: 'isPartner', target: '.checking', reenter: true },
    CONNECTED: { target: '.checking', reenter: true },
  },
  states: {
    checking: {
      invoke: {
        id: 'checkPerson',
        src: 'checkPerson',
        input: ({ context }) => ({ customerId: context.partnerId }),
        onDone: [{ guard: 'inDnd', target: 'away', actions: 'setUntil' }, { target: 'clear' }],
        onError: { target: 'clear' },
      },
    },
    clear: {
      after: { RECHECK_INTERVAL: 'checking' },
    },
    away: {
      initial: 'idle',
      after: { DND_ENDS: 'checking' },
      states: {
        idle: {
          on: { NOTIFY: { target: 'notifying', actions: 'clearError' } },
        },
        notifying: {
          invoke: {
            id: 'notifyAnyway',
            src: 'notifyAnyway',
            input: ({ context }) => ({ topicId: context.topicId }),
            onDone: { target: 'notified', actions: 'setNotified' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
        notified: {
          on: { SOCKET_NEW_MESSAGE: { guard: 'isMineHere', target: 'idle' } },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const dndNoticeSampleInput: DndNoticeInput = { partnerId: 'partner', topicId: 'topic', meId: 'me' }

export type DndNoticeMachine = typeof dndNoticeMachine
export type DndNoticeActor = ActorRefFrom<DndNoticeMachine>
export type DndNoticeSnapshot = SnapshotFrom<DndNoticeMachine>
