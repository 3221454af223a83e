import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { CATCH_UP_MAX, type Message, type PushedMessage, withLinks, withoutLinks } from '../../../contract/message'
import { reactionsSeenBy } from '../../../contract/reaction'
import { newerThread } from '../../../contract/thread'
import { DEFAULT_TOPIC_PERMISSIONS } from '../../../contract/topic'
import { actorNotProvided } from '../not-provided'
import type {
  ConversationContext,
  ConversationEvent,
  ConversationInput,
  DeleteInput,
  EditInput,
  ForwardInput,
  ForwardTarget,
  PinInput,
  RemovePreviewInput,
} from './conversation.types'

/**
 * One open chat.
 *
 * history:
 *   loading (the latest 20; opened on a message, the 20 up to it, then a catch-up is due so the
 *   newer ones follow without a gap) -> ready | failed --RETRY--> loading
 *   ready --LOAD_OLDER (while the last page had exactly 20)--> loadingOlder -> ready
 *   CONNECTED (the socket connected again: messages may have come meanwhile) makes a catch-up due:
 *     ready --(due)--> catchingUp (the messages after the latest seq; again while an answer is full,
 *     so a long absence leaves no gap) -> ready. Asked while history is being fetched, it is not
 *     dropped: it runs once that fetch ends, as one more fetch. A fetch of the newest messages
 *     (loading, catchingUp) that starts after it is the catch-up it asked for.
 *   In every state a pushed message of this topic (SOCKET_NEW_MESSAGE; isThisTopic), a pushed change
 *   of a message shown (SOCKET_MESSAGE_CHANGED; isKnownMessage) and the user's own sent message
 *   (RECEIVED) are merged by seq / id, so a message that arrives twice (live and by catch-up) shows
 *   once. A reply only in its thread (not also sent to the chat) is not this chat's to show; the
 *   root's new thread summary that a pushed reply carries (its `root_thread`; isKnownRoot) replaces
 *   the one shown, unless that counts more replies. A push carries no file links: its files are linked with the session's media token, so a
 *   message with files costs no request. A message's new reactions (MESSAGE_REACTED: the socket's,
 *   or the answer to the user's own) replace those of the message shown (isReactedMessageKnown).
 *   Every file shown is linked with that token; when the
 *   session renews it (MEDIA_TOKEN, with the access token) they are all linked again (relinkFiles).
 * typing: idle --SOCKET_TYPING of this topic--> someone (names of who types; each one restarts the
 *   4 s window) --> idle
 * action (one message action at a time; the server's answer is merged like a CHANGED):
 *   idle --EDIT--> editing, --PIN--> pinning, --REMOVE_PREVIEW--> removingPreview (link previews),
 *   --DELETE--> confirmingDelete (the user confirms)
 *   -> deleting | idle; each call -> idle.
 * pinned: hidden --TOGGLE_PINNED--> loading -> shown --TOGGLE_PINNED--> hidden (a failed load: hidden).
 * forward: closed --FORWARD--> loadingTargets (the user's other chats) -> choosing --FORWARD_TO-->
 *   sending -> closed (a refusal: choosing again); CANCEL_FORWARD closes the picker.
 * sheet (a message's actions on a phone: its "more" button or a long press): closed --OPEN_ACTIONS-->
 *   open (the sheet covers the other messages) --CLOSE_ACTIONS, or the message is deleted
 *   (isActionsMessageDeleted)--> closed.
 */
export const PAGE = 20
export const TYPING_WINDOW_MS = 4_000

/** Merges messages by id (the newer copy wins) and keeps them in seq order. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m._id, m]))
  for (const m of incoming) byId.set(m._id, m)
  return [...byId.values()].sort((a, b) => a.seq - b.seq)
}

/** A message as the reader shows it: its files (and its link preview's image) linked with the session's media token (kept as they are without one). */
export const linkedWith =
  (mediaToken: string) =>
  (message: Message): Message =>
    mediaToken && (message.media.length || message.preview?.image) ? withLinks(withoutLinks(message), mediaToken) : message

