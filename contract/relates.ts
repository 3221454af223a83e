import { z } from 'zod'
import { objectId, pageNumber } from './common'
import { friendStatus } from './notify'

/**
 * Friends, contacts and blocking (relates/*, workid/list-friends, workid/customer, contact).
 * A friend the caller archived leaves their contact list (GET contact) for relates/list-archived;
 * they stay a friend everywhere else (workid/list-friends, the privacy rules).
 * friend_status, as the caller sees the other person: 0 and 2 stranger, 1 requested (the caller
 * asked), 3 friend; `incoming` says the other person asked the caller (friend_status is then 0).
 */

/** POST relates/* {customer_id}. */
export const customerIdBody = z.strictObject({ customer_id: objectId })
export type CustomerIdBody = z.infer<typeof customerIdBody>

/** A person as contact lists show them. */
export const contactItem = z.object({
  _id: z.string(),
  name: z.string(),
  workid: z.string(),
  photo_url: z.string().nullable(),
})
export type ContactItem = z.infer<typeof contactItem>

/** A person as the caller relates to them: the friend buttons and the block button read it. */
export const person = contactItem.extend({
  friend_status: friendStatus,
  /** They asked the caller to be friends (accept or reject). */
  incoming: z.boolean(),
  /** The caller blocked them. */
  blocked: z.boolean(),
  /** They take messages only from friends: a stranger's Message would be refused (and unfriending them ends the chat). */
  only_friends_message: z.boolean(),
})
export type Person = z.infer<typeof person>

/** POST relates/archive, relates/unarchive: whether the friend is now in the caller's Archived tab. */
export const archiveState = z.object({
  _id: z.string(),
  /** Archived by the caller (their own view only: the other person sees nothing change). */
  archived: z.boolean(),
})
export type ArchiveState = z.infer<typeof archiveState>

/** GET workid/customer: one person by workid or id. */
export const personQuery = z.union([z.object({ customer_id: objectId }), z.object({ workid: z.string().trim().min(1).max(64) })])
export type PersonQuery = z.infer<typeof personQuery>

/** GET workid/list-friends?status=2: the caller's friends (status 2 is the only list there is). */
export const listFriendsQuery = z.object({ status: z.coerce.number().pipe(z.literal(2)).default(2) })
export type ListFriendsQuery = z.infer<typeof listFriendsQuery>

/** GET contact, relates/list-friend, relates/list-block, relates/list-archived: 20 per page. */
export const contactPageQuery = z.object({ page: pageNumber })
export type ContactPageQuery = z.infer<typeof contactPageQuery>
