import type { FriendStatusSnapshot } from './friend-status.machine'

export type FriendStatusLabel = 'stranger' | 'requested' | 'friend'

export interface FriendStatusView {
  /** False once accepted or rejected: the list drops the item. */
  visible: boolean
  name: string
  photoUrl: string | null
  status: FriendStatusLabel
  /** Accept and Reject show for a request. */
  canRespond: boolean
  busy: 'accepting' | 'rejecting' | null
  error: 'accept' | 'reject' | null
}

/** Pure: snapshot -> the props of a contact-request item. */
export function friendStatusView(snapshot: FriendStatusSnapshot): FriendStatusView {
  const { name, photoUrl, removed, error } = snapshot.context
  const accepting = snapshot.matches('accepting')
  const rejecting = snapshot.matches('rejecting')
  return {
    visible: !removed,
    name,
    photoUrl,
    status: snapshot.matches('friend') ? 'friend' : snapshot.matches('stranger') ? 'stranger' : 'requested',
    canRespond: snapshot.matches('requested'),
    busy: accepting ? 'accepting' : rejecting ? 'rejecting' : null,
    error,
  }
}
