import { assign, fromPromise, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type { TopicItem, TopicListContext, TopicListEvent } from './topic-list.types'

/**
 * The chat list.
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
 * actors spawned beside the change (their errors are swallowed: the list keeps what the user chose).
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

const update = (topics: readonly TopicItem[], topicId: string, change: (topic: TopicItem) => TopicItem) =>
  sortTopics(topics.map((topic) => (topic._id === topicId ? change(topic) : topic)))

const notProvided = actorNotProvided('topicList')

const topicIdOf = (event: TopicListEvent) => ('topicId' in event ? event.topicId : '')

export const topicListMachine = setup({
  types: {
    context: {} as TopicListContext,
    events: {} as TopicListEvent,
  },
  actors: {
    /** The recent topics (GET topic, every page). */
    loadTopics: fromPromise<TopicItem[], void>(notProvided('loadTopics')),
    /** PUT channel/topic/pin. */
    pinTopic: fromPromise<unknown, { topic_id: string }>(notProvided('pinTopic')),
    /** PUT channel/topic/unpin. */
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
      event.type === 'MESSAGE_DELETED' &&
      context.topics.some((topic) => topic._id === event.topicId && topic.message?._id === event.messageId),
    isNewTopic: ({ context, event }) =>
      (event.type === 'MEMBER_ADDED' || event.type === 'CHAT_REQUEST') && !context.topics.some((topic) => topic._id === event.topic._id),
  },
  actions: {
    setTopics: assign({ topics: (_, params: { topics: TopicItem[] }) => sortTopics(params.topics) }),
    pin: assign({ topics: ({ context, event }) => update(context.topics, topicIdOf(event), (topic) => ({ ...topic, is_pin: true })) }),
    unpin: assign({ topics: ({ context, event }) => update(context.topics, topicIdOf(event), (topic) => ({ ...topic, is_pin: false })) }),
    hide: assign({ topics: ({ context, event }) => context.topics.filter((topic) => topic._id !== topicIdOf(event)) }),
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
        event.type === 'RENAMED'
          ? update(context.topics, event.topicId, (topic) => ({ ...topic, name: event.name.trim() }))
          : context.topics,
    }),
    remove: assign({ topics: ({ context, event }) => context.topics.filter((topic) => topic._id !== topicIdOf(event)) }),
    savePin: spawnChild('pinTopic', { input: ({ event }) => ({ topic_id: topicIdOf(event) }) }),
    saveUnpin: spawnChild('unpinTopic', { input: ({ event }) => ({ topic_id: topicIdOf(event) }) }),
    saveHide: spawnChild('hideTopic', { input: ({ event }) => ({ topic_id: topicIdOf(event) }) }),
    saveSeenAsSeen: spawnChild('saveSeen', { input: ({ event }) => ({ topic_id: topicIdOf(event), is_seen: true }) }),
    saveSeenAsUnseen: spawnChild('saveSeen', { input: ({ event }) => ({ topic_id: topicIdOf(event), is_seen: false }) }),
    addTopic: assign(({ context, event }) =>
      event.type === 'MEMBER_ADDED' || event.type === 'CHAT_REQUEST'
        ? { topics: sortTopics([...context.topics, { ...event.topic, name: event.topic.name.trim() }]) }
        : {},
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
        onDone: { target: 'ready', actions: { type: 'setTopics', params: ({ event }) => ({ topics: event.output }) } },
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
          actions: ['pin', 'savePin'],
        },
        UNPIN: {
          guard: 'isPinnedTopic',
          actions: ['unpin', 'saveUnpin'],
        },
        HIDE: {
          guard: 'isKnownTopic',
          actions: ['hide', 'saveHide'],
        },
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
        NEW_MESSAGE: { guard: 'isKnownTopic', actions: 'newMessage' },
        MESSAGE_DELETED: { guard: 'isLastMessage', actions: 'deleteLastMessage' },
        RENAMED: { guard: 'isKnownTopic', actions: 'rename' },
        MEMBER_ADDED: { guard: 'isNewTopic', actions: 'addTopic' },
        REMOVED: { guard: 'isKnownTopic', actions: 'remove' },
        CHAT_REQUEST: { guard: 'isNewTopic', actions: 'addTopic' },
      },
    },
  },
})

export type TopicListMachine = typeof topicListMachine
export type TopicListActor = ActorRefFrom<TopicListMachine>
export type TopicListSnapshot = SnapshotFrom<TopicListMachine>
