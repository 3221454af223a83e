import { assign, fromPromise, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { MessageType } from '../../../contract/topic'
import { actorNotProvided } from '../not-provided'

/**
 * The chat list (spec section 4, "Topic list").
 *
 *   loading (the recent topics) -> ready | failed --RETRY--> loading
 *   ready: pinned topics first, then by the latest message's time, newest first (`sortTopics`,
 *          applied after every change). Pin, unpin, hide (the user; the call runs beside it),
 *          call start (the last message becomes a call) and call close, a new message (the topic
 *          moves up, unseen), seen / unseen, a deleted last message, a rename, and a topic not in
 *          the list appearing on member-added or a chat request (the view names a nameless one
 *          'New Message'), and a topic the user left or was removed from (REMOVED, OUT_TOPIC) leaving it.
 *
 * Pure: loading is an injected promise actor; pin / unpin / hide / seen calls are injected promise
 * actors spawned beside the change (their errors are swallowed, as the spec's list does).
 */

export type LastMessageType = MessageType

export interface TopicLastMessage {
  _id: string
  message: string
  type: LastMessageType
  created_at: string
  /** The message was deleted: its text is replaced. */
  deleted?: boolean
}

export interface TopicItem {
  _id: string
  /** Empty when the topic has no name yet. */
  name: string
  is_group: boolean
  is_pin: boolean
  is_seen: boolean
  /** A call is going on in the topic. */
  in_call: boolean
  created_at: string
  message: TopicLastMessage | null
}

export interface TopicListContext {
  topics: TopicItem[]
}

export type TopicListEvent =
  | { type: 'RETRY' }
  | { type: 'PIN'; topicId: string }
  | { type: 'UNPIN'; topicId: string }
  | { type: 'HIDE'; topicId: string }
  | { type: 'SEEN'; topicId: string }
  | { type: 'UNSEEN'; topicId: string }
  | { type: 'CALL_STARTED'; topicId: string; messageId: string; at: string }
  | { type: 'CALL_CLOSED'; topicId: string }
  | { type: 'NEW_MESSAGE'; topicId: string; message: TopicLastMessage }
  | { type: 'MESSAGE_DELETED'; topicId: string; messageId: string }
  | { type: 'RENAMED'; topicId: string; name: string }
  | { type: 'MEMBER_ADDED'; topic: TopicItem }
  | { type: 'CHAT_REQUEST'; topic: TopicItem }
  | { type: 'REMOVED'; topicId: string }

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

const update = (topics: readonly TopicItem[], topicId: string, change: (topic: TopicItem) => TopicItem) =>
  sortTopics(topics.map((topic) => (topic._id === topicId ? change(topic) : topic)))

const notProvided = actorNotProvided('topicList')

type WithTopicId = { topicId: string }
const topicIdOf = (event: TopicListEvent) => ('topicId' in event ? event.topicId : '')

export const topicListMachine = setup({
  types: {
    context: {} as TopicListContext,
    events: {} as TopicListEvent,
  },
  actors: {
    /** The recent topics (GET topic, page 1). */
    loadTopics: fromPromise<TopicItem[], void>(notProvided('loadTopics')),
    /** POST channel/topic/pin. */
    pinTopic: fromPromise<unknown, { topic_id: string }>(notProvided('pinTopic')),
    /** POST channel/topic/unpin. */
    unpinTopic: fromPromise<unknown, { topic_id: string }>(notProvided('unpinTopic')),
    /** Hides the topic from the list. */
    hideTopic: fromPromise<unknown, { topic_id: string }>(notProvided('hideTopic')),
    /** Marks the topic seen or unseen. */
    saveSeen: fromPromise<unknown, { topic_id: string; is_seen: boolean }>(notProvided('saveSeen')),
  },
  guards: {
    isKnownTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event)),
    isUnpinnedTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && !topic.is_pin),
    isPinnedTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && topic.is_pin),
    isSeenTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && topic.is_seen),
    isUnseenTopic: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && !topic.is_seen),
    isInCall: ({ context, event }) => context.topics.some((topic) => topic._id === topicIdOf(event) && topic.in_call),
    isLastMessage: ({ context, event }) =>
      event.type === 'MESSAGE_DELETED' && context.topics.some((topic) => topic._id === event.topicId && topic.message?._id === event.messageId),
    isNewTopic: ({ context, event }) => (event.type === 'MEMBER_ADDED' || event.type === 'CHAT_REQUEST') && !context.topics.some((topic) => topic._id === event.topic._id),
  },
  actions: {
    addTopic: assign(({ context, event }) =>
      event.type === 'MEMBER_ADDED' || event.type === 'CHAT_REQUEST' ? { topics: sortTopics([...context.topics, { ...event.topic, name: event.topic.name.trim() }]) } : {},
    ),
  },
}).createMachine({
  id: 'topicList',
  context: { topics: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTopics',
        src: 'loadTopics',
        onDone: { target: 'ready', actions: assign({ topics: ({ event }) => sortTopics(event.output) }) },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      on: {
        PIN: {
          guard: 'isUnpinnedTopic',
          actions: [
            assign({ topics: ({ context, event }) => update(context.topics, event.topicId, (topic) => ({ ...topic, is_pin: true })) }),
            spawnChild('pinTopic', { input: ({ event }) => ({ topic_id: (event as WithTopicId).topicId }) }),
          ],
        },
        UNPIN: {
          guard: 'isPinnedTopic',
          actions: [
            assign({ topics: ({ context, event }) => update(context.topics, event.topicId, (topic) => ({ ...topic, is_pin: false })) }),
            spawnChild('unpinTopic', { input: ({ event }) => ({ topic_id: (event as WithTopicId).topicId }) }),
          ],
        },
        HIDE: {
          guard: 'isKnownTopic',
          actions: [
            assign({ topics: ({ context, event }) => context.topics.filter((topic) => topic._id !== event.topicId) }),
            spawnChild('hideTopic', { input: ({ event }) => ({ topic_id: (event as WithTopicId).topicId }) }),
          ],
        },
        SEEN: {
          guard: 'isUnseenTopic',
          actions: [
            assign({ topics: ({ context, event }) => update(context.topics, event.topicId, (topic) => ({ ...topic, is_seen: true })) }),
            spawnChild('saveSeen', { input: ({ event }) => ({ topic_id: (event as WithTopicId).topicId, is_seen: true }) }),
          ],
        },
        UNSEEN: {
          guard: 'isSeenTopic',
          actions: [
            assign({ topics: ({ context, event }) => update(context.topics, event.topicId, (topic) => ({ ...topic, is_seen: false })) }),
            spawnChild('saveSeen', { input: ({ event }) => ({ topic_id: (event as WithTopicId).topicId, is_seen: false }) }),
          ],
        },
        CALL_STARTED: {
          guard: 'isKnownTopic',
          actions: assign({
            topics: ({ context, event }) =>
              update(context.topics, event.topicId, (topic) => ({ ...topic, in_call: true, message: { _id: event.messageId, message: '', type: 'call', created_at: event.at } })),
          }),
        },
        CALL_CLOSED: {
          guard: 'isInCall',
          actions: assign({ topics: ({ context, event }) => update(context.topics, event.topicId, (topic) => ({ ...topic, in_call: false })) }),
        },
        NEW_MESSAGE: {
          guard: 'isKnownTopic',
          actions: assign({ topics: ({ context, event }) => update(context.topics, event.topicId, (topic) => ({ ...topic, message: event.message, is_seen: false })) }),
        },
        MESSAGE_DELETED: {
          guard: 'isLastMessage',
          actions: assign({
            topics: ({ context, event }) => update(context.topics, event.topicId, (topic) => (topic.message ? { ...topic, message: { ...topic.message, message: '', deleted: true } } : topic)),
          }),
        },
        RENAMED: {
          guard: 'isKnownTopic',
          actions: assign({ topics: ({ context, event }) => update(context.topics, event.topicId, (topic) => ({ ...topic, name: event.name.trim() })) }),
        },
        MEMBER_ADDED: { guard: 'isNewTopic', actions: 'addTopic' },
        REMOVED: { guard: 'isKnownTopic', actions: assign({ topics: ({ context, event }) => context.topics.filter((topic) => topic._id !== event.topicId) }) },
        CHAT_REQUEST: { guard: 'isNewTopic', actions: 'addTopic' },
      },
    },
  },
})

export type TopicListMachine = typeof topicListMachine
export type TopicListActor = ActorRefFrom<TopicListMachine>
export type TopicListSnapshot = SnapshotFrom<TopicListMachine>
