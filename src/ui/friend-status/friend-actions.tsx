import { Trans, useLingui } from '@lingui/react/macro'
import type { FriendStatusError, FriendStatusProps } from '../../machines/friend-status'
import { Button } from '../button'
import { Confirmation } from '../confirmation'
import { LoadFailed } from '../load-failed'

/** What failed, in words; the server's own message follows when it gave one. */
export function FriendError({ error, detail }: { error: FriendStatusError; detail: string | null }) {
  return (
    <p role="alert" className="text-xs text-red-600">
      {error === 'send' ? (
        <Trans>Could not send the friend request.</Trans>
      ) : error === 'cancel' ? (
        <Trans>Could not cancel the friend request.</Trans>
      ) : error === 'accept' ? (
        <Trans>Could not accept the friend request.</Trans>
      ) : error === 'reject' ? (
        <Trans>Could not reject the friend request.</Trans>
      ) : error === 'unfriend' ? (
        <Trans>Could not remove this friend.</Trans>
      ) : error === 'block' ? (
        <Trans>Could not block this person.</Trans>
      ) : error === 'unblock' ? (
        <Trans>Could not unblock this person.</Trans>
      ) : (
        <Trans>Could not load this person.</Trans>
      )}{' '}
      {detail ?? <Trans>Please try again.</Trans>}
    </p>
  )
}

/** Unfriend and Block ask first, in place; unfriending someone who takes messages only from friends ends the chat, and it says so. */
function FriendConfirmation({ confirming, name, onlyFriendsMessage, onConfirm, onDismiss }: FriendStatusProps) {
  const { t } = useLingui()
  if (confirming === 'unfriend')
    return (
      <Confirmation
        label={t`Confirm unfriending ${name}`}
        confirm={<Trans>Yes, unfriend</Trans>}
        onConfirm={onConfirm}
        onCancel={onDismiss}
      >
        <p>
          <Trans>Remove {name} from your friends?</Trans>
        </p>
        {onlyFriendsMessage ? (
          <p className="mt-1 font-medium">
            <Trans>{name} takes messages only from friends: you will no longer be able to message them.</Trans>
          </p>
        ) : null}
      </Confirmation>
    )
  if (confirming === 'block')
    return (
      <Confirmation label={t`Confirm blocking ${name}`} confirm={<Trans>Yes, block</Trans>} onConfirm={onConfirm} onCancel={onDismiss}>
        <Trans>
          Block {name}? They can no longer message, call or add you, or find you in search. You can unblock them on the privacy page.
        </Trans>
      </Confirmation>
    )
  return null
}

/**
 * The friend buttons for one person: Add friend, Cancel request, Accept / Reject, Unfriend; Block /
 * Unblock when asked. `compact` (a notification that already says what happened) leaves out the status words.
 */
export function FriendActions(props: FriendStatusProps & { showBlock?: boolean; compact?: boolean }) {
  const { status, busy, error, errorDetail, showBlock = false, compact = false } = props
  if (status === 'loading') {
    return (
      <p role="status" className="text-xs text-slate-500">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  if (status === 'loadFailed') {
    return (
      <LoadFailed onRetry={props.onRetry}>
        <Trans>Could not load this person.</Trans>
      </LoadFailed>
    )
  }
  // What stands between you goes on its own line; the buttons share one row below it, so at 360 px
  // none of them wraps alone under the words (Block, a ghost button, closes the row).
  const words =
    status === 'requested' ? (
      <Trans>Friend request sent</Trans>
    ) : status === 'incoming' && !compact ? (
      <Trans>Sent you a friend request</Trans>
    ) : status === 'blocked' ? (
      <Trans>Blocked</Trans>
    ) : null
  return (
    <div className="flex flex-col items-start gap-1">
      {words ? <p className="text-xs font-medium text-slate-600">{words}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        {status === 'stranger' ? (
          <Button size="sm" onClick={props.onSend} disabled={!props.canSend} aria-busy={busy === 'sending' || undefined}>
            <Trans>Add friend</Trans>
          </Button>
        ) : status === 'requested' ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={props.onCancel}
            disabled={!props.canCancel}
            aria-busy={busy === 'cancelling' || undefined}
          >
            <Trans>Cancel request</Trans>
          </Button>
        ) : status === 'incoming' ? (
          <>
            <Button size="sm" onClick={props.onAccept} disabled={!props.canRespond} aria-busy={busy === 'accepting' || undefined}>
              <Trans>Accept</Trans>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={props.onReject}
              disabled={!props.canRespond}
              aria-busy={busy === 'rejecting' || undefined}
            >
              <Trans>Reject</Trans>
            </Button>
          </>
        ) : status === 'friend' ? (
          <>
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
              <Trans>Friends</Trans>
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={props.onUnfriend}
              disabled={!props.canUnfriend}
              aria-busy={busy === 'unfriending' || undefined}
            >
              <Trans>Unfriend</Trans>
            </Button>
          </>
        ) : null}
        {showBlock && status === 'blocked' ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={props.onUnblock}
            disabled={!props.canUnblock}
            aria-busy={busy === 'unblocking' || undefined}
          >
            <Trans>Unblock</Trans>
          </Button>
        ) : showBlock ? (
          <Button variant="ghost" size="sm" onClick={props.onBlock} disabled={!props.canBlock} aria-busy={busy === 'blocking' || undefined}>
            <Trans>Block</Trans>
          </Button>
        ) : null}
      </div>
      <FriendConfirmation {...props} />
      {error ? <FriendError error={error} detail={errorDetail} /> : null}
    </div>
  )
}
