import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Icon } from '../icons'
import { ChatUnreadBadge, type ChatUnreadBadgeProps } from '../notification-badge/chat-unread-badge'

/** The name of a link to the chats: "Chats", or "Chats, 3 unread". */
export function useChatsLabel({ count }: Pick<ChatUnreadBadgeProps, 'count'>) {
  const { t } = useLingui()
  return count > 0 ? t`Chats, ${count} unread` : t`Chats`
}

/** The header's chat icon below 768px (the sidebar's Chats link has it from there): unread topics on a badge capped at 10. */
export function ChatLink(props: ChatUnreadBadgeProps) {
  const label = useChatsLabel(props)
  return (
    <Link
      to="/chat"
      aria-label={label}
      className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
    >
      <Icon name="chat" />
      <ChatUnreadBadge {...props} />
    </Link>
  )
}
