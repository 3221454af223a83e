import { initialsOf } from '../session/session.rules'
import type { FriendStatusSnapshot } from './friend-status.machine'
import type { FriendStatusError, FriendStatusEvent } from './friend-status.types'

export type FriendStatusLabel = 'stranger' | 'requested' | 'friend'

/** A contact-request item's props and handlers. */
export interface FriendStatusProps {
  /** False once accepted or rejected: the list drops the item. */
  visible: boolean
  name: string
  photoUrl: string | null
  /** The avatar's letters when there is no photo. */
  initials: string
  status: FriendStatusLabel
  /** Accept and Reject show for a request. */
  canRespond: boolean
  busy: 'accepting' | 'rejecting' | null
  error: FriendStatusError | null
  onAccept: () => void
  onReject: () => void
}

/** Pure: snapshot and send -> a contact-request item's props and handlers. */
export function connect(snapshot: FriendStatusSnapshot, send: (event: FriendStatusEvent) => void): FriendStatusProps {
  const { name, photoUrl, removed, error } = snapshot.context
  const accepting = snapshot.matches('accepting')
  const rejecting = snapshot.matches('rejecting')
  return {
    visible: !removed,
    name,
    photoUrl,
    initials: initialsOf(name),
    status: snapshot.matches('friend') ? 'friend' : snapshot.matches('stranger') ? 'stranger' : 'requested',
    canRespond: snapshot.matches('requested'),
    busy: accepting ? 'accepting' : rejecting ? 'rejecting' : null,
    error,
    onAccept: () => send({ type: 'ACCEPT' }),
    onReject: () => send({ type: 'REJECT' }),
  }
}
