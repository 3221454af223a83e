import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { initialsOf } from '../../machines/session/session.rules'
import type { Presence } from '../../../contract/presence'
import { Avatar } from '../avatar'
import { PresenceLine, StatusBadge } from '../presence/presence-text'
import { Icon } from '../icons'

/** The other person of a 1:1 chat, as its header links to their profile. */
export interface ChatPerson {
  workid: string
  photoUrl: string | null
  /** Their presence and custom status, when the user may see them (a dot on the avatar, "Active now" / "Last seen …"). */
  presence?: Presence | null
}

export interface ChatHeaderProps {
  topicId: string
  title: string
  isGroup: boolean
  membersCount: number
  /** In a 1:1 chat: the other person (their avatar and name link to their profile). */
  person: ChatPerson | null
  /** The chat's notification bell. */
  bell?: ReactNode
  /** The call buttons (voice and video), from 640 px. */
  calls?: ReactNode
  /** The same calls as items of "Chat options", below 640 px (the person's name keeps the room). */
  callItems?: ReactNode
  pinnedShown: boolean
  onTogglePinned: () => void
  /** More "Chat options" entries (MenuItem each): To-dos. */
  menuItems?: ReactNode
}

const iconButton =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600'

/**
 * The open chat's bar. Whose chat it is gets the room (a long name wraps to a second line before it
 * is cut): a 1:1 chat shows the person's avatar and name, linked to their profile; a group its name
 * and member count. Around it, icon buttons: Back (phones), voice and video call (in "Chat options" on phones), the bell,
 * and "Chat options" (chat info, pinned messages, to-dos).
 */
export function ChatHeader({
  topicId,
  title,
  isGroup,
  membersCount,
  person,
  bell,
  calls,
  callItems,
  pinnedShown,
  onTogglePinned,
  menuItems,
}: ChatHeaderProps) {
  const { t } = useLingui()
  const heading = <h1 className="line-clamp-2 break-words text-base font-semibold leading-tight text-slate-900">{title}</h1>
  return (
    <header className="flex min-h-14 shrink-0 items-center gap-1 border-b border-slate-200 px-2 py-1.5">
      <Link to="/chat/default" aria-label={t`Back to chats`} className={`${iconButton} md:hidden`}>
        <Icon name="back" />
      </Link>
      <div className="min-w-0 flex-1">
        {person ? (
          <Link
            to="/people/$workid"
            params={{ workid: person.workid }}
            className="flex min-w-0 items-center gap-2 rounded-md px-1 py-0.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Avatar photoUrl={person.photoUrl} initials={initialsOf(title)} size={40} presence={person.presence} />
            <span className="min-w-0">
              {heading}
              {person.presence?.status ? <StatusBadge status={person.presence.status} className="max-w-full" /> : null}
              {person.presence ? (
                <PresenceLine presence={person.presence} />
              ) : (
                <span className="block truncate text-xs text-slate-500">
                  <Trans>View profile</Trans>
                </span>
              )}
            </span>
          </Link>
        ) : (
          <div className="min-w-0 px-1">
            {heading}
            {isGroup ? (
              <p className="truncate text-xs text-slate-500">
                <Plural value={membersCount} one="# member" other="# members" />
              </p>
            ) : null}
          </div>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        {calls ? <div className="hidden items-center gap-0.5 sm:flex">{calls}</div> : null}
        {bell}
        <Menu>
          <MenuButton aria-label={t`Chat options`} className={iconButton}>
            <Icon name="more" />
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-30 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg [--anchor-gap:4px] focus:outline-none"
          >
            {callItems ? <div className="sm:hidden">{callItems}</div> : null}
            <MenuItem>
              <Link
                to="/chat/info/$topicId"
                params={{ topicId }}
                className="flex items-center gap-2 rounded px-2 py-2 text-slate-800 data-[focus]:bg-slate-100"
              >
                <Icon name="info" className="h-4 w-4 shrink-0" />
                <Trans>Chat info</Trans>
              </Link>
            </MenuItem>
            <MenuItem>
              <button
                type="button"
                onClick={onTogglePinned}
                className="flex w-full items-center gap-2 rounded px-2 py-2 text-left text-slate-800 data-[focus]:bg-slate-100"
              >
                <Icon name="pin" className="h-4 w-4 shrink-0" />
                {pinnedShown ? <Trans>Hide pinned messages</Trans> : <Trans>Show pinned messages</Trans>}
              </button>
            </MenuItem>
            {menuItems}
          </MenuItems>
        </Menu>
      </div>
    </header>
  )
}
