import type { LastMessage, Topic } from '../../../contract/topic'

/** The latest message of a topic as the list shows it. */
export type TopicLastMessage = Pick<LastMessage, '_id' | 'message' | 'type' | 'created_at' | 'deleted'>
export type LastMessageType = TopicLastMessage['type']

/** A topic as the list shows it: `name` is '' when the topic has none yet. */
export type TopicItem = Pick<Topic, '_id' | 'name' | 'is_group' | 'is_pin' | 'is_seen' | 'in_call' | 'created_at'> & {
  message: TopicLastMessage | null
}

export interface TopicListInput {
  /** The signed-in user. */
  meId: string
}

export interface TopicListContext extends TopicListInput {
  topics: TopicItem[]
  /** The chat the user has open (its page loaded), or null. */
  openTopicId: string | null
}

export type TopicListEvent =
  | { type: 'RETRY' }
  /** The socket connected (again): pushes may have been missed. */
  | { type: 'CONNECTED' }
  /** The chat list came into view (the chats page): it is read again in the background. */
  | { type: 'SHOWN' }
  /** The user has this chat open (its page loaded), or none (null). */
  | { type: 'OPEN'; topicId: string | null }
  | { type: 'PIN'; topicId: string }
  | { type: 'UNPIN'; topicId: string }
  | { type: 'HIDE'; topicId: string }
  | { type: 'SEEN'; topicId: string }
  | { type: 'UNSEEN'; topicId: string }
  | { type: 'CALL_STARTED'; topicId: string; messageId: string; at: string }
  | { type: 'CALL_CLOSED'; topicId: string }
  /** The socket's NEW_MESSAGE, of any topic: who sent it (null: the system) and its last-message line. */
  | { type: 'NEW_MESSAGE'; topicId: string; senderId: string | null; message: TopicLastMessage }
  | { type: 'MESSAGE_DELETED'; topicId: string; messageId: string }
  /** The socket's TOPIC_CHANGED: a topic appeared for the user ('added') or changed ('updated': its name among others). */
  | { type: 'TOPIC_CHANGED'; change: 'added' | 'updated'; topic: TopicItem }
  | { type: 'MEMBER_ADDED'; topic: TopicItem }
  | { type: 'CHAT_REQUEST'; topic: TopicItem }
  | { type: 'REMOVED'; topicId: string }
