/**
 * The friend buttons bound to their runtime hook (useFriendStatus), one line each, for the routes
 * that show a list of people (each row its own friendStatus actor): the contact tabs, the privacy
 * page's blocked list, the notification drawer's friend requests, the 1:1 chat header and profiles.
 */
import type { Notification, NotificationActor } from '../../../contract/notify'
import type { ContactItem } from '../../machines/contact-list'
import type { FriendStatusInput } from '../../machines/friend-status'
import { useFriendStatus } from '../../services/friend-status'
import { FriendActions } from '../../ui/friend-status/friend-actions'
import { BlockedItem, FriendRequestItem } from '../../ui/friend-status/friend-request-item'

const inputOf = (item: ContactItem, over: Partial<FriendStatusInput>): FriendStatusInput => ({
  customerId: item._id,
  name: item.name,
  photoUrl: item.photo_url,
  friendStatus: 0,
  ...over,
})

/** A received friend request in a list: Accept / Reject, then it leaves the list. */
export function RequestRow({ item, onRemove }: { item: ContactItem; onRemove: (customerId: string) => void }) {
  return <FriendRequestItem {...useFriendStatus(inputOf(item, { incoming: true }), { onRemove })} />
}

/** A blocked person in a list: Unblock, then they leave the list. */
export function BlockedRow({ item, onRemove }: { item: ContactItem; onRemove: (customerId: string) => void }) {
  return <BlockedItem {...useFriendStatus(inputOf(item, { blocked: true }), { onRemove })} />
}

/** A person's friend buttons (and Block) as they stand now; `input.friendStatus` null looks them up first. */
export function PersonFriendActions({
  input,
  showBlock = true,
  compact = false,
  onRemove,
}: {
  input: FriendStatusInput
  showBlock?: boolean
  compact?: boolean
  onRemove?: (customerId: string, outcome: 'accepted' | 'rejected' | 'unblocked') => void
}) {
  return <FriendActions {...useFriendStatus(input, { onRemove })} showBlock={showBlock} compact={compact} />
}

/** A friend request in the notification drawer: Accept and Reject work in place (the item already says who asked). */
export function FriendNotificationActions({
  notification,
  onAccepted,
  onRemove,
}: {
  /** Accepted: the item stays, saying you are now friends (the server keeps it so). */
  onAccepted?: () => void
  /** Rejected: the drawer drops the item (the server removed it). */
  onRemove?: () => void
  /** A drawer item: the badge machine keeps what it shows; a friend request's fields are there when the server sent them. */
  notification: Partial<Pick<Notification, 'notifiable_type' | 'friend_status'>> & {
    customer?: (Pick<NotificationActor, 'name' | 'photo_url'> & { _id?: string }) | null
  }
}) {
  const customer = notification.customer
  if (!customer?._id || notification.notifiable_type !== 'friend' || notification.friend_status !== 1) return null
  return (
    <PersonFriendActions
      input={{ customerId: customer._id, name: customer.name, photoUrl: customer.photo_url, friendStatus: 0, incoming: true }}
      showBlock={false}
      compact
      onRemove={(_, outcome) => (outcome === 'accepted' ? onAccepted?.() : onRemove?.())}
    />
  )
}
