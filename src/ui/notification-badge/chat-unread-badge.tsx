import type { ChatBadgeProps } from '../../machines/topic-list'

/** '1'..'10', '10+' above the cap, null for none; and the count. */
export type ChatUnreadBadgeProps = ChatBadgeProps

/**
 * The unread badge on a chats link (capped at 10: '10+'), shown only: the link's name carries the
 * count (useChatsLabel). Place it inside a positioned element.
 */
export function ChatUnreadBadge({ badge }: ChatUnreadBadgeProps) {
  if (badge === null) return null
  return (
    // Drawn by CSS from data-badge: no text inside the link, whose name ("Chats, 3 unread") must
    // contain the text it shows (axe label-content-name-mismatch).
    <span
      aria-hidden="true"
      data-badge={badge}
      className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white before:content-[attr(data-badge)]"
    />
  )
}
