import type { Message } from '../../../contract/message'
import { mayDeleteMessage, topicAllows } from '../../../contract/topic'
import type { ConversationSnapshot } from './conversation.machine'
import type { ConversationEvent, ForwardTarget, Typist } from './conversation.types'

type Send = (event: ConversationEvent) => void

/** Messages from one sender this close together read as one run: their name and time show once. */
export const RUN_WINDOW_MS = 5 * 60_000

/** The reader's calendar day of an ISO time (in their time zone): day separators and runs follow it. */
const localDay = (iso: string) => new Date(iso).toDateString()

/** The ids of the messages that open a day: the first one shown, and each one of a later day than the one before. A day separator goes before each. */
export function dayStarts(messages: readonly Message[]): Set<string> {
  const starts = new Set<string>()
  messages.forEach((message, i) => {
    const before = messages[i - 1]
    if (!before || localDay(message.created_at) !== localDay(before.created_at)) starts.add(message._id)
  })
  return starts
}

/**
 * The ids of the messages that continue a run (same sender as the one before, within RUN_WINDOW_MS,
 * on the same day); the unread divider and a day separator start a new run.
 */
export function runContinuations(messages: readonly Message[], firstUnreadId: string | null): Set<string> {
  const continued = new Set<string>()
  messages.forEach((message, i) => {
    const before = messages[i - 1]
    if (!before || message._id === firstUnreadId || !message.sender || before.sender?._id !== message.sender._id) return
    if (localDay(message.created_at) !== localDay(before.created_at)) return
    if (Date.parse(message.created_at) - Date.parse(before.created_at) <= RUN_WINDOW_MS) continued.add(message._id)
  })
  return continued
}

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
  /** A group chat (a 1:1 chat shows no member count). */
  isGroup: boolean
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
    /** Messages that continue their sender's run: shown without name and time. */
    continued: ReadonlySet<string>
    /** Messages that open a day: a day separator goes before each. */
    dayStarts: ReadonlySet<string>
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
  /** A message's actions sheet (phones): the message it is open for, or null. */
  sheet: { message: Message | null; onOpen: (message: Message) => void; onClose: () => void }
  /** The message actions the conversation runs (reply and edit belong to the composer). */
  messageActions: {
    onDelete: (message: Message) => void
    onPin: (message: Message) => void
    onForward: (message: Message) => void
    /** Link previews: the sender removes their message's preview. */
    onRemovePreview: (message: Message) => void
  }
}

/** Pure: snapshot -> what the open chat shows, and its handlers. */
export function connect(snapshot: ConversationSnapshot, send: Send): ConversationProps {
  const { messages, lastSeenSeq, hasOlder, typists, meId, topic } = snapshot.context
  const status = snapshot.matches({ history: 'loading' }) ? 'loading' : snapshot.matches({ history: 'failed' }) ? 'failed' : 'ready'
  const forwardOpen = !snapshot.matches({ forward: 'closed' })
  const firstUnreadId = messages.find((m) => m.seq > lastSeenSeq && m.sender?._id !== meId)?._id ?? null
  const actionsFor = snapshot.matches({ sheet: 'open' }) ? snapshot.context.actionsFor : null
  return {
    topicId: topic._id,
    title: topic.name || null,
    membersCount: topic.members_count,
    isGroup: topic.is_group,
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
      firstUnreadId,
      focusedId: messages.find((m) => m.seq === snapshot.context.focusSeq)?._id ?? null,
      continued: runContinuations(messages, firstUnreadId),
      dayStarts: dayStarts(messages),
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
    sheet: {
      message: messages.find((m) => m._id === actionsFor) ?? null,
      onOpen: (message) => send({ type: 'OPEN_ACTIONS', messageId: message._id }),
      onClose: () => send({ type: 'CLOSE_ACTIONS' }),
    },
    messageActions: {
      onDelete: (message) => send({ type: 'DELETE', messageId: message._id }),
      onPin: (message) => send({ type: 'PIN', messageId: message._id, pin: !message.is_pin }),
      onForward: (message) => send({ type: 'FORWARD', message }),
      onRemovePreview: (message) => send({ type: 'REMOVE_PREVIEW', messageId: message._id }),
    },
  }
}
