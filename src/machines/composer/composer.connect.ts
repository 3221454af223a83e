import type { Member } from '../../../contract/channel'
import type { Message } from '../../../contract/message'
import type { ComposerSnapshot } from './composer.machine'
import { suggestionsOf } from './composer.machine'
import { attachmentRows, isUploading } from '../upload/attachments'
import type { AttachmentProps } from '../upload/upload.connect'
import type { ComposerEvent, Format } from './composer.types'

type Send = (event: ComposerEvent) => void

export interface ComposerProps {
  draft: string
  /** Where the caret should be (after a mention or an emoji was inserted). */
  caret: number
  replyTo: Message | null
  editing: Message | null
  /** Members matching the @word at the caret. */
  suggestions: Member[]
  attachments: AttachmentProps[]
  canSend: boolean
  /** Attachments are still uploading: sending waits. */
  uploading: boolean
  emojiOpen: boolean
  onDraft: (text: string, caret: number) => void
  onCaret: (caret: number) => void
  onPick: (member: Member) => void
  onEnter: () => void
  onSubmit: () => void
  onCancel: () => void
  onToggleEmoji: () => void
  onEmoji: (emoji: string) => void
  onFiles: (files: File[]) => void
  /** A formatting button or shortcut over the selection [start, end) of the box. */
  onFormat: (format: Format, start: number, end: number) => void
  /** The message actions the composer takes over: reply to a message, edit one's own. */
  messageActions: { onReply: (message: Message) => void; onEdit: (message: Message) => void }
}

/** Pure: snapshot -> the message box's props and handlers. */
export function connect(snapshot: ComposerSnapshot, send: Send): ComposerProps {
  const { context } = snapshot
  return {
    draft: context.draft,
    caret: context.caret,
    replyTo: context.replyTo,
    editing: context.editing,
    suggestions: suggestionsOf(context),
    attachments: attachmentRows(context.attachments, (id) => send({ type: 'REMOVE_ATTACHMENT', id })),
    canSend: context.canSend,
    uploading: isUploading(context.attachments),
    emojiOpen: snapshot.matches({ emoji: 'open' }),
    onDraft: (text, caret) => send({ type: 'DRAFT', text, caret }),
    onCaret: (caret) => send({ type: 'CARET', caret }),
    onPick: (member) => send({ type: 'PICK_MENTION', member }),
    onEnter: () => send({ type: 'ENTER' }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onCancel: () => send({ type: 'CANCEL' }),
    onToggleEmoji: () => send({ type: 'TOGGLE_EMOJI' }),
    onEmoji: (emoji) => send({ type: 'EMOJI', emoji }),
    onFiles: (files) => send({ type: 'ATTACH', files }),
    onFormat: (format, start, end) => send({ type: 'FORMAT', format, start, end }),
    messageActions: {
      onReply: (message) => send({ type: 'REPLY', message }),
      onEdit: (message) => send({ type: 'EDIT', message }),
    },
  }
}
