import { endpoints } from '../../../contract/endpoints'
import type { ArchiveState, ContactItem, Person } from '../../../contract/relates'
import { failingWithMessage } from '../failure'
import { call } from '../http'

/**
 * The friends, contacts and blocking calls (contract/endpoints.ts, tag 'relates'). Quiet: the
 * friend buttons and lists say themselves what failed; a failure is rethrown by failingWithMessage
 * with the server's message, or an empty one (e.g. 'You cannot contact this person.').
 */
const quiet = { quiet: true }

export const personById = (customerId: string): Promise<Person> =>
  failingWithMessage(call(endpoints.personLookup, { customer_id: customerId }, quiet), '')
export const personByWorkid = (workid: string): Promise<Person> => failingWithMessage(call(endpoints.personLookup, { workid }, quiet), '')

type Relate = (customerId: string) => Promise<Person>
const relate =
  (
    endpoint: (typeof endpoints)[
      'addFriend' | 'cancelFriend' | 'acceptFriend' | 'rejectFriend' | 'unfriend' | 'blockPerson' | 'unblockPerson'],
  ): Relate =>
  (customerId) =>
    failingWithMessage(call(endpoint, { customer_id: customerId }, quiet), '')

export const addFriend = relate(endpoints.addFriend)
export const cancelFriend = relate(endpoints.cancelFriend)
export const acceptFriend = relate(endpoints.acceptFriend)
export const rejectFriend = relate(endpoints.rejectFriend)
export const unfriend = relate(endpoints.unfriend)
export const blockPerson = relate(endpoints.blockPerson)
export const unblockPerson = relate(endpoints.unblockPerson)

/** Archive a friend (my own view: they leave my contact list for the archived one), or bring them back. */
export const archiveFriend = (customerId: string): Promise<ArchiveState> =>
  failingWithMessage(call(endpoints.archiveFriend, { customer_id: customerId }, quiet), '')
export const unarchiveFriend = (customerId: string): Promise<ArchiveState> =>
  failingWithMessage(call(endpoints.unarchiveFriend, { customer_id: customerId }, quiet), '')

const PAGES = {
  friends: endpoints.contactList,
  requests: endpoints.friendRequests,
  blocked: endpoints.blockedPeople,
  archived: endpoints.archivedFriends,
} as const

/** 20 per page: the friends I did not archive (GET contact), the requests I received, the people I blocked, the friends I archived. */
export const contactPage = (kind: keyof typeof PAGES, page: number): Promise<ContactItem[]> =>
  failingWithMessage(call(PAGES[kind], { page }, quiet), '')
