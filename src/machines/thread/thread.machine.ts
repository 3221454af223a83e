import { assign, enqueueActions, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { type Message, type PushedMessage, withLinks } from '../../../contract/message'
import { newerThread, THREAD_PAGE } from '../../../contract/thread'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { attachmentsAfter, childUpload, finishedIds, isUploading } from '../upload/attachments'
import type {
  ThreadContext,
  ThreadEvent,
  ThreadFollowInput,
  ThreadInput,
  ThreadMember,
  ThreadPage,
  ThreadPageInput,
  ThreadReplyInput,
} from './thread.types'

/**
 * One open thread: its root, its replies (newest page first, older on demand, new ones live), the
 * reader's follow, and the reply box with "Also send to the chat".
 *
 * history: loading (thread/messages: the root and the latest 20 replies) -> ready | failed
 *   --RETRY--> loading. ready --LOAD_OLDER [a full page came last]--> loadingOlder -> ready (a
 *   failure keeps what is shown, with the reason). ready --CONNECTED (the socket is back: replies
 *   may have come)--> loading (merged by id, nothing shown twice). With a reply to focus (focusSeq, a
 *   search hit) older than those shown, ready goes on to loadingOlder by itself until it shows (or
 *   there is nothing older); a failed older page gives up the focus.
 *   In every state a pushed reply of this thread (SOCKET_NEW_MESSAGE; isReplyHere) joins the
 *   replies and the root's new summary it carries (`root_thread`) replaces the root's, unless that
 *   counts more replies; a pushed change of the root or a reply (SOCKET_MESSAGE_CHANGED; isShown)
 *   replaces it. Each load
 *   and each live reply marks the thread read (the injected markRead: the thread is on
 *   screen).
 * follow: idle --TOGGLE_FOLLOW--> saving (thread/follow with the other value) -> idle, following as
 *   the server answered | idle with the reason.
 * reply: TYPE, TOGGLE_ALSO_IN_CHAT and the attachments (ATTACH spawns an upload per file,
 *   REMOVE_ATTACHMENT cancels one, UPLOAD_UPDATE reports) change the box in every state. idle --SEND
 *   [the user may write, no file still uploading, text or a finished file]--> sending (message/send
 *   with thread_root_id, the box's text, the members it names as `@Name`, the finished files,
 *   also_in_chat; client_id `<prefix>:<n>`) -> idle: the reply shown, the box and its files
 *   emptied (their uploads stop; the files are the reply's now), the next client_id, the thread followed (replying follows it) | failed: the text kept, the reason shown; SEND again repeats the
 *   same client_id (the server answers the first reply if it was stored after all).
 */
const notProvided = actorNotProvided('thread')

/** Merges messages by id (the newer copy wins), oldest first. */
export function mergeReplies(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m._id, m]))
  for (const m of incoming) byId.set(m._id, m)
  return [...byId.values()].sort((a, b) => a.seq - b.seq)
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The members a reply names as `@Name` (whole names, any case), each once, the writer left out. */
export function mentionedIn(text: string, members: readonly ThreadMember[], meId: string): string[] {
  return members
    .filter((m) => m._id !== meId && m.name.trim() !== '')
    .filter((m) => new RegExp(`(^|[^\\p{L}\\p{N}_])@${escape(m.name.trim())}(?![\\p{L}\\p{N}_])`, 'iu').test(text))
    .map((m) => m._id)
}

/** The client_id of the reply being sent. */
export const clientIdOf = (context: Pick<ThreadContext, 'clientIdPrefix' | 'sent'>) => `${context.clientIdPrefix}:${context.sent + 1}`

/** What the send takes. */
export const replyOf = (context: ThreadContext): ThreadReplyInput => ({
  client_id: clientIdOf(context),
  topic_id: context.topicId,
  thread_root_id: context.rootId,
  message: context.draft.trim(),
  mentions: mentionedIn(context.draft, context.members, context.meId),
  also_in_chat: context.alsoInChat,
  media_ids: finishedIds(context.attachments),
})

const pushedOf = (event: ThreadEvent): PushedMessage | null =>
  event.type === 'SOCKET_NEW_MESSAGE' || event.type === 'SOCKET_MESSAGE_CHANGED' ? event.message : null

