import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { LogoMark } from '../logo'
import { Icon, type IconName } from '../icons'

export interface SidebarProps {
  chatHref: '/chat'
  onOpenNotifications: () => void
  onOpenSupport: () => void
  onOpenDocuments: () => void
}

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 justify-center md:justify-start'
const activeClass = 'bg-indigo-50 text-indigo-700 hover:bg-indigo-50 hover:text-indigo-700'

function Label({ children }: { children: ReactNode }) {
  return <span className="sr-only md:not-sr-only">{children}</span>
}

/** Spec section 2, sidebar: chats, contacts, utilities, calendar, notifications, pricing, support chat, documents. */
export function Sidebar({ chatHref, onOpenNotifications, onOpenSupport, onOpenDocuments }: SidebarProps) {
  const { t } = useLingui()
  const links: { to: '/chat' | '/contact' | '/utilities' | '/calendar' | '/pricing'; icon: IconName; label: string }[] = [
    { to: chatHref, icon: 'chat', label: t`Chats` },
    { to: '/contact', icon: 'contacts', label: t`Contacts` },
    { to: '/utilities', icon: 'utilities', label: t`Utilities` },
    { to: '/calendar', icon: 'calendar', label: t`Calendar` },
  ]
  const button = (icon: IconName, label: string, onClick: () => void) => (
    <li>
      <button type="button" onClick={onClick} className={itemClass} title={label}>
        <Icon name={icon} />
        <Label>{label}</Label>
      </button>
    </li>
  )
  return (
    <nav aria-label={t`Sidebar`} className="flex h-full w-16 shrink-0 flex-col border-r border-slate-200 bg-white md:w-60">
      <Link to="/home" className="flex h-14 items-center justify-center gap-2 border-b border-slate-200 px-3 md:justify-start" aria-label={t`Workroom home`}>
        <LogoMark className="h-8 w-8" />
        <span className="hidden text-lg font-bold tracking-tight text-slate-900 md:inline">Workroom</span>
      </Link>
      <ul className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={itemClass} activeProps={{ className: activeClass, 'aria-current': 'page' }} title={link.label}>
              <Icon name={link.icon} />
              <Label>{link.label}</Label>
            </Link>
          </li>
        ))}
        {button('bell', t`Notifications`, onOpenNotifications)}
        <li>
          <Link to="/pricing" className={itemClass} title={t`Pricing`}>
            <Icon name="pricing" />
            <Label>{t`Pricing`}</Label>
          </Link>
        </li>
        <li className="mt-auto" />
        {button('support', t`Support chat`, onOpenSupport)}
        {button('documents', t`Documents`, onOpenDocuments)}
      </ul>
    </nav>
  )
}
