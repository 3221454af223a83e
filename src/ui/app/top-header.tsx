import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar } from '../avatar'
import { Icon } from '../icons'

export interface TopHeaderProps {
  name: string
  photoUrl: string | null
  initials: string
  languageSelector: ReactNode
  /** The 'Menu' button of the mobile nav (shown below 768px). */
  menuButton?: ReactNode
  /** The notification button (the only one: the sidebar has none). */
  notifications?: ReactNode
  /** The chat icon with its unread badge (below 768px; the sidebar's Chats link from there). */
  chats?: ReactNode
  /** The one search: people, groups, channels and messages. */
  search?: ReactNode
  /** The do-not-disturb menu. */
  dnd?: ReactNode
  /** Do not disturb is on: the avatar shows it. */
  dndActive?: boolean
  onOpenAccount: () => void
}

/**
 * The top header: search, upgrade link to pricing (from 640px; the menu has Pricing), chats (below
 * 768px), the calendar (from 640px; below, the menu has Calendar), notifications, language, do not disturb, and the account. It fits a 360px screen: every
 * control keeps its size and the search shrinks to its icon.
 */
export function TopHeader({
  name,
  photoUrl,
  initials,
  languageSelector,
  menuButton,
  notifications,
  chats,
  search,
  dnd,
  dndActive = false,
  onOpenAccount,
}: TopHeaderProps) {
  const { t } = useLingui()
  return (
    <header className="flex h-14 min-w-0 shrink-0 items-center gap-1 border-b border-slate-200 bg-white px-2 sm:gap-2 sm:px-4">
      {menuButton}
      {search}
      <div className="min-w-0 flex-1" />
      <Link
        to="/pricing"
        className="hidden h-10 shrink-0 items-center gap-1.5 rounded-md bg-amber-100 px-3 text-sm font-semibold text-amber-900 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-amber-600 sm:inline-flex"
      >
        <Icon name="upgrade" className="h-4 w-4" />
        <Trans>Upgrade</Trans>
      </Link>
      {chats}
      <Link
        to="/calendar"
        aria-label={t`Calendar`}
        title={t`Calendar`}
        className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:inline-flex"
      >
        <Icon name="calendar" />
      </Link>
      {notifications}
      <div className="shrink-0">{languageSelector}</div>
      {dnd}
      <button
        type="button"
        onClick={onOpenAccount}
        aria-label={t`${name}, account`}
        aria-haspopup="dialog"
        className="inline-flex shrink-0 items-center gap-2 rounded-full p-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:rounded-lg md:pr-3"
      >
        <span className="relative">
          <Avatar photoUrl={photoUrl} initials={initials} size={40} />
          {dndActive ? (
            <span
              className="absolute -right-0.5 -bottom-0.5 inline-flex rounded-full bg-white p-px text-violet-800 ring-1 ring-white"
              title={t`Do not disturb`}
            >
              <Icon name="moon" className="h-3.5 w-3.5" />
            </span>
          ) : null}
        </span>
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 md:inline">{name}</span>
      </button>
    </header>
  )
}
