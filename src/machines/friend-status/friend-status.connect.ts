import { initialsOf } from '../session/session.rules'
import { FRIEND_STATUS, type FriendStatusSnapshot } from './friend-status.machine'
import type { FriendStatusContext, FriendStatusError, FriendStatusEvent } from './friend-status.types'

export type FriendStatusLabel = 'loading' | 'loadFailed' | 'stranger' | 'requested' | 'incoming' | 'friend' | 'blocked'
export type FriendStatusBusy = 'sending' | 'cancelling' | 'accepting' | 'rejecting' | 'unfriending' | 'blocking' | 'unblocking'

/** The props and handlers of every friend button (profile, chat header, request item, blocked item). */
export interface FriendStatusProps {
  /** False once the item left its list (accepted, rejected, unblocked). */
  visible: boolean
  customerId: string
  name: string
  photoUrl: string | null
  /** The avatar's letters when there is no photo. */
  initials: string
  status: FriendStatusLabel
  busy: FriendStatusBusy | null
  /** Add friend shows for a stranger. */
  canSend: boolean
  /** Cancel request shows while my request waits. */
  canCancel: boolean
  /** Accept and Reject show for their request. */
  canRespond: boolean
  canUnfriend: boolean
  /** Block shows while the person is not blocked; Unblock while they are. */
  canBlock: boolean
  canUnblock: boolean
  error: FriendStatusError | null
  /** The server's words for the failure, when it gave them. */
  errorDetail: string | null
  /** Unfriend and Block ask first: the question on screen. */
  confirming: 'unfriend' | 'block' | null
  /** They take messages only from friends (null: not known): the Unfriend question warns that the chat ends. */
  onlyFriendsMessage: boolean | null
  onSend: () => void
  onCancel: () => void
  onAccept: () => void
  onReject: () => void
  onUnfriend: () => void
  onBlock: () => void
  onUnblock: () => void
  onConfirm: () => void
  onDismiss: () => void
  onRetry: () => void
}

const BUSY: readonly FriendStatusBusy[] = ['sending', 'cancelling', 'accepting', 'rejecting', 'unfriending', 'blocking', 'unblocking']

/** What the person is to me while a call is on its way: what it started from. */
function settledLabel(context: FriendStatusContext): FriendStatusLabel {
  if (context.blocked) return 'blocked'
  if (context.friendStatus === FRIEND_STATUS.friend) return 'friend'
  if (context.incoming) return 'incoming'
  if (context.friendStatus === FRIEND_STATUS.requested) return 'requested'
  return 'stranger'
}

/** Pure: snapshot and send -> the friend buttons' props and handlers. */
export function connect(snapshot: FriendStatusSnapshot, send: (event: FriendStatusEvent) => void): FriendStatusProps {
  const { context } = snapshot
  const busy = BUSY.find((state) => snapshot.matches(state)) ?? null
  const status: FriendStatusLabel =
    snapshot.matches('loading') || snapshot.matches('resolving')
      ? 'loading'
      : snapshot.matches('loadFailed')
        ? 'loadFailed'
        : settledLabel(context)
  const confirming = snapshot.matches('confirmingUnfriend') ? 'unfriend' : snapshot.matches('confirmingBlock') ? 'block' : null
  const settled = busy === null && confirming === null && status !== 'loading' && status !== 'loadFailed'
  return {
    visible: !context.removed,
    customerId: context.customerId,
    name: context.name,
    photoUrl: context.photoUrl,
    initials: initialsOf(context.name),
    status,
    busy,
    canSend: settled && snapshot.matches('stranger'),
    canCancel: settled && snapshot.matches('requested'),
    canRespond: settled && snapshot.matches('incoming'),
    canUnfriend: settled && snapshot.matches('friend'),
    canBlock: settled && !snapshot.matches('blocked'),
    canUnblock: settled && snapshot.matches('blocked'),
    error: context.error,
    errorDetail: context.errorDetail,
    confirming,
    onlyFriendsMessage: context.onlyFriendsMessage,
    onSend: () => send({ type: 'SEND' }),
    onCancel: () => send({ type: 'CANCEL' }),
    onAccept: () => send({ type: 'ACCEPT' }),
    onReject: () => send({ type: 'REJECT' }),
    onUnfriend: () => send({ type: 'UNFRIEND' }),
    onBlock: () => send({ type: 'BLOCK' }),
    onUnblock: () => send({ type: 'UNBLOCK' }),
    onConfirm: () => send({ type: 'CONFIRM' }),
    onDismiss: () => send({ type: 'DISMISS' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}
