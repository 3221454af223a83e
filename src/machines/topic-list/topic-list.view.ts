import { activityOf, type LastMessageType, type TopicListSnapshot } from './topic-list.machine'

/** What the last-message line says. */
export type TopicPreview =
  | { kind: 'none' }
  | { kind: 'deleted' }
  | { kind: 'callOngoing' }
  | { kind: 'callEnded' }
  | { kind: 'text'; text: string; type: LastMessageType }

export interface TopicRowView {
  id: string
  /** null: the topic has no name (the view says 'New Message'). */
  name: string | null
  isGroup: boolean
  pinned: boolean
  unread: boolean
  preview: TopicPreview
  /** ISO time of the latest activity. */
  at: string
}

export interface TopicListView {
  status: 'loading' | 'failed' | 'ready'
  topics: TopicRowView[]
}

/** Pure: snapshot -> the chat list rows, in the machine's order. */
export function topicListView(snapshot: TopicListSnapshot): TopicListView {
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    topics: snapshot.context.topics.map((topic) => {
      const message = topic.message
      const preview: TopicPreview = !message
        ? { kind: 'none' }
        : message.deleted
          ? { kind: 'deleted' }
          : message.type === 'call'
            ? { kind: topic.in_call ? 'callOngoing' : 'callEnded' }
            : { kind: 'text', text: message.message, type: message.type }
      return { id: topic._id, name: topic.name || null, isGroup: topic.is_group, pinned: topic.is_pin, unread: !topic.is_seen, preview, at: activityOf(topic) }
    }),
  }
}
