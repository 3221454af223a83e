import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type {
  CustomEmoji,
  MessageReactions,
  ReactionChange,
  ReactionPeople,
  ReactionsContext,
  ReactionsEmitted,
  ReactionsEvent,
  ReactionsInput,
  ReactionSummary,
} from './reactions.types'

/**
 * The reactions of one open chat: the user's own changes, the emoji picker and "who reacted".
 *
 * change: idle --TOGGLE | REACT that changes something (changes)--> sending. Each change shows at
 *   once (optimistic: the message's reactions with mine added or taken away) and is queued; one
 *   goes to the server at a time (a TOGGLE or REACT while one is on its way joins the queue, over
 *   what the message shows then). The answer is emitted (`reacted`) for the conversation to merge,
 *   and once a message has no change left on its way its optimistic reactions go (the chat shows
 *   the server's). A refusal or failure rolls the message back (its optimistic reactions and its
 *   other queued changes go) and says so (failed, until DISMISS_ERROR or the next change).
 *   sending --(queue left)--> sending again | idle.
 * picker: closed --OPEN_PICKER--> loading (the chat's custom emoji, once per chat: customLoaded
 *   skips it) -> open (a failed load: open, without custom emoji); an emoji chosen (REACT) or
 *   CLOSE_PICKER --> closed. CUSTOM_CHANGED (an admin added or deleted one): an open picker, or one
 *   loading, reads them again; a closed one reads them when it next opens.
 * who: closed --SHOW_WHO--> loading -> shown | failed; SOCKET_REACTED of the message shown reads it
 *   again (loading); CLOSE_WHO --> closed.
 */

/** The message's reactions with mine added (`add`) or taken away; pure. */
export function withMine(reactions: readonly ReactionSummary[], emoji: string, meId: string, add: boolean, imageUrl: string | null = null) {
  const at = reactions.findIndex((r) => r.emoji === emoji)
  const entry = reactions[at]
  if (add) {
    if (entry?.user_ids.includes(meId)) return [...reactions]
    if (!entry) return [...reactions, { emoji, count: 1, user_ids: [meId], image_url: imageUrl }]
    return reactions.map((r, i) => (i === at ? { ...r, count: r.count + 1, user_ids: [...r.user_ids, meId] } : r))
  }
  if (!entry?.user_ids.includes(meId)) return [...reactions]
  if (entry.count <= 1) return reactions.filter((_, i) => i !== at)
  return reactions.map((r, i) => (i === at ? { ...r, count: r.count - 1, user_ids: r.user_ids.filter((id) => id !== meId) } : r))
}

/** Whether I reacted with `emoji`, as the reactions say. */
export const isMine = (reactions: readonly ReactionSummary[], emoji: string, meId: string) =>
  reactions.some((r) => r.emoji === emoji && r.user_ids.includes(meId))

/** The reactions a message shows: its optimistic ones while the user's changes are on their way, else its own. */
export const shownReactions = (context: Pick<ReactionsContext, 'optimistic'>, messageId: string, own: ReactionSummary[]) =>
  context.optimistic[messageId] ?? own

/** The change a TOGGLE or REACT asks for over what the message shows now, or null when it changes nothing. */
function changeOf(context: ReactionsContext, event: ReactionsEvent): ReactionChange | null {
  if (event.type !== 'TOGGLE' && event.type !== 'REACT') return null
  const shown = shownReactions(context, event.messageId, event.current)
  const mine = isMine(shown, event.emoji, context.meId)
  if (event.type === 'REACT' && mine) return null
  return { messageId: event.messageId, emoji: event.emoji, add: !mine }
}

const imageOf = (custom: readonly CustomEmoji[], emoji: string) => custom.find((e) => `:${e.shortcode}:` === emoji)?.image_url ?? null

const notProvided = actorNotProvided('reactions')

