import type { FriendStatus } from '../../../contract/notify'
import type { Person } from '../../../contract/relates'

/** The wire values of friend_status: 0 and 2 stranger, 1 requested (I asked), 3 friend. */
export type { FriendStatus, Person }

export interface FriendStatusInput {
  customerId: string
  name: string
  photoUrl: string | null
  /** null: not known yet, the machine looks the person up (workid/customer). */
  friendStatus: FriendStatus | null
  /** They asked me (a contact request). */
  incoming?: boolean
  /** I blocked them. */
  blocked?: boolean
  /** They take messages only from friends (null: not known). */
  onlyFriendsMessage?: boolean | null
}

/** Which call failed. */
export type FriendStatusError = 'load' | 'send' | 'cancel' | 'accept' | 'reject' | 'unfriend' | 'block' | 'unblock'

export interface FriendStatusContext {
  customerId: string
  name: string
  photoUrl: string | null
  friendStatus: FriendStatus | null
  incoming: boolean
  blocked: boolean
  /** They take messages only from friends (null: not known): unfriending them ends the chat. */
  onlyFriendsMessage: boolean | null
  /** The item left its list (a request accepted or rejected, a person unblocked). */
  removed: boolean
  error: FriendStatusError | null
  /** The server's own words for the failure (e.g. 'You cannot contact this person.'), when it gave them. */
  errorDetail: string | null
}

export type FriendStatusEvent =
  | { type: 'SEND' }
  | { type: 'CANCEL' }
  | { type: 'ACCEPT' }
  | { type: 'REJECT' }
  | { type: 'UNFRIEND' }
  | { type: 'BLOCK' }
  | { type: 'UNBLOCK' }
  /** Answers the question Unfriend and Block ask first. */
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' }
  /** Look the person up again (a friend notification about them arrived). */
  | { type: 'REFRESH' }
  | { type: 'RETRY' }

/** POST relates/* {customer_id}. */
export interface RelateInput {
  customer_id: string
}
