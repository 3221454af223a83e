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
  /** The notification button. */
  notifications?: ReactNode
  /** The chat icon with its unread badge. */
  chats?: ReactNode
  /** The people search input, and the global search (people, groups, channels, messages). */
  search?: ReactNode
  globalSearch?: ReactNode
  /** The do-not-disturb menu. */
  dnd?: ReactNode
  /** Do not disturb is on: the avatar shows it. */
  dndActive?: boolean
  onOpenAccount: () => void
}

/** The top header: people search, global search, upgrade link to pricing, notifications, do not disturb, language selector, user menu. */
export function TopHeader({
  name,
  photoUrl,
  initials,
  languageSelector,
  menuButton,
  notifications,
  chats,
  search,
  globalSearch,
  dnd,
  dndActive = false,
  onOpenAccount,
}: TopHeaderProps) {
  const { t } = useLingui()
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-4">
      {menuButton}
      {search}
      <div className="flex-1" />
      {globalSearch}
      <Link
        to="/pricing"
        className="inline-flex h-9 items-center gap-1.5 rounded-md bg-amber-100 px-3 text-sm font-semibold text-amber-900 hover:bg-amber-200 focus-visible:outline-2 focus-visible:outline-amber-600"
      >
        <Icon name="upgrade" className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">
          <Trans>Upgrade</Trans>
        </span>
      </Link>
      {chats}
      {notifications}
      {languageSelector}
      {dnd}
      <button
        type="button"
        onClick={onOpenAccount}
        aria-label={t`Account`}
        aria-haspopup="dialog"
        className="inline-flex items-center gap-2 rounded-full p-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:rounded-lg md:pr-3"
      >
        <span className="relative">
          <Avatar photoUrl={photoUrl} initials={initials} size={40} />
          {dndActive ? (
            <span className="absolute -right-0.5 -bottom-0.5 rounded-full bg-white text-xs leading-none" title={t`Do not disturb`}>
              🌙
            </span>
          ) : null}
        </span>
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 md:inline">{name}</span>
      </button>
    </header>
  )
}
