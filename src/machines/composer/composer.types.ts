import type { Member } from '../../../contract/channel'
import type { Message, SendMessageBody } from '../../../contract/message'
import type { Attachment } from '../upload/attachments'
import type { UploadUpdate } from '../upload/upload.types'

export interface ComposerInput {
  topicId: string
  meId: string
  /** The topic's members: who can be @mentioned. */
  members: Member[]
  /** The topic lets this user send (send_message may be admin-only). */
  canSend: boolean
  /** The draft kept from an earlier visit. */
  draft: string
}

export type { Attachment }

export interface ComposerContext extends ComposerInput {
  /** Where the caret is in the draft. */
  caret: number
  replyTo: Message | null
  editing: Message | null
  /** Members picked from the suggestions since the last send (kept while the draft still names them). */
  mentioned: Member[]
  attachments: Attachment[]
  /** Numbers the next attachment's id. */
  nextAttachment: number
  /** The draft the server holds for this chat, as far as this tab knows ('' none): what saving compares with. */
  savedText: string
}

/** The formatting toolbar's buttons (and Ctrl/Cmd+B, I): each wraps the selection in markdown. */
export const FORMATS = ['bold', 'italic', 'strike', 'code', 'codeBlock', 'quote', 'bulleted', 'numbered', 'link'] as const
export type Format = (typeof FORMATS)[number]

export type ComposerEvent =
  | { type: 'DRAFT'; text: string; caret: number }
  | { type: 'CARET'; caret: number }
  | { type: 'PICK_MENTION'; member: Member }
  /** Enter: picks the first suggestion, or sends. */
  | { type: 'ENTER' }
  | { type: 'SUBMIT' }
  /** Escape or the Cancel button: leaves reply or edit mode. */
  | { type: 'CANCEL' }
  | { type: 'REPLY'; message: Message }
  | { type: 'EDIT'; message: Message }
  | { type: 'TOGGLE_EMOJI' }
  | { type: 'EMOJI'; emoji: string }
  | { type: 'ATTACH'; files: File[] }
  | { type: 'REMOVE_ATTACHMENT'; id: string }
  /** A toolbar button or shortcut: the selection [start, end) of the draft wrapped in that markdown. */
  | { type: 'FORMAT'; format: Format; start: number; end: number }
  /** The same person's draft of this chat changed in another tab or device (DRAFT_CHANGED). */
  | { type: 'REMOTE_DRAFT'; text: string }
  /** The socket connected again (a reconnection): the draft is read again. */
  | { type: 'CONNECTED' }
  /** The chat closes: a draft not saved yet is saved now. */
  | { type: 'LEAVE' }
  /** Raised when the draft changed (touchDraft); `now`: the message was sent, its draft goes at once. */
  | { type: 'DRAFT_TOUCHED'; now: boolean }
  | UploadUpdate

/** A message to queue (the runtime adds its client_id and time). */
export type ComposedMessage = Required<Pick<SendMessageBody, 'topic_id' | 'message' | 'media_ids' | 'mentions'>> &
  Pick<SendMessageBody, 'reply_to'>

export type ComposerEmitted = { type: 'send'; message: ComposedMessage } | { type: 'edit'; messageId: string; text: string }