/** A thread reply that stays in its thread (not also sent to the chat): the thread shows it, not the chat. */
const onlyInThread = (message: Pick<Message, 'thread_root_id' | 'also_in_chat'>) => message.thread_root_id !== null && !message.also_in_chat

/** The topic an event is about: a message's (none for a reply only in its thread), a typist's; '' for the others. */
const topicOf = (event: ConversationEvent): string =>
  event.type === 'RECEIVED' || event.type === 'SOCKET_NEW_MESSAGE'
    ? onlyInThread(event.message)
      ? ''
      : event.message.topic_id
    : event.type === 'SOCKET_TYPING'
      ? event.topic_id
      : ''

/** The pushed message of a socket event (null for the others). */
const pushedOf = (event: ConversationEvent): PushedMessage | null =>
  event.type === 'SOCKET_NEW_MESSAGE' || event.type === 'SOCKET_MESSAGE_CHANGED' ? event.message : null

/** A pushed thread reply's root and that root's new summary (null for any other event). */
const rootThreadOf = (event: ConversationEvent) =>
  event.type === 'SOCKET_NEW_MESSAGE' && event.message.thread_root_id !== null && event.root_thread
    ? { rootId: event.message.thread_root_id, thread: event.root_thread }
    : null

const notProvided = actorNotProvided('conversation')

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
  },
  actors: {
    /** GET topic/messages?topic_id (the latest 20), or with `before` the 20 before that seq. */
    loadLatest: fromPromise<Message[], { topicId: string; before?: number }>(notProvided('loadLatest')),
    /** GET topic/messages?topic_id&before=<seq>. */
    loadBefore: fromPromise<Message[], { topicId: string; before: number }>(notProvided('loadBefore')),
    /** GET topic/messages?topic_id&after=<seq> (at most CATCH_UP_MAX). */
    loadAfter: fromPromise<Message[], { topicId: string; after: number }>(notProvided('loadAfter')),
    /** PUT message/edit. */
    editMessage: fromPromise<Message, EditInput>(notProvided('editMessage')),
    /** Asks the user to confirm deleting a message for everyone: true when they do. */
    confirmDelete: fromPromise<boolean, DeleteInput>(notProvided('confirmDelete')),
    /** DELETE message/delete. */
    deleteMessage: fromPromise<Message, DeleteInput>(notProvided('deleteMessage')),
    /** PUT message/pin. */
    pinMessage: fromPromise<Message, PinInput>(notProvided('pinMessage')),
    /** PUT message/remove-preview. */
    removePreview: fromPromise<Message, RemovePreviewInput>(notProvided('removePreview')),
    /** GET topic/pinned?topic_id. */
    loadPinned: fromPromise<Message[], { topicId: string }>(notProvided('loadPinned')),
    /** The user's chats other than this one (GET topic, page 1). */
    loadForwardTargets: fromPromise<ForwardTarget[], { topicId: string }>(notProvided('loadForwardTargets')),
    /** POST message/forward. */
    forwardMessage: fromPromise<Message[], ForwardInput>(notProvided('forwardMessage')),
  },
  guards: {
    /** The message whose actions are open was deleted (here or pushed). */
    isActionsMessageDeleted: ({ context }) => context.messages.some((m) => m._id === context.actionsFor && m.is_deleted),
    hasOlder: ({ context }) => context.hasOlder,
    catchUpDue: ({ context }) => context.catchUpDue,
    /** A message, or someone typing, in this chat. */
    isThisTopic: ({ context, event }) => topicOf(event) === context.topicId,
    /** A catch-up answer was full: more may have been missed. */
    missedMore: (_, params: { count: number }) => params.count === CATCH_UP_MAX,
    /** New reactions of a message this chat shows. */
    isReactedMessageKnown: ({ context, event }) =>
      event.type === 'MESSAGE_REACTED' && context.messages.some((m) => m._id === event.message_id),
    /** A pushed reply in the thread of a root this chat shows. */
    isKnownRoot: ({ context, event }) => {
      const rootId = rootThreadOf(event)?.rootId
      return rootId !== undefined && context.messages.some((m) => m._id === rootId)
    },
    /** A change of a message this chat shows. */
    isKnownMessage: ({ context, event }) => context.messages.some((m) => m._id === pushedOf(event)?._id),
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
  },
  actions: {
    mergeLoaded: assign({
      messages: ({ context }, params: { loaded: Message[] }) =>
        mergeMessages(context.messages, params.loaded.map(linkedWith(context.mediaToken))),
    }),
    /** A page of history: merged, and a full page means there may be older messages. */
    mergePage: assign(({ context }, params: { loaded: Message[] }) => ({
      messages: mergeMessages(context.messages, params.loaded.map(linkedWith(context.mediaToken))),
      hasOlder: params.loaded.length === PAGE,
    })),
    /** Opened on a message: what came after it is fetched next (the catch-up), so history has no gap. */
    followFocus: assign({ catchUpDue: ({ context }) => context.catchUpDue || context.focusSeq !== null }),
    markCatchUpDue: assign({ catchUpDue: true }),
    clearCatchUpDue: assign({ catchUpDue: false }),
    /** The user's own sent message, as the server answered it. */
    merge: assign({
      messages: ({ context, event }) =>
        event.type === 'RECEIVED' ? mergeMessages(context.messages, [linkedWith(context.mediaToken)(event.message)]) : context.messages,
    }),
    /** A pushed message or change: its files linked with the session's media token, with no request. */
    mergePushed: assign({
      messages: ({ context, event }) => {
        const pushed = pushedOf(event)
        return pushed ? mergeMessages(context.messages, [withLinks(pushed, context.mediaToken)]) : context.messages
      },
    }),
    /** A message's reactions as the server last told them. */
    setReactions: assign({
      messages: ({ context, event }) =>
        event.type === 'MESSAGE_REACTED'
          ? context.messages.map((m) =>
              m._id === event.message_id ? { ...m, reactions: reactionsSeenBy(m.reactions, event, context.meId) } : m,
            )
          : context.messages,
    }),
    /** A root's thread summary as a pushed reply tells it (reply count, latest repliers and reply). */
    setThreadSummary: assign({
      messages: ({ context, event }) => {
        const pushed = rootThreadOf(event)
        return pushed
          ? context.messages.map((m) => (m._id === pushed.rootId ? { ...m, thread: newerThread(m.thread, pushed.thread) } : m))
          : context.messages
      },
    }),
    /** The session's new media token: every file shown is linked with it. */
    relinkFiles: assign(({ context, event }) => {
      const mediaToken = event.type === 'MEDIA_TOKEN' ? event.token : context.mediaToken
      return { mediaToken, messages: context.messages.map(linkedWith(mediaToken)) }
    }),
    /** The server's answer to an action: the changed message. */
    mergeAnswer: assign({
      messages: ({ context }, params: { message: Message }) =>
        mergeMessages(context.messages, [linkedWith(context.mediaToken)(params.message)]),
    }),
    startTyping: assign({ typists: ({ event }) => (event.type === 'SOCKET_TYPING' ? [event.user] : []) }),
    addTypist: assign({
      typists: ({ context, event }) =>
        event.type === 'SOCKET_TYPING' ? [...context.typists.filter((t) => t._id !== event.user._id), event.user] : context.typists,
    }),
    clearTypists: assign({ typists: [] }),
    rememberDeleting: assign({ deletingId: ({ event }) => (event.type === 'DELETE' ? event.messageId : null) }),
    forgetDeleting: assign({ deletingId: null }),
    setPinned: assign({ pinned: (_, params: { pinned: Message[] }) => params.pinned }),
    setForwarding: assign({ forwarding: ({ context, event }) => (event.type === 'FORWARD' ? event.message : context.forwarding) }),
    setForwardTargets: assign({ forwardTargets: (_, params: { targets: ForwardTarget[] }) => params.targets }),
    closeForward: assign({ forwarding: null, forwardTargets: [] }),
    setActionsFor: assign({ actionsFor: ({ event }) => (event.type === 'OPEN_ACTIONS' ? event.messageId : null) }),
    clearActionsFor: assign({ actionsFor: null }),
  },
  delays: { TYPING_WINDOW: TYPING_WINDOW_MS },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({
    ...input,
    topicId: input.topic._id,
    focusSeq: input.focusSeq ?? null,
    lastSeenSeq: input.topic.last_seen_seq,
    messages: [],
    hasOlder: false,
    catchUpDue: false,
    typists: [],
    pinned: [],
    deletingId: null,
    forwarding: null,
    forwardTargets: [],
    actionsFor: null,
  }),
  type: 'parallel',
  on: {
    RECEIVED: { guard: 'isThisTopic', actions: 'merge' },
    SOCKET_NEW_MESSAGE: [
      { guard: 'isThisTopic', actions: ['mergePushed', 'setThreadSummary'] },
      { guard: 'isKnownRoot', actions: 'setThreadSummary' },
    ],
    SOCKET_MESSAGE_CHANGED: { guard: 'isKnownMessage', actions: 'mergePushed' },
    MESSAGE_REACTED: { guard: 'isReactedMessageKnown', actions: 'setReactions' },
    MEDIA_TOKEN: { actions: 'relinkFiles' },
  },
  states: {
    history: {
      initial: 'loading',
      on: { CONNECTED: { actions: 'markCatchUpDue' } },
      states: {
        loading: {
          entry: 'clearCatchUpDue',
          invoke: {
            id: 'loadLatest',
            src: 'loadLatest',
            input: ({ context }) =>
              context.focusSeq === null ? { topicId: context.topicId } : { topicId: context.topicId, before: context.focusSeq + 1 },
            onDone: { target: 'ready', actions: [{ type: 'mergePage', params: ({ event }) => ({ loaded: event.output }) }, 'followFocus'] },
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
          on: { SOCKET_TYPING: { guard: 'isThisTopic', target: 'someone', actions: 'startTyping' } },
        },
        someone: {
          on: { SOCKET_TYPING: { guard: 'isThisTopic', target: 'someone', reenter: true, actions: 'addTypist' } },
          after: { TYPING_WINDOW: { target: 'idle', actions: 'clearTypists' } },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            EDIT: 'editing',
            PIN: 'pinning',
            REMOVE_PREVIEW: 'removingPreview',
            DELETE: { target: 'confirmingDelete', actions: 'rememberDeleting' },
          },
        },
        editing: {
          invoke: {
            id: 'editMessage',
            src: 'editMessage',
            input: ({ event }) =>
              event.type === 'EDIT' ? { message_id: event.messageId, message: event.text } : { message_id: '', message: '' },
            onDone: { target: 'idle', actions: { type: 'mergeAnswer', params: ({ event }) => ({ message: event.output }) } },
            onError: 'idle',
          },
        },
        pinning: {
          invoke: {
            id: 'pinMessage',
            src: 'pinMessage',
            input: ({ event }) => (event.type === 'PIN' ? { message_id: event.messageId, pin: event.pin } : { message_id: '', pin: false }),
            onDone: { target: 'idle', actions: { type: 'mergeAnswer', params: ({ event }) => ({ message: event.output }) } },
            onError: 'idle',
          },
        },
        removingPreview: {
          invoke: {
            id: 'removePreview',
            src: 'removePreview',
            input: ({ event }) => ({ message_id: event.type === 'REMOVE_PREVIEW' ? event.messageId : '' }),
            onDone: { target: 'idle', actions: { type: 'mergeAnswer', params: ({ event }) => ({ message: event.output }) } },
            onError: 'idle',
          },
        },
        confirmingDelete: {
          invoke: {
            id: 'confirmDelete',
            src: 'confirmDelete',
            input: ({ context }) => ({ message_id: context.deletingId ?? '' }),
            onDone: [
              { guard: { type: 'confirmed', params: ({ event }) => ({ confirmed: event.output }) }, target: 'deleting' },
              { target: 'idle', actions: 'forgetDeleting' },
            ],
            onError: { target: 'idle', actions: 'forgetDeleting' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteMessage',
            src: 'deleteMessage',
            input: ({ context }) => ({ message_id: context.deletingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: ['forgetDeleting', { type: 'mergeAnswer', params: ({ event }) => ({ message: event.output }) }],
            },
            onError: { target: 'idle', actions: 'forgetDeleting' },
          },
        },
      },
    },
    pinned: {
      initial: 'hidden',
      states: {
        hidden: { on: { TOGGLE_PINNED: 'loading' } },
        loading: {
          on: { TOGGLE_PINNED: 'hidden' },
          invoke: {
            id: 'loadPinned',
            src: 'loadPinned',
            input: ({ context }) => ({ topicId: context.topicId }),
            onDone: { target: 'shown', actions: { type: 'setPinned', params: ({ event }) => ({ pinned: event.output }) } },
            onError: 'hidden',
          },
        },
        shown: { on: { TOGGLE_PINNED: 'hidden' } },
      },
    },
    forward: {
      initial: 'closed',
      states: {
        closed: { on: { FORWARD: { target: 'loadingTargets', actions: 'setForwarding' } } },
        loadingTargets: {
          on: { FORWARD: { actions: 'setForwarding' }, CANCEL_FORWARD: { target: 'closed', actions: 'closeForward' } },
          invoke: {
            id: 'loadForwardTargets',
            src: 'loadForwardTargets',
            input: ({ context }) => ({ topicId: context.topicId }),
            onDone: { target: 'choosing', actions: { type: 'setForwardTargets', params: ({ event }) => ({ targets: event.output }) } },
            onError: { target: 'closed', actions: 'closeForward' },
          },
        },
        choosing: {
          on: {
            FORWARD: { actions: 'setForwarding' },
            FORWARD_TO: 'sending',
            CANCEL_FORWARD: { target: 'closed', actions: 'closeForward' },
          },
        },
        sending: {
          invoke: {
            id: 'forwardMessage',
            src: 'forwardMessage',
            input: ({ context, event }) => ({
              message_id: context.forwarding?._id ?? '',
              topic_ids: event.type === 'FORWARD_TO' ? [event.topicId] : [],
            }),
            onDone: { target: 'closed', actions: 'closeForward' },
            onError: 'choosing',
          },
        },
      },
    },
    sheet: {
      initial: 'closed',
      states: {
        closed: { on: { OPEN_ACTIONS: { target: 'open', actions: 'setActionsFor' } } },
        open: {
          always: { guard: 'isActionsMessageDeleted', target: 'closed', actions: 'clearActionsFor' },
          on: { CLOSE_ACTIONS: { target: 'closed', actions: 'clearActionsFor' } },
        },
      },
    },
  },
})

export const conversationSampleInput: ConversationInput = {
  topic: {
    _id: 'topic-1',
    name: 'General',
    members_count: 2,
    role: 20,
    is_group: true,
    permission: DEFAULT_TOPIC_PERMISSIONS,
    last_seen_seq: 0,
  },
  meId: 'user-1',
  mediaToken: 'user-1.1893456000.sample',
}

export type ConversationMachine = typeof conversationMachine
export type ConversationActor = ActorRefFrom<ConversationMachine>
export type ConversationSnapshot = SnapshotFrom<ConversationMachine>