export const reactionsMachine = setup({
  types: {
    context: {} as ReactionsContext,
    events: {} as ReactionsEvent,
    input: {} as ReactionsInput,
    emitted: {} as ReactionsEmitted,
  },
  actors: {
    /** POST reaction/add or reaction/remove. */
    sendChange: fromPromise<MessageReactions, ReactionChange>(notProvided('sendChange')),
    /** GET emoji/custom?topic_id. */
    loadCustom: fromPromise<CustomEmoji[], { topicId: string }>(notProvided('loadCustom')),
    /** GET reaction/list?message_id. */
    loadWho: fromPromise<ReactionPeople[], { messageId: string }>(notProvided('loadWho')),
  },
  guards: {
    /** The TOGGLE or REACT changes what the message shows (a REACT with an emoji already mine does not). */
    changes: ({ context, event }) => changeOf(context, event) !== null,
    hasQueue: ({ context }) => context.queue.length > 0,
    customLoaded: ({ context }) => context.customLoaded,
    /** MESSAGE_REACTED of the message whose "who reacted" list is shown. */
    isWhoMessage: ({ context, event }) => event.type === 'SOCKET_REACTED' && event.message_id === context.whoFor,
  },
  actions: {
    /** The change joins the queue and shows at once. */
    enqueue: assign(({ context, event }) => {
      const change = changeOf(context, event)
      if (!change || (event.type !== 'TOGGLE' && event.type !== 'REACT')) return {}
      const shown = shownReactions(context, change.messageId, event.current)
      return {
        failed: false,
        queue: [...context.queue, change],
        optimistic: {
          ...context.optimistic,
          [change.messageId]: withMine(shown, change.emoji, context.meId, change.add, imageOf(context.custom, change.emoji)),
        },
      }
    }),
    /** The first change was answered: it leaves the queue; a message with nothing left on its way shows the server's reactions. */
    settle: assign(({ context }) => {
      const [done, ...queue] = context.queue
      if (!done || queue.some((c) => c.messageId === done.messageId)) return { queue }
      const { [done.messageId]: _settled, ...optimistic } = context.optimistic
      return { queue, optimistic }
    }),
    tellAnswer: emit((_, params: { answer: MessageReactions }) => ({ type: 'reacted' as const, ...params.answer })),
    /** The first change failed: its message's changes and optimistic reactions go (the server's show again). */
    rollBack: assign(({ context }) => {
      const failed = context.queue[0]
      if (!failed) return { failed: true }
      const { [failed.messageId]: _dropped, ...optimistic } = context.optimistic
      return { failed: true, optimistic, queue: context.queue.filter((c) => c.messageId !== failed.messageId) }
    }),
    dismissError: assign({ failed: false }),
    openPicker: assign({ pickerFor: ({ event }) => (event.type === 'OPEN_PICKER' ? event.messageId : null) }),
    closePicker: assign({ pickerFor: null }),
    setCustom: assign({ custom: (_, params: { custom: CustomEmoji[] }) => params.custom, customLoaded: true }),
    forgetCustom: assign({ customLoaded: false }),
    setWhoFor: assign({ whoFor: ({ event }) => (event.type === 'SHOW_WHO' ? event.messageId : null), who: [] }),
    setWho: assign({ who: (_, params: { who: ReactionPeople[] }) => params.who }),
    clearWho: assign({ whoFor: null, who: [] }),
  },
}).createMachine({
  id: 'reactions',
  context: ({ input }) => ({
    ...input,
    optimistic: {},
    queue: [],
    failed: false,
    pickerFor: null,
    custom: [],
    customLoaded: false,
    whoFor: null,
    who: [],
  }),
  type: 'parallel',
  on: {
    DISMISS_ERROR: { actions: 'dismissError' },
  },
  states: {
    change: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            TOGGLE: { guard: 'changes', target: 'sending', actions: 'enqueue' },
            REACT: { guard: 'changes', target: 'sending', actions: 'enqueue' },
          },
        },
        sending: {
          on: {
            TOGGLE: { guard: 'changes', actions: 'enqueue' },
            REACT: { guard: 'changes', actions: 'enqueue' },
          },
          invoke: {
            id: 'sendChange',
            src: 'sendChange',
            input: ({ context }) => context.queue[0]!,
            onDone: {
              target: 'next',
              actions: ['settle', { type: 'tellAnswer', params: ({ event }) => ({ answer: event.output }) }],
            },
            onError: { target: 'next', actions: 'rollBack' },
          },
        },
        /** The next queued change, if any. */
        next: {
          always: [{ guard: 'hasQueue', target: 'sending' }, { target: 'idle' }],
        },
      },
    },
    picker: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN_PICKER: [
              { guard: 'customLoaded', target: 'open', actions: 'openPicker' },
              { target: 'loading', actions: 'openPicker' },
            ],
            CUSTOM_CHANGED: { actions: 'forgetCustom' },
          },
        },
        loading: {
          on: {
            CLOSE_PICKER: { target: 'closed', actions: 'closePicker' },
            // The answer on its way may be from before the change.
            CUSTOM_CHANGED: { target: 'loading', reenter: true },
          },
          invoke: {
            id: 'loadCustom',
            src: 'loadCustom',
            input: ({ context }) => ({ topicId: context.topicId }),
            onDone: { target: 'open', actions: { type: 'setCustom', params: ({ event }) => ({ custom: event.output }) } },
            onError: { target: 'open', actions: { type: 'setCustom', params: { custom: [] } } },
          },
        },
        open: {
          on: {
            REACT: { target: 'closed', actions: 'closePicker' },
            CLOSE_PICKER: { target: 'closed', actions: 'closePicker' },
            CUSTOM_CHANGED: 'loading',
          },
        },
      },
    },
    who: {
      initial: 'closed',
      states: {
        closed: { on: { SHOW_WHO: { target: 'loading', actions: 'setWhoFor' } } },
        loading: {
          on: { CLOSE_WHO: { target: 'closed', actions: 'clearWho' } },
          invoke: {
            id: 'loadWho',
            src: 'loadWho',
            input: ({ context }) => ({ messageId: context.whoFor ?? '' }),
            onDone: { target: 'shown', actions: { type: 'setWho', params: ({ event }) => ({ who: event.output }) } },
            onError: 'failed',
          },
        },
        shown: {
          on: {
            SOCKET_REACTED: { guard: 'isWhoMessage', target: 'loading' },
            CLOSE_WHO: { target: 'closed', actions: 'clearWho' },
          },
        },
        failed: { on: { CLOSE_WHO: { target: 'closed', actions: 'clearWho' } } },
      },
    },
  },
})

export const reactionsSampleInput: ReactionsInput = { topicId: 'topic-1', meId: 'user-1' }

export type ReactionsMachine = typeof reactionsMachine
export type ReactionsActor = ActorRefFrom<ReactionsMachine>
export type ReactionsSnapshot = SnapshotFrom<ReactionsMachine>
