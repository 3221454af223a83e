import type { ReactNode } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import type { ChatHref } from '../../machines/session/session.connect'
import { LogoMark } from '../logo'
import { Icon, type IconName } from '../icons'
import { ChatUnreadBadge, type ChatUnreadBadgeProps } from '../notification-badge/chat-unread-badge'
import { useChatsLabel } from './chat-link'

export interface SidebarProps {
  /** /chat, or the user's current channel's chat (/chat/channel/<id>). */
  chatHref: ChatHref
  /** The unread chats on the Chats link's badge (and in its name). */
  chatBadge: ChatUnreadBadgeProps
  onOpenSupport: () => void
  onOpenDocuments: () => void
  /** Meeting now: the dialog that starts an instant meeting or joins one by code. */
  onOpenMeeting: () => void
  /** At the top: the channel switcher (the current channel's name, or its avatar in the narrow rail). */
  channelMenu?: ReactNode
  /**
   * 'rail': the layout's column from 768px (icons only below 1024px, with labels from 1024px);
   * 'drawer': inside the mobile nav drawer below 768px (always with labels).
   */
  variant?: 'rail' | 'drawer'
}

const itemBase =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600'
const activeClass = 'bg-indigo-50 text-indigo-700 hover:bg-indigo-50 hover:text-indigo-700'

/**
 * The sidebar: the channel switcher, chats, contacts, to-dos, the calendar, meeting now, pricing, settings, support chat, documents.
 * (The notifications are the header's bell, at every width.)
 */
export function Sidebar({
  chatHref,
  chatBadge,
  onOpenSupport,
  onOpenDocuments,
  onOpenMeeting,
  channelMenu,
  variant = 'rail',
}: SidebarProps) {
  const { t } = useLingui()
  const chatsLabel = useChatsLabel(chatBadge)
  const rail = variant === 'rail'
  const itemClass = rail ? `${itemBase} justify-center lg:justify-start` : itemBase
  const label = (text: string) => (rail ? <span className="sr-only lg:not-sr-only">{text}</span> : <span>{text}</span>)
  const chatActive = useRouterState({
    select: (state) => state.location.pathname === '/chat' || state.location.pathname.startsWith('/chat/'),
  })
  const channelId = chatHref.startsWith('/chat/channel/') ? decodeURIComponent(chatHref.slice('/chat/channel/'.length)) : null
  const links: { to: '/chat' | '/contact' | '/todo' | '/calendar'; icon: IconName; label: string }[] = [
    { to: '/chat', icon: 'chat', label: t`Chats` },
    { to: '/contact', icon: 'contacts', label: t`Contacts` },
    { to: '/todo', icon: 'todo', label: t`To-dos` },
    { to: '/calendar', icon: 'calendar', label: t`Calendar` },
  ]
  // The Chats link's icon carries the unread badge; its name says the count once ("Chats, 2 unread").
  const chatsIcon = (
    <span className="relative inline-flex">
      <Icon name="chat" />
      <ChatUnreadBadge {...chatBadge} />
    </span>
  )
  const button = (icon: IconName, text: string, onClick: () => void) => (
    <li>
      <button type="button" onClick={onClick} className={itemClass} title={rail ? text : undefined}>
        <Icon name={icon} />
        {label(text)}
      </button>
    </li>
  )
  const list = (
    <ul className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
      {channelMenu ? <li className="mb-1 border-b border-slate-100 pb-2">{channelMenu}</li> : null}
      {links.map((link) => (
        <li key={link.to}>
          {link.to === '/chat' && channelId ? (
            // The user's channel chat: active on every chat page, like the plain /chat link.
            <Link
              to="/chat/channel/$channelId"
              params={{ channelId }}
              className={chatActive ? `${itemClass} ${activeClass}` : itemClass}
              aria-current={chatActive ? 'page' : undefined}
              aria-label={chatsLabel}
              title={rail ? link.label : undefined}
            >
              {chatsIcon}
              {label(link.label)}
            </Link>
          ) : (
            <Link
              to={link.to}
              className={itemClass}
              activeProps={{ className: activeClass, 'aria-current': 'page' }}
              aria-label={link.to === '/chat' ? chatsLabel : undefined}
              title={rail ? link.label : undefined}
            >
              {link.to === '/chat' ? chatsIcon : <Icon name={link.icon} />}
              {label(link.label)}
            </Link>
          )}
        </li>
      ))}
      {button('video', t`Meeting now`, onOpenMeeting)}
      <li>
        <Link to="/pricing" className={itemClass} title={rail ? t`Pricing` : undefined}>
          <Icon name="pricing" />
          {label(t`Pricing`)}
        </Link>
      </li>
      <li className="mt-auto">
        <Link
          to="/setting"
          className={itemClass}
          activeProps={{ className: activeClass, 'aria-current': 'page' }}
          title={rail ? t`Settings` : undefined}
        >
          <Icon name="settings" />
          {label(t`Settings`)}
        </Link>
      </li>
      {button('support', t`Support chat`, onOpenSupport)}
      {button('documents', t`Documents`, onOpenDocuments)}
    </ul>
  )
  if (!rail) {
    return (
      <nav aria-label={t`Sidebar`} className="flex min-h-0 flex-1 flex-col">
        {list}
      </nav>
    )
  }
  return (
    <nav aria-label={t`Sidebar`} className="hidden h-full w-16 shrink-0 flex-col border-r border-slate-200 bg-white md:flex lg:w-60">
      <Link
        to="/home"
        className="flex h-14 items-center justify-center gap-2 border-b border-slate-200 px-3 lg:justify-start"
        aria-label={t`Workroom home`}
      >
        <LogoMark className="h-8 w-8" />
        <span className="hidden text-lg font-bold tracking-tight text-slate-900 lg:inline">Workroom</span>
      </Link>
      {list}
    </nav>
  )
}
