import { LIMITS } from '../../../contract/limits'
import { initialsOf } from '../session/session.rules'
import { activityOf, type TopicListSnapshot } from './topic-list.machine'
import type { LastMessageType, TopicItem, TopicListEvent } from './topic-list.types'

/** What the last-message line says. */
export type TopicPreview =
  | { kind: 'none' }
  | { kind: 'deleted' }
  | { kind: 'callOngoing' }
  | { kind: 'callEnded' }
  | { kind: 'text'; text: string; type: LastMessageType }
  /** A group reminder's message (its text is JSON): its title ('' when it cannot be read). */
  | { kind: 'reminder'; title: string }

/**
 * A reminder message's title from its JSON text, which the list's preview may have cut short (the
 * title is then read up to the cut); '' when there is none.
 */
export function reminderTitleOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { title?: unknown }
    if (typeof parsed?.title === 'string') return parsed.title
  } catch {
    const cut = /"title":"((?:[^"\\]|\\.)*)/.exec(text)?.[1]
    if (cut !== undefined)
      try {
        return JSON.parse(`"${cut.replace(/\\$/, '')}"`) as string
      } catch {
        return ''
      }
  }
  return ''
}

export interface TopicRowView {
  id: string
  /** null: the topic has no name (the view says 'New Message'). */
  name: string | null
  isGroup: boolean
  /** A group's picture, or the other person's photo in a 1:1 chat. */
  photoUrl: string | null
  /** The avatar's letters when there is no picture. */
  initials: string
  pinned: boolean
  unread: boolean
  preview: TopicPreview
  /** The user's unsent draft of the chat, shown instead of its last message; null when none, and for the chat open now. */
  draft: string | null
  /** The other person of a 1:1 chat (the row shows their presence); null for a group. */
  partnerId: string | null
  /** ISO time of the latest activity. */
  at: string
}

/** The Hidden chats view: null while closed. */
export interface HiddenChatsView {
  status: 'loading' | 'failed' | 'ready'
  topics: TopicRowView[]
}

export interface TopicListProps {
  status: 'loading' | 'failed' | 'ready'
  topics: TopicRowView[]
  hiddenChats: HiddenChatsView | null
  onPin: (topicId: string) => void
  onUnpin: (topicId: string) => void
  onHide: (topicId: string) => void
  /** Undo of a hide, or Unhide in the Hidden chats view. */
  onUnhide: (topicId: string) => void
  onShowHidden: () => void
  onCloseHidden: () => void
  onRetryHidden: () => void
  /** Marks a topic read when it shows unread, unread otherwise. */
  onToggleSeen: (topicId: string, unread: boolean) => void
  onRetry: () => void
  /** A topic the user was added to (a group they created): it joins the list. */
  onAdded: (topic: TopicItem) => void
}

const rowOf = (topic: TopicItem, openTopicId: string | null = null): TopicRowView => {
  const message = topic.message
  const preview: TopicPreview = !message
    ? { kind: 'none' }
    : message.deleted
      ? { kind: 'deleted' }
      : message.type === 'call'
        ? { kind: topic.in_call ? 'callOngoing' : 'callEnded' }
        : message.type === 'reminder'
          ? { kind: 'reminder', title: reminderTitleOf(message.message) }
          : { kind: 'text', text: message.message, type: message.type }
  return {
    id: topic._id,
    name: topic.name || null,
    isGroup: topic.is_group,
    photoUrl: (topic.is_group ? topic.image : topic.photo_url) ?? null,
    initials: initialsOf(topic.name),
    pinned: topic.is_pin,
    unread: !topic.is_seen,
    preview,
    draft: topic.draft?.trim() && topic._id !== openTopicId ? topic.draft : null,
    partnerId: topic.is_group ? null : (topic.partner_id ?? null),
    at: activityOf(topic),
  }
}

const hiddenChatsOf = (snapshot: TopicListSnapshot): HiddenChatsView | null => {
  if (!snapshot.matches('ready') || snapshot.matches({ ready: { hiddenChats: 'closed' } })) return null
  return {
    status: snapshot.matches({ ready: { hiddenChats: 'loading' } })
      ? 'loading'
      : snapshot.matches({ ready: { hiddenChats: 'failed' } })
        ? 'failed'
        : 'ready',
    topics: snapshot.context.hidden.map((topic) => rowOf(topic)),
  }
}

/** Pure: snapshot -> the chat list rows, in the machine's order, and its handlers. */
export function connect(snapshot: TopicListSnapshot, send: (event: TopicListEvent) => void): TopicListProps {
  return {
    onPin: (topicId) => send({ type: 'PIN', topicId }),
    onUnpin: (topicId) => send({ type: 'UNPIN', topicId }),
    onHide: (topicId) => send({ type: 'HIDE', topicId }),
    onUnhide: (topicId) => send({ type: 'UNHIDE', topicId }),
    onShowHidden: () => send({ type: 'SHOW_HIDDEN' }),
    onCloseHidden: () => send({ type: 'CLOSE_HIDDEN' }),
    onRetryHidden: () => send({ type: 'RETRY_HIDDEN' }),
    onToggleSeen: (topicId, unread) => send({ type: unread ? 'SEEN' : 'UNSEEN', topicId }),
    onRetry: () => send({ type: 'RETRY' }),
    onAdded: (topic) => send({ type: 'MEMBER_ADDED', topic }),
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    topics: snapshot.context.topics.map((topic) => rowOf(topic, snapshot.context.openTopicId)),
    hiddenChats: hiddenChatsOf(snapshot),
  }
}

/** The header's chat icon badge shows this many unread chats at most, then 'cap+'. */
export const CHAT_BADGE_CAP = LIMITS.unreadBadgeCap

/** The chat icon's badge: null at 0, the number up to the cap, 'cap+' above. */
export const chatBadgeOf = (count: number): string | null =>
  count <= 0 ? null : count > CHAT_BADGE_CAP ? `${CHAT_BADGE_CAP}+` : String(count)

/** The header chat icon's unread badge: the chats of the list that show unread. */
export interface ChatBadgeProps {
  badge: string | null
  count: number
}

/** Pure: snapshot -> the header's unread chats badge, counted from the list (no request of its own). */
export function connectBadge(snapshot: TopicListSnapshot): ChatBadgeProps {
  const count = snapshot.context.topics.filter((topic) => !topic.is_seen).length
  return { badge: chatBadgeOf(count), count }
}
