import { Trans } from '@lingui/react/macro'
import type { FriendStatusProps } from '../../machines/friend-status'
import { Avatar } from '../avatar'
import { Button } from '../button'

/** A person in the contact requests list with their friend status; a request has Accept and Reject. */
export function FriendRequestItem({ visible, name, photoUrl, initials, status, canRespond, busy, error, onAccept, onReject }: FriendStatusProps) {
  if (!visible) return null
  const showActions = canRespond || busy !== null
  return (
    <li aria-label={name} aria-busy={busy !== null || undefined} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar photoUrl={photoUrl} initials={initials} size={40} />
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
          <Button variant="secondary" size="sm" onClick={onReject} disabled={!canRespond} aria-busy={busy === 'rejecting' || undefined}>
            <Trans>Reject</Trans>
          </Button>
          <Button size="sm" onClick={onAccept} disabled={!canRespond} aria-busy={busy === 'accepting' || undefined}>
            <Trans>Accept</Trans>
          </Button>
        </div>
      ) : null}
    </li>
  )
}
