import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { CATCH_UP_MAX, type Message } from '../../../contract/message'
import { actorNotProvided } from '../not-provided'

/**
 * One open chat (issue 4, "Messages").
 *
 * history:
 *   loading (the latest 20) -> ready | failed --RETRY--> loading
 *   ready --LOAD_OLDER (while the last page had exactly 20)--> loadingOlder -> ready
 *   CATCH_UP (the socket is connected again, or a message must be fetched) makes a catch-up due:
 *     ready --(due)--> catchingUp (the messages after the latest seq; again while an answer is full,
 *     so a long absence leaves no gap) -> ready. Asked while history is being fetched, it is not
 *     dropped: it runs once that fetch ends, as one more fetch. A fetch of the newest messages
 *     (loading, catchingUp) that starts after it is the catch-up it asked for.
 *   In every state a live message (RECEIVED) or change (CHANGED) of this topic is merged by seq / id,
 *   so a message that arrives twice (live and by catch-up) shows once.
 * typing: idle --TYPING--> someone (names of who types; each TYPING restarts the 4 s window) --> idle
 */
export const PAGE = 20
export const TYPING_WINDOW_MS = 4_000

export interface ConversationInput {
  topicId: string
  /** The seq of the latest message the user had seen when opening: the unread divider goes after it. */
  lastSeenSeq: number
}

export interface Typist {
  _id: string
  name: string
}

export interface ConversationContext extends ConversationInput {
  /** Oldest first, unique by _id. */
  messages: Message[]
  /** The last page of history was full: there may be older messages. */
  hasOlder: boolean
  /** A catch-up was asked for after the newest messages were last fetched. */
  catchUpDue: boolean
  typists: Typist[]
}

export type ConversationEvent =
  | { type: 'RETRY' }
  | { type: 'LOAD_OLDER' }
  | { type: 'CATCH_UP' }
  | { type: 'RECEIVED'; message: Message }
  | { type: 'CHANGED'; message: Message }
  | { type: 'TYPING'; typist: Typist }

/** Merges messages by id (the newer copy wins) and keeps them in seq order. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m._id, m]))
  for (const m of incoming) byId.set(m._id, m)
  return [...byId.values()].sort((a, b) => a.seq - b.seq)
}

const notProvided = actorNotProvided('conversation')

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
  },
  actors: {
    /** GET topic/messages?topic_id (the latest 20). */
    loadLatest: fromPromise<Message[], { topicId: string }>(notProvided('loadLatest')),
    /** GET topic/messages?topic_id&before=<seq>. */
    loadBefore: fromPromise<Message[], { topicId: string; before: number }>(notProvided('loadBefore')),
    /** GET topic/messages?topic_id&after=<seq> (at most CATCH_UP_MAX). */
    loadAfter: fromPromise<Message[], { topicId: string; after: number }>(notProvided('loadAfter')),
  },
  guards: {
    hasOlder: ({ context }) => context.hasOlder && context.messages.length > 0,
    catchUpDue: ({ context }) => context.catchUpDue,
    isThisTopic: ({ context, event }) => (event.type === 'RECEIVED' || event.type === 'CHANGED') && event.message.topic_id === context.topicId,
    /** A catch-up answer was full: more may have been missed. */
    missedMore: (_, params: { count: number }) => params.count === CATCH_UP_MAX,
    isKnownMessage: ({ context, event }) => event.type === 'CHANGED' && context.messages.some((m) => m._id === event.message._id),
  },
  actions: {
    mergeLoaded: assign({ messages: ({ context }, params: { loaded: Message[] }) => mergeMessages(context.messages, params.loaded) }),
    /** A page of history: merged, and a full page means there may be older messages. */
    mergePage: assign(({ context }, params: { loaded: Message[] }) => ({ messages: mergeMessages(context.messages, params.loaded), hasOlder: params.loaded.length === PAGE })),
    markCatchUpDue: assign({ catchUpDue: true }),
    clearCatchUpDue: assign({ catchUpDue: false }),
    merge: assign({ messages: ({ context, event }) => (event.type === 'RECEIVED' || event.type === 'CHANGED' ? mergeMessages(context.messages, [event.message]) : context.messages) }),
  },
  delays: { TYPING_WINDOW: TYPING_WINDOW_MS },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({ ...input, messages: [], hasOlder: false, catchUpDue: false, typists: [] }),
  type: 'parallel',
  on: {
    RECEIVED: { guard: 'isThisTopic', actions: 'merge' },
    CHANGED: { guard: 'isKnownMessage', actions: 'merge' },
  },
  states: {
    history: {
      initial: 'loading',
      on: { CATCH_UP: { actions: 'markCatchUpDue' } },
      states: {
        loading: {
          entry: 'clearCatchUpDue',
          invoke: {
            id: 'loadLatest',
            src: 'loadLatest',
            input: ({ context }) => ({ topicId: context.topicId }),
            onDone: { target: 'ready', actions: { type: 'mergePage', params: ({ event }) => ({ loaded: event.output }) } },
            onError: 'failed',
          },
        },
        failed: { on: { RETRY: 'loading' } },
        ready: {
          always: { guard: 'catchUpDue', target: 'catchingUp' },
          on: { LOAD_OLDER: { guard: 'hasOlder', target: 'loadingOlder' } },
        },
        loadingOlder: {
          invoke: {
            id: 'loadBefore',
            src: 'loadBefore',
            input: ({ context }) => ({ topicId: context.topicId, before: context.messages[0]!.seq }),
            onDone: { target: 'ready', actions: { type: 'mergePage', params: ({ event }) => ({ loaded: event.output }) } },
            onError: 'ready',
          },
        },
        catchingUp: {
          entry: 'clearCatchUpDue',
          invoke: {
            id: 'loadAfter',
            src: 'loadAfter',
            input: ({ context }) => ({ topicId: context.topicId, after: context.messages.at(-1)?.seq ?? 0 }),
            onDone: [
              {
                guard: { type: 'missedMore', params: ({ event }) => ({ count: event.output.length }) },
                target: 'catchingUp',
                reenter: true,
                actions: { type: 'mergeLoaded', params: ({ event }) => ({ loaded: event.output }) },
              },
              { target: 'ready', actions: { type: 'mergeLoaded', params: ({ event }) => ({ loaded: event.output }) } },
            ],
            onError: 'ready',
          },
        },
      },
    },
    typing: {
      initial: 'idle',
      states: {
        idle: {
          on: { TYPING: { target: 'someone', actions: assign({ typists: ({ event }) => [event.typist] }) } },
        },
        someone: {
          on: {
            TYPING: {
              target: 'someone',
              reenter: true,
              actions: assign({ typists: ({ context, event }) => [...context.typists.filter((t) => t._id !== event.typist._id), event.typist] }),
            },
          },
          after: { TYPING_WINDOW: { target: 'idle', actions: assign({ typists: [] }) } },
        },
      },
    },
  },
})

export const conversationSampleInput: ConversationInput = { topicId: 'topic-1', lastSeenSeq: 0 }

export type ConversationMachine = typeof conversationMachine
export type ConversationActor = ActorRefFrom<ConversationMachine>
export type ConversationSnapshot = SnapshotFrom<ConversationMachine>
