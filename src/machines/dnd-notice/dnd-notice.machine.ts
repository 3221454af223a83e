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
 *   away.notified --MESSAGE_SENT--> away.idle (a new message may be notified anyway too)
 *   clear | away --RECHECK--> checking
 *
 * Pure: `checkPerson` (GET attention/person) and `notifyAnyway` (POST attention/notify-anyway) are injected.
 */
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
  },
}).createMachine({
  id: 'dndNotice',
  context: ({ input }) => ({ ...input, until: null, notified: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkPerson',
        src: 'checkPerson',
        input: ({ context }) => ({ customerId: context.partnerId }),
        onDone: [
          { guard: 'inDnd', target: 'away', actions: assign(({ event }) => ({ until: outputOf<PersonAttention>(event).dnd_until })) },
          { target: 'clear' },
        ],
        onError: { target: 'clear' },
      },
    },
    clear: {
      on: { RECHECK: 'checking' },
    },
    away: {
      initial: 'idle',
      on: { RECHECK: 'checking' },
      states: {
        idle: {
          on: { NOTIFY: { target: 'notifying', actions: assign({ error: null }) } },
        },
        notifying: {
          invoke: {
            id: 'notifyAnyway',
            src: 'notifyAnyway',
            input: ({ context }) => ({ topicId: context.topicId }),
            onDone: { target: 'notified', actions: assign(({ event }) => ({ notified: outputOf<NotifyAnywayResult>(event).notified })) },
            onError: { target: 'idle', actions: assign(({ event }) => ({ error: errorTextOf(event) })) },
          },
        },
        notified: {
          on: { MESSAGE_SENT: 'idle' },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const dndNoticeSampleInput: DndNoticeInput = { partnerId: 'partner', topicId: 'topic' }

export type DndNoticeMachine = typeof dndNoticeMachine
export type DndNoticeActor = ActorRefFrom<DndNoticeMachine>
export type DndNoticeSnapshot = SnapshotFrom<DndNoticeMachine>
