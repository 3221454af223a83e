import { endpoints } from '../../../contract/endpoints'
import type { ContactItem, Person } from '../../../contract/relates'
import { failingWithMessage } from '../failure'
import { call } from '../http'

/**
 * The friends, contacts and blocking calls (contract/endpoints.ts, "friends, contacts and
 * blocking"). Quiet: the friend buttons and lists say themselves what failed; a failure is rethrown
 * by failingWithMessage with the server's message, or an empty one (e.g. 'You cannot contact this person.').
 */
const quiet = { quiet: true }

export const personById = (customerId: string): Promise<Person> => failingWithMessage(call(endpoints.personLookup, { customer_id: customerId }, quiet), '')
export const personByWorkid = (workid: string): Promise<Person> => failingWithMessage(call(endpoints.personLookup, { workid }, quiet), '')

type Relate = (customerId: string) => Promise<Person>
const relate =
  (endpoint: (typeof endpoints)['addFriend' | 'cancelFriend' | 'acceptFriend' | 'rejectFriend' | 'unfriend' | 'blockPerson' | 'unblockPerson']): Relate =>
  (customerId) =>
    failingWithMessage(call(endpoint, { customer_id: customerId }, quiet), '')

export const addFriend = relate(endpoints.addFriend)
export const cancelFriend = relate(endpoints.cancelFriend)
export const acceptFriend = relate(endpoints.acceptFriend)
export const rejectFriend = relate(endpoints.rejectFriend)
export const unfriend = relate(endpoints.unfriend)
export const blockPerson = relate(endpoints.blockPerson)
export const unblockPerson = relate(endpoints.unblockPerson)

/** 20 per page: the friends (GET contact), the requests I received, the people I blocked. */
export const contactPage = (kind: 'friends' | 'requests' | 'blocked', page: number): Promise<ContactItem[]> =>
  failingWithMessage(
    kind === 'friends' ? call(endpoints.contactList, { page }, quiet) : kind === 'requests' ? call(endpoints.friendRequests, { page }, quiet) : call(endpoints.blockedPeople, { page }, quiet),
    '',
  )

/** GET topic/chat-friend by workid, quiet: the 1:1 chat, or the server's reason it is refused. */
export const chatWithQuietly = (workid: string) => failingWithMessage(call(endpoints.topicChatFriend, { workid }, quiet), '')
