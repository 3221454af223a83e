import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ContactItem, ContactMoveProps } from '../../machines/contact-list'
import { initialsOf } from '../../machines/session/session.rules'
import { PersonStatus, PresenceAvatar } from '../presence/presence-context'
import { Button, buttonClass } from '../button'

/**
 * A friend in the contact list: avatar, name, Work ID, a Chat button and the call buttons; in the
 * Friends tab Archive, in the Archived tab Unarchive (`move`), which takes the card to the other tab.
 */
export function ContactCard({ item, move = null, calls = null }: { item: ContactItem; move?: ContactMoveProps | null; calls?: ReactNode }) {
  const { t } = useLingui()
  const name = item.name
  const moving = move?.movingId === item._id
  const failure = move?.failure?.customerId === item._id ? move.failure : null
  return (
    <li aria-label={name} aria-busy={moving || undefined} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <PresenceAvatar userId={item._id} photoUrl={item.photo_url} initials={initialsOf(name)} size={48} />
      {/* The name keeps room for itself: on a phone the buttons go to a line of their own. */}
      <div className="min-w-36 flex-1">
        <Link
          to="/people/$workid"
          params={{ workid: item.workid }}
          className="block truncate text-sm font-medium text-slate-900 hover:underline"
        >
          {name}
        </Link>
        <p className="truncate text-xs text-slate-500">@{item.workid}</p>
        <PersonStatus userId={item._id} className="max-w-full" />
        {failure && move ? (
          <p role="alert" className="text-xs text-red-600">
            {move.action === 'archive' ? <Trans>Could not archive this friend.</Trans> : <Trans>Could not unarchive this friend.</Trans>}{' '}
            {failure.detail ?? <Trans>Please try again.</Trans>}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/$workid" params={{ workid: item.workid }} className={buttonClass('secondary', 'sm')} aria-label={t`Chat with ${name}`}>
          <Trans>Chat</Trans>
        </Link>
        {calls}
        {move ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => move.onMove(item._id)}
            disabled={move.movingId !== null}
            aria-busy={moving || undefined}
            aria-label={move.action === 'archive' ? t`Archive ${name}` : t`Unarchive ${name}`}
          >
            {move.action === 'archive' ? <Trans>Archive</Trans> : <Trans>Unarchive</Trans>}
          </Button>
        ) : null}
      </div>
    </li>
  )
}
