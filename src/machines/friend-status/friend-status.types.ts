import type { FriendStatus } from '../../../contract/notify'

/** The wire values of friend_status: 0 stranger, 1 requested, 2 declined, 3 friend. */
export type { FriendStatus }

export interface FriendStatusInput {
  customerId: string
  name: string
  photoUrl: string | null
  friendStatus: FriendStatus
}

export type FriendStatusError = 'accept' | 'reject'

export interface FriendStatusContext extends FriendStatusInput {
  /** The item left its list (after accept or reject). */
  removed: boolean
  error: FriendStatusError | null
}

export type FriendStatusEvent = { type: 'ACCEPT' } | { type: 'REJECT' }

/** POST relates/accept-friend and relates/no-friend. */
export interface RelateInput {
  customer_id: string
}
