import type { LastMessage, Topic } from '../../../contract/topic'

/** The latest message of a topic as the list shows it. */
export type TopicLastMessage = Pick<LastMessage, '_id' | 'message' | 'type' | 'created_at' | 'deleted'>
export type LastMessageType = TopicLastMessage['type']

/** A topic as the list shows it: `name` is '' when the topic has none yet. */
export type TopicItem = Pick<Topic, '_id' | 'name' | 'is_group' | 'is_pin' | 'is_seen' | 'in_call' | 'created_at'> & {
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
