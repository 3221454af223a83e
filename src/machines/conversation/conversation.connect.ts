import type { Message } from '../../../contract/message'
import { mayDeleteMessage, topicAllows } from '../../../contract/topic'
import type { ConversationSnapshot } from './conversation.machine'
import type { ConversationEvent, ForwardTarget, Typist } from './conversation.types'

type Send = (event: ConversationEvent) => void

/** What the reader may do to the messages, by their effective role in the topic. */
export interface MessagePermissions {
  /** The topic lets them pin. */
  pin: boolean
  /** They may delete this message for everyone: their own, or any as a topic admin. */
  delete: (message: Message) => boolean
}

export interface ConversationProps {
  topicId: string
  /** null: the topic has no name (the view says 'New Message'). */
  title: string | null
  membersCount: number
  meId: string
  may: MessagePermissions
  history: {
    status: 'loading' | 'failed' | 'ready'
    messages: Message[]
    loadingOlder: boolean
    hasOlder: boolean
    /** The first message after the one the user had seen (not their own): the unread divider goes before it. */
    firstUnreadId: string | null
    /** The message the chat was opened on (a search result), once loaded: shown and marked. */
    focusedId: string | null
    onRetry: () => void
    onLoadOlder: () => void
  }
  /** Who is typing (not the user). */
  typists: Typist[]
  pinned: {
    /** The pinned list is open (aria-expanded of its button). */
    shown: boolean
    messages: Message[]
    onToggle: () => void
  }
  /** The chat picker for a forward; null while closed. `targets` is null while they load. */
  forward: { targets: ForwardTarget[] | null; onForwardTo: (topicId: string) => void; onCancel: () => void } | null
  /** The message actions the conversation runs (reply and edit belong to the composer). */
  messageActions: {
    onDelete: (message: Message) => void
    onPin: (message: Message) => void
    onForward: (message: Message) => void
  }
}

/** Pure: snapshot -> what the open chat shows, and its handlers. */
export function connect(snapshot: ConversationSnapshot, send: Send): ConversationProps {
  const { messages, lastSeenSeq, hasOlder, typists, meId, topic } = snapshot.context
  const status = snapshot.matches({ history: 'loading' }) ? 'loading' : snapshot.matches({ history: 'failed' }) ? 'failed' : 'ready'
  const forwardOpen = !snapshot.matches({ forward: 'closed' })
  return {
    topicId: topic._id,
    title: topic.name || null,
    membersCount: topic.members_count,
    meId,
    may: {
      pin: topicAllows(topic, topic.role, 'pin_message'),
      delete: (message) => mayDeleteMessage(topic.role, message.sender?._id === meId),
    },
    history: {
      status,
      messages,
      loadingOlder: snapshot.matches({ history: 'loadingOlder' }),
      hasOlder,
      firstUnreadId: messages.find((m) => m.seq > lastSeenSeq && m.sender?._id !== meId)?._id ?? null,
      focusedId: messages.find((m) => m.seq === snapshot.context.focusSeq)?._id ?? null,
      onRetry: () => send({ type: 'RETRY' }),
      onLoadOlder: () => send({ type: 'LOAD_OLDER' }),
    },
    typists: typists.filter((t) => t._id !== meId),
    pinned: {
      shown: snapshot.matches({ pinned: 'shown' }),
      messages: snapshot.context.pinned,
      onToggle: () => send({ type: 'TOGGLE_PINNED' }),
    },
    forward: forwardOpen
      ? {
          targets: snapshot.matches({ forward: 'loadingTargets' }) ? null : snapshot.context.forwardTargets,
          onForwardTo: (topicId) => send({ type: 'FORWARD_TO', topicId }),
          onCancel: () => send({ type: 'CANCEL_FORWARD' }),
        }
      : null,
    messageActions: {
      onDelete: (message) => send({ type: 'DELETE', messageId: message._id }),
      onPin: (message) => send({ type: 'PIN', messageId: message._id, pin: !message.is_pin }),
      onForward: (message) => send({ type: 'FORWARD', message }),
    },
  }
}