export const threadMachine = setup({
  types: {
    context: {} as ThreadContext,
    events: {} as ThreadEvent,
    input: {} as ThreadInput,
  },
  actors: {
    /** GET thread/messages?root_id (with `before`: the replies before that seq). */
    loadPage: fromPromise<ThreadPage, ThreadPageInput>(notProvided('loadPage')),
    /** POST message/send with thread_root_id. */
    sendReply: fromPromise<Message, ThreadReplyInput>(notProvided('sendReply')),
    /** POST thread/follow: the following the server answers. */
    setFollow: fromPromise<boolean, ThreadFollowInput>(notProvided('setFollow')),
    /** An attachment's upload (POST media/upload with progress), spawned per file. */
    upload: childUpload,
  },
  guards: {
    /** A reply in this thread. */
    isReplyHere: ({ context, event }) => event.type === 'SOCKET_NEW_MESSAGE' && event.message.thread_root_id === context.rootId,
    /** A change of the root or of a reply shown. */
    isShown: ({ context, event }) => {
      const id = pushedOf(event)?._id
      return id === context.root?._id || context.replies.some((m) => m._id === id)
    },
    hasOlder: ({ context }) => context.hasOlder,
    /** The reply to focus is older than every reply shown, and older ones remain. */
    focusIsOlder: ({ context }) =>
      context.focusSeq !== null && context.hasOlder && (context.replies[0]?.seq ?? Infinity) > context.focusSeq,
    /** There is something to send (text or a finished file, none still uploading), and the user may write in the chat. */
    maySend: ({ context }) =>
      context.canSend && !isUploading(context.attachments) && (context.draft.trim() !== '' || finishedIds(context.attachments).length > 0),
    isKnownAttachment: ({ context, event }) => 'id' in event && context.attachments.some((a) => a.id === event.id),
  },
  actions: {
    /** The thread is on screen: its replies so far are read (injected: POST thread/read). */
    markRead: () => undefined,
    /** A page (its files linked for the reader by the server): the root as it is now, the replies merged; a full page means there may be older ones. */
    takePage: assign(({ context }, params: { page: ThreadPage; older: boolean }) => ({
      root: params.page.root,
      replies: mergeReplies(context.replies, params.page.replies),
      hasOlder: params.older || context.replies.length === 0 ? params.page.replies.length === THREAD_PAGE : context.hasOlder,
      following: params.page.following,
    })),
    mergePushed: assign({
      replies: ({ context, event }) => {
        const pushed = pushedOf(event)
        return pushed && pushed._id !== context.root?._id
          ? mergeReplies(context.replies, [withLinks(pushed, context.mediaToken)])
          : context.replies
      },
      root: ({ context, event }) => {
        const pushed = pushedOf(event)
        return pushed && pushed._id === context.root?._id ? withLinks(pushed, context.mediaToken) : context.root
      },
    }),
    /** The root's summary as a pushed reply of this thread tells it. */
    setSummary: assign({
      root: ({ context, event }) =>
        event.type === 'SOCKET_NEW_MESSAGE' && event.root_thread && event.message.thread_root_id === context.rootId && context.root
          ? { ...context.root, thread: newerThread(context.root.thread, event.root_thread) }
          : context.root,
    }),
    setDraft: assign({ draft: ({ context, event }) => (event.type === 'TYPE' ? event.text : context.draft) }),
    toggleAlsoInChat: assign({ alsoInChat: ({ context }) => !context.alsoInChat }),
    /** The reply as the server stored it: shown, the box and its files emptied, the next client_id. */
    sent: assign(({ context }, params: { reply: Message }) => ({
      replies: mergeReplies(context.replies, [params.reply]),
      draft: '',
      attachments: [],
      sent: context.sent + 1,
      // Replying follows the thread (the server made the sender a follower).
      following: true,
      error: null,
    })),
    /** Files picked (each upload started), one taken back, an upload's report. */
    changeAttachments: assign(({ context, event, spawn }) =>
      attachmentsAfter(context, event, (id, file) => spawn('upload', { id, input: { id, file, topicId: context.topicId } })),
    ),
    cancelUpload: sendTo(({ event }) => (event.type === 'REMOVE_ATTACHMENT' ? event.id : ''), { type: 'CANCEL' }),
    setFollowing: assign({ following: (_, params: { following: boolean }) => params.following, error: null }),
    setError: assign({ error: (_, params: { error: string }) => params.error }),
    clearError: assign({ error: null }),
    dropFocus: assign({ focusSeq: null }),
  },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({
    ...input,
    root: null,
    replies: [],
    hasOlder: false,
    following: false,
    draft: '',
    alsoInChat: false,
    attachments: [],
    nextAttachment: 1,
    sent: 0,
    error: null,
  }),
  type: 'parallel',
  on: {
    SOCKET_NEW_MESSAGE: [
      { guard: 'isShown', actions: ['mergePushed', 'setSummary'] },
      { guard: 'isReplyHere', actions: ['mergePushed', 'setSummary', 'markRead'] },
    ],
    SOCKET_MESSAGE_CHANGED: { guard: 'isShown', actions: 'mergePushed' },
    TYPE: { actions: 'setDraft' },
    TOGGLE_ALSO_IN_CHAT: { actions: 'toggleAlsoInChat' },
    ATTACH: { actions: 'changeAttachments' },
    REMOVE_ATTACHMENT: { guard: 'isKnownAttachment', actions: ['cancelUpload', 'changeAttachments'] },
    UPLOAD_UPDATE: { guard: 'isKnownAttachment', actions: 'changeAttachments' },
  },
  states: {
    history: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ rootId: context.rootId }),
            onDone: {
              target: 'ready',
              actions: [{ type: 'takePage', params: ({ event }) => ({ page: event.output, older: false }) }, 'markRead'],
            },
            onError: 'failed',
          },
        },
        failed: { on: { RETRY: 'loading' } },
        ready: {
          always: { guard: 'focusIsOlder', target: 'loadingOlder' },
          on: {
            LOAD_OLDER: { guard: 'hasOlder', target: 'loadingOlder' },
            CONNECTED: 'loading',
          },
        },
        loadingOlder: {
          invoke: {
            id: 'loadOlder',
            src: 'loadPage',
            input: ({ context }) => ({ rootId: context.rootId, before: context.replies[0]?.seq ?? 0 }),
            onDone: { target: 'ready', actions: { type: 'takePage', params: ({ event }) => ({ page: event.output, older: true }) } },
            onError: {
              target: 'ready',
              actions: [{ type: 'setError', params: ({ event }) => ({ error: errorTextOf(event) }) }, 'dropFocus'],
            },
          },
        },
      },
    },
    follow: {
      initial: 'idle',
      states: {
        idle: { on: { TOGGLE_FOLLOW: 'saving' } },
        saving: {
          invoke: {
            id: 'setFollow',
            src: 'setFollow',
            input: ({ context }) => ({ rootId: context.rootId, follow: !context.following }),
            onDone: { target: 'idle', actions: { type: 'setFollowing', params: ({ event }) => ({ following: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: errorTextOf(event) }) } },
          },
        },
      },
    },
    reply: {
      initial: 'idle',
      states: {
        idle: { on: { SEND: { guard: 'maySend', target: 'sending' } } },
        sending: {
          entry: 'clearError',
          invoke: {
            id: 'sendReply',
            src: 'sendReply',
            input: ({ context }) => replyOf(context),
            onDone: {
              target: 'idle',
              actions: [
                // The files are the reply's now: their uploads stop without dropping them.
                enqueueActions(({ context, enqueue }) => context.attachments.forEach((a) => enqueue.stopChild(a.id))),
                { type: 'sent', params: ({ event }) => ({ reply: event.output }) },
              ],
            },
            onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: errorTextOf(event) }) } },
          },
        },
        failed: { on: { SEND: { guard: 'maySend', target: 'sending' } } },
      },
    },
  },
})

export const threadSampleInput: ThreadInput = {
  topicId: 'topic-1',
  rootId: 'root-1',
  meId: 'user-1',
  members: [
    { _id: 'user-1', name: 'Ann' },
    { _id: 'user-2', name: 'Bao' },
  ],
  canSend: true,
  mediaToken: '',
  clientIdPrefix: 'thread-sample',
  focusSeq: null,
}

export type ThreadMachine = typeof threadMachine
export type ThreadActor = ActorRefFrom<ThreadMachine>
export type ThreadSnapshot = SnapshotFrom<ThreadMachine>
