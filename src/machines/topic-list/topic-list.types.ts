import type { LastMessage, Topic } from '../../../contract/topic'

/** The latest message of a topic as the list shows it. */
export type TopicLastMessage = Pick<LastMessage, '_id' | 'message' | 'type' | 'created_at' | 'deleted'>
export type LastMessageType = TopicLastMessage['type']

/** A topic as the list shows it: `name` is '' when the topic has none yet. */
export type TopicItem = Pick<Topic, '_id' | 'name' | 'is_group' | 'is_pin' | 'is_seen' | 'in_call' | 'created_at'> &
  /** The pictures the row's avatar shows (a group's image, the other person's photo); absent: initials. */
  Partial<Pick<Topic, 'image' | 'photo_url' | 'partner_id'>> & {
    message: TopicLastMessage | null
    /** What the user typed in the chat and has not sent (draft/*, on any of their tabs or devices); absent or '': none. */
    draft?: string
  }

export interface TopicListInput {
  /** The signed-in user. */
  meId: string
}

export interface TopicListContext extends TopicListInput {
  topics: TopicItem[]
  /** The chat the user has open (its page loaded), or null. */
  openTopicId: string | null
  /** The hidden topics the list knows: those hidden here (Undo brings them back) and those read for the Hidden chats view. */
  hidden: TopicItem[]
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
  /** Undo of a hide, or Unhide in the Hidden chats view. */
  | { type: 'UNHIDE'; topicId: string }
  /** The Hidden chats view opens (its list is read) or closes; RETRY_HIDDEN reads it again after a failure. */
  | { type: 'SHOW_HIDDEN' }
  | { type: 'CLOSE_HIDDEN' }
  | { type: 'RETRY_HIDDEN' }
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
  /** The socket's DRAFT_CHANGED: the user's draft of a chat, as saved on any tab or device ('' once sent or cleared). */
  | { type: 'DRAFT_CHANGED'; topicId: string; text: string }

/** What the list tells its runtime: a topic was hidden (the runtime offers Undo). */
export type TopicListEmitted = { type: 'hidden'; topicId: string; name: string }
