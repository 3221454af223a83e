import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ContactItem } from '../../machines/contact-list'
import { initialsOf } from '../../machines/session/session.rules'
import { Avatar } from '../avatar'
import { buttonClass } from '../button'

/** A friend in the contact list: avatar, name, Work ID, and buttons for chat and call. */
export function ContactCard({ item }: { item: ContactItem }) {
  const { t } = useLingui()
  const name = item.name
  return (
    <li aria-label={name} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar photoUrl={item.photo_url} initials={initialsOf(name)} size={48} />
      <div className="min-w-0 flex-1">
        <Link to="/people/$workid" params={{ workid: item.workid }} className="block truncate text-sm font-medium text-slate-900 hover:underline">
          {name}
        </Link>
        <p className="truncate text-xs text-slate-500">@{item.workid}</p>
      </div>
      <div className="flex gap-2">
        <Link to="/$workid" params={{ workid: item.workid }} className={buttonClass('secondary', 'sm')} aria-label={t`Chat with ${name}`}>
          <Trans>Chat</Trans>
        </Link>
        {/* Calls come with the call module; until then the button says so. */}
        <span title={t`Calls are not available yet`}>
          <button type="button" disabled aria-label={t`Call ${name} (not available yet)`} className={buttonClass('secondary', 'sm')}>
            <Trans>Call</Trans>
          </button>
        </span>
      </div>
    </li>
  )
}
