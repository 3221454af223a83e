import { and, assign, emit, fromPromise, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type { TopicItem, TopicListContext, TopicListEmitted, TopicListEvent, TopicListInput } from './topic-list.types'

/**
 * The chat list, and from it the header's count of unread chats. It runs while the user is
 * signed in (not only on the chats page), fed by the socket as it comes.
 *
 *   loading (the recent topics) -> ready | failed --RETRY | CONNECTED--> loading
 *   ready: pinned topics first, then by the latest message's time, newest first (`sortTopics`,
 *          applied after every change). Pin, unpin, hide (the user; the call runs beside it),
 *          call start (the last message becomes a call) and call close, a new message (the topic
 *          moves up, unseen), seen / unseen, a deleted last message, a rename (TOPIC_CHANGED of a topic
 *          it holds), and a topic not in the list appearing on member-added, TOPIC_CHANGED or a chat
 *          request (the view names a nameless one 'New Message'), and a topic the user left or was
 *          removed from (REMOVED: the socket's OUT_TOPIC) leaving it.
 *   A new message (NEW_MESSAGE) in a topic of the list moves it up, unseen; but one the user sent
 *   leaves it seen (the server keeps it seen for its sender), and one in the chat the user has
 *   open leaves it seen and tells the server. A message in a topic not in the list (a new chat, a
 *   hidden one it brings back) reads that topic (GET topic/info), which then joins the list.
 *   The open chat (OPEN, once its page has loaded) is marked seen, when the list loads too.
 *   ready.list.idle --CONNECTED (pushes may have been missed) | SHOWN (the chats page)--> ready.list.refreshing:
 *   the list is read again in the background, and shows meanwhile.
 *   Hide is optimistic and can be undone: HIDE takes the topic out of the list into `hidden` at once,
 *   calls topic/hide beside it and emits `hidden` (the runtime offers Undo); UNHIDE (Undo, or Unhide
 *   in the Hidden chats view) brings a hidden topic back and calls topic/unhide. A failed hide puts
 *   the topic back in the list; a failed unhide takes it out again.
 *   A draft saved on any of the user's tabs or devices (DRAFT_CHANGED) goes with its topic ('' once
 *   sent or cleared); the list read brings each topic's draft with it (`withDrafts`).
 *   ready.hiddenChats (beside the list): closed --SHOW_HIDDEN--> loading (GET topic/hidden, every page)
 *   -> shown | failed --RETRY_HIDDEN--> loading; CLOSE_HIDDEN closes it from any of them.
 *
 * Pure: loading is an injected promise actor; pin / unpin / hide / seen calls and the read of a
 * new topic are injected promise actors spawned beside the change (their errors are swallowed:
 * the list keeps what the user chose).
 */

/** The time a topic sorts by: its latest message's, else its own creation. */
export const activityOf = (topic: TopicItem) => topic.message?.created_at ?? topic.created_at

/** Pinned first, then by the latest message time, newest first (ties: by id, for a stable list). */
export function sortTopics(topics: readonly TopicItem[]): TopicItem[] {
  return [...topics].sort((a, b) => {
    if (a.is_pin !== b.is_pin) return a.is_pin ? -1 : 1
    const byTime = Date.parse(activityOf(b)) - Date.parse(activityOf(a))
    if (byTime !== 0) return byTime
    return a._id < b._id ? -1 : a._id > b._id ? 1 : 0
  })
}

/** The topics of a list read, each with the user's draft of it (draft/list), if any. */
export function withDrafts(topics: readonly TopicItem[], drafts: readonly { topic_id: string; text: string }[]): TopicItem[] {
  const byTopic = new Map(drafts.map((draft) => [draft.topic_id, draft.text]))
  return topics.map((topic) => (byTopic.has(topic._id) ? { ...topic, draft: byTopic.get(topic._id) } : topic))
}

const update = (topics: readonly TopicItem[], topicId: string, change: (topic: TopicItem) => TopicItem) =>
  sortTopics(topics.map((topic) => (topic._id === topicId ? change(topic) : topic)))

const notProvided = actorNotProvided('topicList')

/** A hide or unhide call runs as a child `hide.<topic id>` / `unhide.<topic id>`; its failure comes back as this event. */
const HIDE = 'hide'
const UNHIDE = 'unhide'
type SaveFailed = { type: `xstate.error.actor.${typeof HIDE | typeof UNHIDE}.${string}`; error: unknown }
const FAILED_SAVE = /^xstate\.error\.actor\.(?:hide|unhide)\.(.+)$/

const topicIdOf = (event: TopicListEvent | SaveFailed) =>
  event.type === 'TOPIC_CHANGED' ? event.topic._id : 'topicId' in event ? (event.topicId ?? '') : (FAILED_SAVE.exec(event.type)?.[1] ?? '')

/** The hidden topics read for the view, with those hidden here that the read missed (a hide still on its way), minus any back in the list. */
const mergeHidden = (read: readonly TopicItem[], known: readonly TopicItem[], listed: readonly TopicItem[]) => {
  const merged = [...read, ...known.filter((topic) => !read.some((r) => r._id === topic._id))]
  return sortTopics(merged.filter((topic) => !listed.some((l) => l._id === topic._id)))
}

/** A read topic (GET topic/info) arrives as the done event of a `newTopic.<id>` child. */
const NEW_TOPIC = 'newTopic'
type LoadedTopic = { type: `xstate.done.actor.${typeof NEW_TOPIC}.${string}`; output: TopicItem }

/** The topic an event brings into the list: member-added, a chat request, or a new topic read. */
const addedTopicOf = (event: TopicListEvent | LoadedTopic): TopicItem | null =>
  event.type === 'MEMBER_ADDED' || event.type === 'CHAT_REQUEST' || event.type === 'TOPIC_CHANGED'
    ? event.topic
    : 'output' in event
      ? event.output
      : null

const isUnseenIn = (topics: readonly TopicItem[], topicId: string | null) => topics.some((topic) => topic._id === topicId && !topic.is_seen)

export const topicListMachine = setup({
  types: {
    context: {} as TopicListContext,
    events: {} as TopicListEvent,
    input: {} as TopicListInput,
    emitted: {} as TopicListEmitted,
  },
  actors: {
    /** The recent topics (GET topic, every page). */
    loadTopics: fromPromise<TopicItem[], void>(notProvided('loadTopics')),
    /** PUT channel/topic/pin. */
    pinTopic: fromPromise<unknown, { topic_id: string }>(notProvided('pinTopic')),
    /** PUT channel/topic/unpin. */
    unpinTopic: fromPromise<unknown, { topic_id: string }>(notProvided('unpinTopic')),
    /** PUT topic/hide: the topic leaves the list until unhidden or its next message. */
    hideTopic: fromPromise<unknown, { topic_id: string }>(notProvided('hideTopic')),
    /** PUT topic/unhide: the topic is back in the list. */
    unhideTopic: fromPromise<unknown, { topic_id: string }>(notProvided('unhideTopic')),
    /** The hidden topics (GET topic/hidden, every page). */
    loadHidden: fromPromise<TopicItem[], void>(notProvided('loadHidden')),
    /** Marks the topic seen or unseen. */
    saveSeen: fromPromise<unknown, { topic_id: string; is_seen: boolean }>(notProvided('saveSeen')),
    /** A topic the list does not hold yet (GET topic/info). */
    loadTopic: fromPromise<TopicItem, { topic_id: string }>(notProvided('loadTopic')),
  },
  guards: {
    isKnownTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event)),
    /** The topic is among the hidden ones the list knows (hidden here, or read for the view). */
    isHiddenTopic: ({ context, event }) => context.hidden.some((topic) => topic._id === topicIdOf(event)),
    isUnpinnedTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && !topic.is_pin),
    isPinnedTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && topic.is_pin),
    isSeenTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && topic.is_seen),
    isUnseenTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && !topic.is_seen),
    isInCall: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && topic.in_call),
    isLastMessage: ({ context, event }) =>
      event.type === 'MESSAGE_DELETED' &&
      context.topics.some((topic) => topic._id === event.topicId && topic.message?._id === event.messageId),
    isNewTopic: ({ context, event }) => {
      const added = addedTopicOf(event)
      return added !== null && !context.topics.some((topic) => topic._id === added._id)
    },
    /** A change of a topic the user already had (not its arrival). */
    isUpdate: ({ event }) => event.type === 'TOPIC_CHANGED' && event.change === 'updated',
    /** The message is in the chat the user has open. */
    isOpenTopic: ({ context, event }) => context.openTopicId !== null && topicIdOf(event) === context.openTopicId,
    /** The user sent the message (here or on another device). */
    isMine: ({ context, event }) => event.type === 'NEW_MESSAGE' && event.senderId === context.meId,
    /** The chat being opened shows unread. */
    opensUnseenTopic: ({ context, event }) => event.type === 'OPEN' && isUnseenIn(context.topics, event.topicId),
    /** The list just read shows the open chat unread. */
    showsOpenTopicUnseen: ({ context }, params: { topics: TopicItem[] }) => isUnseenIn(params.topics, context.openTopicId),
  },
  actions: {
    /**
     * A list read: a topic hidden here that the read still holds with the same last message was
     * read before its hide landed, and stays out; one with a new message came back (the server
     * unhides a chat on its next message) and leaves the hidden ones.
     */
    setTopics: assign(({ context }, params: { topics: TopicItem[] }) => {
      const staleHidden = (t: TopicItem) => context.hidden.some((h) => h._id === t._id && h.message?._id === t.message?._id)
      const topics = params.topics.filter((t) => !staleHidden(t))
      return { topics: sortTopics(topics), hidden: context.hidden.filter((h) => !topics.some((t) => t._id === h._id)) }
    }),
    setOpenTopic: assign({ openTopicId: ({ event }) => (event.type === 'OPEN' ? event.topicId : null) }),
    markOpenSeen: assign({
      topics: ({ context }) => update(context.topics, context.openTopicId ?? '', (topic) => ({ ...topic, is_seen: true })),
    }),
    saveOpenSeen: spawnChild('saveSeen', { input: ({ context }) => ({ topic_id: context.openTopicId ?? '', is_seen: true }) }),
    readNewTopic: spawnChild('loadTopic', {
      id: ({ event }) => `${NEW_TOPIC}.${topicIdOf(event)}`,
      input: ({ event }) => ({ topic_id: topicIdOf(event) }),
    }),
    pin: assign({ topics: ({ context, event }) => update(context.topics, topicIdOf(event), (topic) => ({ ...topic, is_pin: true })) }),
    unpin: assign({ topics: ({ context, event }) => update(context.topics, topicIdOf(event), (topic) => ({ ...topic, is_pin: false })) }),
    /** The topic leaves the list for the hidden ones. */
    hide: assign(({ context, event }) => {
      const id = topicIdOf(event)
      const topic = context.topics.find((t) => t._id === id)
      return topic
        ? { topics: context.topics.filter((t) => t._id !== id), hidden: [topic, ...context.hidden.filter((t) => t._id !== id)] }
        : {}
    }),
    /** A hidden topic comes back into the list, in its place. */
    unhide: assign(({ context, event }) => {
      const id = topicIdOf(event)
      const topic = context.hidden.find((t) => t._id === id)
      return topic
        ? { hidden: context.hidden.filter((t) => t._id !== id), topics: sortTopics([...context.topics.filter((t) => t._id !== id), topic]) }
        : {}
    }),
    /** Tells the runtime (which offers Undo), before the topic leaves the list. */
    emitHidden: emit(({ context, event }): TopicListEmitted => {
      const id = topicIdOf(event)
      return { type: 'hidden', topicId: id, name: context.topics.find((t) => t._id === id)?.name ?? '' }
    }),
    setHidden: assign({
      hidden: ({ context }, params: { topics: TopicItem[] }) => mergeHidden(params.topics, context.hidden, context.topics),
    }),
    markSeen: assign({
      topics: ({ context, event }) => update(context.topics, topicIdOf(event), (topic) => ({ ...topic, is_seen: true })),
    }),
    markUnseen: assign({
      topics: ({ context, event }) => update(context.topics, topicIdOf(event), (topic) => ({ ...topic, is_seen: false })),
    }),
    startCall: assign({
      topics: ({ context, event }) =>
        event.type === 'CALL_STARTED'
          ? update(context.topics, event.topicId, (topic) => ({
              ...topic,
              in_call: true,
              message: { _id: event.messageId, message: '', type: 'call', created_at: event.at, deleted: false },
            }))
          : context.topics,
    }),
    closeCall: assign({
      topics: ({ context, event }) => update(context.topics, topicIdOf(event), (topic) => ({ ...topic, in_call: false })),
    }),
    newMessage: assign({
      topics: ({ context, event }) =>
        event.type === 'NEW_MESSAGE'
          ? update(context.topics, event.topicId, (topic) => ({ ...topic, message: event.message, is_seen: false }))
          : context.topics,
    }),
    deleteLastMessage: assign({
      topics: ({ context, event }) =>
        update(context.topics, topicIdOf(event), (topic) =>
          topic.message ? { ...topic, message: { ...topic.message, message: '', deleted: true } } : topic,
        ),
    }),
    rename: assign({
      topics: ({ context, event }) =>
        event.type === 'TOPIC_CHANGED'
          ? update(context.topics, event.topic._id, (topic) => ({ ...topic, name: event.topic.name.trim() }))
          : context.topics,
    }),
    remove: assign({ topics: ({ context, event }) => context.topics.filter((topic) => topic._id !== topicIdOf(event)) }),
    setDraft: assign({
      topics: ({ context, event }) =>
        event.type === 'DRAFT_CHANGED'
          ? update(context.topics, event.topicId, (topic) => ({ ...topic, draft: event.text }))
          : context.topics,
    }),
    savePin: spawnChild('pinTopic', { input: ({ event }) => ({ topic_id: topicIdOf(event) }) }),
    saveUnpin: spawnChild('unpinTopic', { input: ({ event }) => ({ topic_id: topicIdOf(event) }) }),
    saveHide: spawnChild('hideTopic', {
      id: ({ event }) => `${HIDE}.${topicIdOf(event)}`,
      input: ({ event }) => ({ topic_id: topicIdOf(event) }),
    }),
    saveUnhide: spawnChild('unhideTopic', {
      id: ({ event }) => `${UNHIDE}.${topicIdOf(event)}`,
      input: ({ event }) => ({ topic_id: topicIdOf(event) }),
    }),
    saveSeenAsSeen: spawnChild('saveSeen', { input: ({ event }) => ({ topic_id: topicIdOf(event), is_seen: true }) }),
    saveSeenAsUnseen: spawnChild('saveSeen', { input: ({ event }) => ({ topic_id: topicIdOf(event), is_seen: false }) }),
    addTopic: assign(({ context, event }) => {
      const added = addedTopicOf(event)
      // A hidden topic that comes back (a new message) is no longer hidden.
      return added
        ? {
            topics: sortTopics([...context.topics, { ...added, name: added.name.trim() }]),
            hidden: context.hidden.filter((t) => t._id !== added._id),
          }
        : {}
    }),
  },
}).createMachine({
  id: 'topicList',
  context: ({ input }) => ({ meId: input.meId, topics: [], openTopicId: null, hidden: [] }),
  initial: 'loading',
  on: { OPEN: { actions: 'setOpenTopic' } },
  states: {
    loading: {
      invoke: {
        id: 'loadTopics',
        src: 'loadTopics',
        onDone: [
          {
            guard: { type: 'showsOpenTopicUnseen', params: ({ event }) => ({ topics: event.output }) },
            target: 'ready',
            actions: [{ type: 'setTopics', params: ({ event }) => ({ topics: event.output }) }, 'markOpenSeen', 'saveOpenSeen'],
          },
          { target: 'ready', actions: { type: 'setTopics', params: ({ event }) => ({ topics: event.output }) } },
        ],
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading', CONNECTED: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: {
              on: { CONNECTED: 'refreshing', SHOWN: 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshTopics',
                src: 'loadTopics',
                onDone: [
                  {
                    guard: { type: 'showsOpenTopicUnseen', params: ({ event }) => ({ topics: event.output }) },
                    target: 'idle',
                    actions: [{ type: 'setTopics', params: ({ event }) => ({ topics: event.output }) }, 'markOpenSeen', 'saveOpenSeen'],
                  },
                  { target: 'idle', actions: { type: 'setTopics', params: ({ event }) => ({ topics: event.output }) } },
                ],
                onError: 'idle',
              },
            },
          },
        },
        hiddenChats: {
          initial: 'closed',
          on: { CLOSE_HIDDEN: '.closed' },
          states: {
            closed: { on: { SHOW_HIDDEN: 'loading' } },
            loading: {
              invoke: {
                id: 'loadHidden',
                src: 'loadHidden',
                onDone: { target: 'shown', actions: { type: 'setHidden', params: ({ event }) => ({ topics: event.output }) } },
                onError: 'failed',
              },
            },
            shown: {},
            failed: { on: { RETRY_HIDDEN: 'loading' } },
          },
        },
      },
      on: {
        OPEN: [{ guard: 'opensUnseenTopic', actions: ['setOpenTopic', 'markSeen', 'saveSeenAsSeen'] }, { actions: 'setOpenTopic' }],
        PIN: {
          guard: 'isUnpinnedTopic',
          actions: ['pin', 'savePin'],
        },
        UNPIN: {
          guard: 'isPinnedTopic',
          actions: ['unpin', 'saveUnpin'],
        },
        HIDE: {
          guard: 'isKnownTopic',
          actions: ['emitHidden', 'hide', 'saveHide'],
        },
        UNHIDE: {
          guard: 'isHiddenTopic',
          actions: ['unhide', 'saveUnhide'],
        },
        // The server refused: a failed hide brings the topic back, a failed unhide takes it out again.
        [`xstate.error.actor.${HIDE}.*`]: { guard: 'isHiddenTopic', actions: 'unhide' },
        [`xstate.error.actor.${UNHIDE}.*`]: { guard: 'isKnownTopic', actions: 'hide' },
        SEEN: {
          guard: 'isUnseenTopic',
          actions: ['markSeen', 'saveSeenAsSeen'],
        },
        UNSEEN: {
          guard: 'isSeenTopic',
          actions: ['markUnseen', 'saveSeenAsUnseen'],
        },
        CALL_STARTED: { guard: 'isKnownTopic', actions: 'startCall' },
        CALL_CLOSED: { guard: 'isInCall', actions: 'closeCall' },
        NEW_MESSAGE: [
          { guard: and(['isKnownTopic', 'isMine']), actions: ['newMessage', 'markSeen'] },
          { guard: and(['isKnownTopic', 'isOpenTopic']), actions: ['newMessage', 'markSeen', 'saveSeenAsSeen'] },
          { guard: 'isKnownTopic', actions: 'newMessage' },
          { actions: 'readNewTopic' },
        ],
        MESSAGE_DELETED: { guard: 'isLastMessage', actions: 'deleteLastMessage' },
        // A topic not in the list joins it (added, or changed while the list did not hold it); a held one takes its new name.
        TOPIC_CHANGED: [
          { guard: 'isNewTopic', actions: 'addTopic' },
          { guard: and(['isKnownTopic', 'isUpdate']), actions: 'rename' },
        ],
        MEMBER_ADDED: { guard: 'isNewTopic', actions: 'addTopic' },
        REMOVED: { guard: 'isKnownTopic', actions: 'remove' },
        DRAFT_CHANGED: { guard: 'isKnownTopic', actions: 'setDraft' },
        CHAT_REQUEST: { guard: 'isNewTopic', actions: 'addTopic' },
        [`xstate.done.actor.${NEW_TOPIC}.*`]: { guard: 'isNewTopic', actions: 'addTopic' },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const topicListSampleInput: TopicListInput = { meId: 'me' }

export type TopicListMachine = typeof topicListMachine
export type TopicListActor = ActorRefFrom<TopicListMachine>
export type TopicListSnapshot = SnapshotFrom<TopicListMachine>
