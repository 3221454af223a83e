import type { Message, Sender } from '../../../contract/message'
import type { MessageChangedPayload, NewMessagePayload } from '../../../contract/socket'
import type { ThreadPage } from '../../../contract/thread'

/** Someone who can be mentioned in a reply (a member of the chat). */
export type ThreadMember = Pick<Sender, '_id' | 'name'>

export interface ThreadInput {
  topicId: string
  rootId: string
  /** The signed-in user. */
  meId: string
  /** The chat's members: `@Name` in a reply mentions them. */
  members: ThreadMember[]
  /** Whether the user may write in the chat (its send_message setting). */
  canSend: boolean
  /** The session's media token: files shown are linked with it. */
  mediaToken: string
  /** Made once per opened thread: the replies' client_ids are `<prefix>:<n>`, so a retry repeats its own. */
  clientIdPrefix: string
}

export interface ThreadContext extends ThreadInput {
  root: Message | null
  /** Oldest first, unique by _id. */
  replies: Message[]
  /** The last page of replies was full: there may be older ones. */
  hasOlder: boolean
  following: boolean
  /** The reply being written. */
  draft: string
  /** "Also send to the chat". */
  alsoInChat: boolean
  /** Replies sent so far (the next one's client_id counts from it). */
  sent: number
  /** Why the last send, load of older replies or follow change failed. */
  error: string | null
}

export type ThreadEvent =
  | { type: 'RETRY' }
  | { type: 'LOAD_OLDER' }
  /** The socket connected (again): replies may have come meanwhile. */
  | { type: 'CONNECTED' }
  | ({ type: 'SOCKET_NEW_MESSAGE' } & NewMessagePayload)
  | ({ type: 'SOCKET_MESSAGE_CHANGED' } & MessageChangedPayload)
  | { type: 'TYPE'; text: string }
  | { type: 'TOGGLE_ALSO_IN_CHAT' }
  | { type: 'SEND' }
  | { type: 'TOGGLE_FOLLOW' }

/** What the injected actors take. */
export type ThreadPageInput = { rootId: string; before?: number }
export type ThreadReplyInput = {
  client_id: string
  topic_id: string
  thread_root_id: string
  message: string
  mentions: string[]
  also_in_chat: boolean
}
export type ThreadFollowInput = { rootId: string; follow: boolean }
export type { ThreadPage }
