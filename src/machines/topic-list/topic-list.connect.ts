import { LIMITS } from '../../../contract/limits'
import { activityOf, type TopicListSnapshot } from './topic-list.machine'
import type { LastMessageType, TopicItem, TopicListEvent } from './topic-list.types'

/** What the last-message line says. */
export type TopicPreview =
  | { kind: 'none' }
  | { kind: 'deleted' }
  | { kind: 'callOngoing' }
  | { kind: 'callEnded' }
  | { kind: 'text'; text: string; type: LastMessageType }

export interface TopicRowView {
  id: string
  /** null: the topic has no name (the view says 'New Message'). */
  name: string | null
  isGroup: boolean
  pinned: boolean
  unread: boolean
  preview: TopicPreview
  /** ISO time of the latest activity. */
  at: string
}

export interface TopicListProps {
  status: 'loading' | 'failed' | 'ready'
  topics: TopicRowView[]
  onPin: (topicId: string) => void
  onUnpin: (topicId: string) => void
  onHide: (topicId: string) => void
  /** Marks a topic read when it shows unread, unread otherwise. */
  onToggleSeen: (topicId: string, unread: boolean) => void
  onRetry: () => void
  /** A topic the user was added to (a group they created): it joins the list. */
  onAdded: (topic: TopicItem) => void
}

/** Pure: snapshot -> the chat list rows, in the machine's order, and its handlers. */
export function connect(snapshot: TopicListSnapshot, send: (event: TopicListEvent) => void): TopicListProps {
  return {
    onPin: (topicId) => send({ type: 'PIN', topicId }),
    onUnpin: (topicId) => send({ type: 'UNPIN', topicId }),
    onHide: (topicId) => send({ type: 'HIDE', topicId }),
    onToggleSeen: (topicId, unread) => send({ type: unread ? 'SEEN' : 'UNSEEN', topicId }),
    onRetry: () => send({ type: 'RETRY' }),
    onAdded: (topic) => send({ type: 'MEMBER_ADDED', topic }),
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    topics: snapshot.context.topics.map((topic) => {
      const message = topic.message
      const preview: TopicPreview = !message
        ? { kind: 'none' }
        : message.deleted
          ? { kind: 'deleted' }
          : message.type === 'call'
            ? { kind: topic.in_call ? 'callOngoing' : 'callEnded' }
            : { kind: 'text', text: message.message, type: message.type }
      return {
        id: topic._id,
        name: topic.name || null,
        isGroup: topic.is_group,
        pinned: topic.is_pin,
        unread: !topic.is_seen,
        preview,
        at: activityOf(topic),
      }
    }),
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
