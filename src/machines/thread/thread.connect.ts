import type { Message } from '../../../contract/message'
import { attachmentRows, isUploading } from '../upload/attachments'
import type { AttachmentProps } from '../upload/upload.connect'
import type { ThreadSnapshot } from './thread.machine'
import type { ThreadEvent } from './thread.types'

/** The thread panel's (or page's) props and handlers. */
export interface ThreadProps {
  topicId: string
  rootId: string
  meId: string
  /** The root (null while the first page loads or when it failed). */
  root: Message | null
  /** Oldest first. */
  replies: Message[]
  /** The reply the user came for, once it shows (the view goes to it); null: none. */
  focusedId: string | null
  /** How many replies the thread has in all (the root's summary; at least those shown). */
  replyCount: number
  loading: boolean
  failed: boolean
  /** Older replies may follow ('Show older replies'). */
  hasOlder: boolean
  loadingOlder: boolean
  following: boolean
  /** The follow change is on its way. */
  followBusy: boolean
  draft: string
  alsoInChat: boolean
  /** The files picked for the reply, with their uploads' progress. */
  attachments: AttachmentProps[]
  /** Some file is still uploading: sending waits. */
  uploading: boolean
  /** The user may write in the chat (else the box is not offered). */
  canSend: boolean
  /** The box has something to send and nothing is on its way. */
  sendEnabled: boolean
  sending: boolean
  /** Why the last send, older page or follow change failed. */
  error: string | null
  onRetry: () => void
  onLoadOlder: () => void
  onToggleFollow: () => void
  onType: (text: string) => void
  onToggleAlsoInChat: () => void
  onSend: () => void
  onFiles: (files: File[]) => void
}

/** Pure: a thread machine's snapshot and send -> the view's props. */
export function connect(snapshot: ThreadSnapshot, send: (event: ThreadEvent) => void): ThreadProps {
  const { context } = snapshot
  const sending = snapshot.matches({ reply: 'sending' })
  return {
    topicId: context.topicId,
    rootId: context.rootId,
    meId: context.meId,
    root: context.root,
    replies: context.replies,
    focusedId: context.focusSeq === null ? null : (context.replies.find((m) => m.seq === context.focusSeq)?._id ?? null),
    replyCount: Math.max(context.root?.thread?.reply_count ?? 0, context.replies.length),
    loading: snapshot.matches({ history: 'loading' }) && context.root === null,
    failed: snapshot.matches({ history: 'failed' }),
    hasOlder: snapshot.matches({ history: 'ready' }) && context.hasOlder,
    loadingOlder: snapshot.matches({ history: 'loadingOlder' }),
    following: context.following,
    followBusy: snapshot.matches({ follow: 'saving' }),
    draft: context.draft,
    alsoInChat: context.alsoInChat,
    attachments: attachmentRows(context.attachments, (id) => send({ type: 'REMOVE_ATTACHMENT', id })),
    uploading: isUploading(context.attachments),
    canSend: context.canSend,
    sendEnabled: !sending && snapshot.can({ type: 'SEND' }),
    sending,
    error: context.error,
    onRetry: () => send({ type: 'RETRY' }),
    onLoadOlder: () => send({ type: 'LOAD_OLDER' }),
    onToggleFollow: () => send({ type: 'TOGGLE_FOLLOW' }),
    onType: (text) => send({ type: 'TYPE', text }),
    onToggleAlsoInChat: () => send({ type: 'TOGGLE_ALSO_IN_CHAT' }),
    onSend: () => send({ type: 'SEND' }),
    onFiles: (files) => send({ type: 'ATTACH', files }),
  }
}
