import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { Icon } from '../icons'
import { ChatUnreadBadge, type ChatUnreadBadgeProps } from '../notification-badge/chat-unread-badge'

/** The header's chat icon: unread topics on a badge capped at 10. */
export function ChatLink(props: ChatUnreadBadgeProps) {
  const { t } = useLingui()
  return (
    <Link
      to="/chat"
      title={t`Chats`}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <Icon name="chat" />
      <span className="sr-only">{t`Chats`}</span>
      <ChatUnreadBadge {...props} />
    </Link>
  )
}
