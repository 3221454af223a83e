import { Trans } from '@lingui/react/macro'
import type { FriendStatusView } from '../../machines/friend-status/friend-status.view'
import { Avatar } from '../avatar'
import { initialsOf } from '../call-overlay/call-card'

export interface FriendRequestItemProps extends FriendStatusView {
  onAccept: () => void
  onReject: () => void
}

/** A person in the contact requests list with their friend status; a request has Accept and Reject. */
export function FriendRequestItem({ visible, name, photoUrl, status, canRespond, busy, error, onAccept, onReject }: FriendRequestItemProps) {
  if (!visible) return null
  const showActions = canRespond || busy !== null
  return (
    <li aria-label={name} aria-busy={busy !== null || undefined} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar photoUrl={photoUrl} initials={initialsOf(name)} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        <p className="text-xs text-slate-500">
          {status === 'friend' ? <Trans>Friend</Trans> : status === 'stranger' ? <Trans>Not a friend</Trans> : <Trans>Sent you a friend request</Trans>}
        </p>
        {error ? (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {error === 'accept' ? <Trans>Could not accept the friend request. Please try again.</Trans> : <Trans>Could not reject the friend request. Please try again.</Trans>}
          </p>
        ) : null}
      </div>
      {showActions ? (
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onReject}
            disabled={!canRespond}
            aria-busy={busy === 'rejecting' || undefined}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
          >
            <Trans>Reject</Trans>
          </button>
          <button
            type="button"
            onClick={onAccept}
            disabled={!canRespond}
            aria-busy={busy === 'accepting' || undefined}
            className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
          >
            <Trans>Accept</Trans>
          </button>
        </div>
      ) : null}
    </li>
  )
}
