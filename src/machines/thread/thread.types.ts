import type { Message, Sender } from '../../../contract/message'
import type { MessageChangedPayload, NewMessagePayload } from '../../../contract/socket'
import type { ThreadPage } from '../../../contract/thread'
import type { Attachment } from '../upload/attachments'
import type { UploadUpdate } from '../upload/upload.types'

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
  /** The reply the user came for (a search hit): older pages load until it shows, and the view goes to it; null: none. */
  focusSeq: number | null
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
  /** The files picked for the reply, each uploading in a child of its own. */
  attachments: Attachment[]
  /** Numbers the next attachment's id. */
  nextAttachment: number
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
  /** Files picked (or pasted) for the reply; REMOVE_ATTACHMENT takes one back; each upload reports with UPLOAD_UPDATE. */
  | { type: 'ATTACH'; files: File[] }
  | { type: 'REMOVE_ATTACHMENT'; id: string }
  | UploadUpdate

/** What the injected actors take. */
export type ThreadPageInput = { rootId: string; before?: number }
export type ThreadReplyInput = {
  client_id: string
  topic_id: string
  thread_root_id: string
  message: string
  mentions: string[]
  also_in_chat: boolean
  media_ids: string[]
}
export type ThreadFollowInput = { rootId: string; follow: boolean }
export type { ThreadPage }
