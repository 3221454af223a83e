import { Trans } from '@lingui/react/macro'
import type { FriendStatusProps } from '../../machines/friend-status'
import { Avatar } from '../avatar'
import { Button } from '../button'
import { FriendError } from './friend-actions'

/** A person in the contact requests list: their request has Accept and Reject; answered, the item leaves the list. */
export function FriendRequestItem({
  visible,
  name,
  photoUrl,
  initials,
  status,
  canRespond,
  busy,
  error,
  errorDetail,
  onAccept,
  onReject,
}: FriendStatusProps) {
  if (!visible) return null
  const showActions = canRespond || busy === 'accepting' || busy === 'rejecting'
  return (
    <li aria-label={name} aria-busy={busy !== null || undefined} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar photoUrl={photoUrl} initials={initials} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        <p className="text-xs text-slate-500">
          {status === 'friend' ? (
            <Trans>Friend</Trans>
          ) : status === 'incoming' ? (
            <Trans>Sent you a friend request</Trans>
          ) : (
            <Trans>Not a friend</Trans>
          )}
        </p>
        {error ? <FriendError error={error} detail={errorDetail} /> : null}
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

/** A person in the blocked list, with Unblock; unblocked, the item leaves the list. */
export function BlockedItem({ visible, name, photoUrl, initials, canUnblock, busy, error, errorDetail, onUnblock }: FriendStatusProps) {
  if (!visible) return null
  return (
    <li aria-label={name} aria-busy={busy !== null || undefined} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar photoUrl={photoUrl} initials={initials} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        {error ? <FriendError error={error} detail={errorDetail} /> : null}
      </div>
      <Button variant="secondary" size="sm" onClick={onUnblock} disabled={!canUnblock} aria-busy={busy === 'unblocking' || undefined}>
        <Trans>Unblock</Trans>
      </Button>
    </li>
  )
}
