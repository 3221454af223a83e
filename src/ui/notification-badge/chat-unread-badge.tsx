import { useLingui } from '@lingui/react/macro'
import type { ChatBadgeProps } from '../../machines/topic-list'

/** '1'..'10', '10+' above the cap, null for none; and the count. */
export type ChatUnreadBadgeProps = ChatBadgeProps

/** The unread badge on the header's chat icon (capped at 10: '10+'). Place it inside the chat link. */
export function ChatUnreadBadge({ badge, count }: ChatUnreadBadgeProps) {
  const { t } = useLingui()
  if (badge === null) return null
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-500 px-1 text-center text-[11px] font-semibold leading-5 text-white"
      >
        {badge}
      </span>
      <span className="sr-only">{t`${count} unread chats`}</span>
    </>
  )
}
