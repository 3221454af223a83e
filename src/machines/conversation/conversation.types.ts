import type { EditMessageBody, ForwardMessageBody, Message, MessageIdBody } from '../../../contract/message'
import type { MessageChangedPayload, NewMessagePayload, TypingPayload } from '../../../contract/socket'
import type { Topic } from '../../../contract/topic'
import type { MessageReactions } from '../../../contract/reaction'

/** The open topic as the conversation needs it (GET topic/info). */
export type ConversationTopic = Pick<Topic, '_id' | 'name' | 'members_count' | 'role' | 'is_group' | 'permission' | 'last_seen_seq'>

export interface ConversationInput {
  topic: ConversationTopic
  /** The signed-in user. */
  meId: string
  /** Opened on this message (a search result): history loads around it instead of at the newest. */
  focusSeq?: number | null
  /** The session's media token: the files shown are linked with it (contract `withFileLinks`). */
  mediaToken: string
}

export type Typist = { _id: string; name: string }

/** A chat a message can be forwarded to: `name` is '' when the chat has none yet. */
export type ForwardTarget = Pick<Topic, '_id' | 'name'>

export interface ConversationContext extends ConversationInput {
  topicId: string
  focusSeq: number | null
  /** The seq of the latest message the user had seen when opening: the unread divider goes after it. */
  lastSeenSeq: number
  /** Oldest first, unique by _id. */
  messages: Message[]
  /** The last page of history was full: there may be older messages. */
  hasOlder: boolean
  /** A catch-up was asked for after the newest messages were last fetched. */
  catchUpDue: boolean
  typists: Typist[]
  /** The topic's pinned messages, as last fetched. */
  pinned: Message[]
  /** The message whose deletion waits for the user's confirmation or the server. */
  deletingId: string | null
  /** The message being forwarded, and the chats it may go to. */
  forwarding: Message | null
  forwardTargets: ForwardTarget[]
  /** The message whose actions sheet is open. */
  actionsFor: string | null
}

export type ConversationEvent =
  | { type: 'RETRY' }
  | { type: 'LOAD_OLDER' }
  /** The socket connected (again): messages may have come meanwhile. */
  | { type: 'CONNECTED' }
  /** One of the user's own messages, as the server answered its send (the outbox). */
  | { type: 'RECEIVED'; message: Message }
  /** The socket's NEW_MESSAGE, of any topic: its files carry no links (the reader links them with its media token); a thread reply's carries its root's new summary. */
  | ({ type: 'SOCKET_NEW_MESSAGE' } & NewMessagePayload)
  /** The socket's MESSAGE_CHANGED (edited, deleted, pinned, unpinned), of any topic; no file links either. */
  | ({ type: 'SOCKET_MESSAGE_CHANGED' } & MessageChangedPayload)
  /** A message's reactions now: the socket's MESSAGE_REACTED (of any topic), or the server's answer to the user's own reaction. */
  | ({ type: 'MESSAGE_REACTED' } & MessageReactions)
  /** The socket's TYPING, of any topic. */
  | ({ type: 'SOCKET_TYPING' } & TypingPayload)
  /** The session renewed its media token (with its access token): the files shown get links with it. */
  | { type: 'MEDIA_TOKEN'; token: string }
  /** Saves a new text for one of the user's messages. */
  | { type: 'EDIT'; messageId: string; text: string }
  /** Deletes a message for everyone, once the user confirms. */
  | { type: 'DELETE'; messageId: string }
  | { type: 'PIN'; messageId: string; pin: boolean }
  /** Link previews: takes the preview away from one of the user's messages, for everyone. */
  | { type: 'REMOVE_PREVIEW'; messageId: string }
  /** Shows or hides the pinned messages. */
  | { type: 'TOGGLE_PINNED' }
  /** Opens the chat picker to forward this message. */
  | { type: 'FORWARD'; message: Message }
  | { type: 'FORWARD_TO'; topicId: string }
  | { type: 'CANCEL_FORWARD' }
  /** Opens a message's actions (a phone's sheet: its "more" button or a long press). */
  | { type: 'OPEN_ACTIONS'; messageId: string }
  | { type: 'CLOSE_ACTIONS' }

/** What the injected actors take. */
export type EditInput = EditMessageBody
export type DeleteInput = MessageIdBody
export type PinInput = MessageIdBody & { pin: boolean }
export type RemovePreviewInput = MessageIdBody
export type ForwardInput = ForwardMessageBody
