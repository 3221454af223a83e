import type { Person } from '../../contract/relates'
import { personByWorkid } from './api/relates'
import { chatWithWorkid } from './api/topic'
import { failingWithMessage } from './failure'
import { apiErrorOf } from './http'

/**
 * The loaders of the person pages: /people/<workid> (the profile) and /<workid> (the 1:1 chat, or,
 * when the person refuses it, their profile with the reason).
 */

/** GET workid/customer?workid: the person as the caller relates to them. */
export const loadPerson = (workid: string): Promise<Person> => personByWorkid(workid)

export type ChatOutcome = { kind: 'chat'; topicId: string } | { kind: 'refused'; person: Person; reason: string }

/** Opens the 1:1 chat (GET topic/chat-friend); a 403 answers the person and the server's reason instead. Other failures are rethrown. */
export async function openChatOrProfile(workid: string): Promise<ChatOutcome> {
  try {
    return { kind: 'chat', topicId: (await failingWithMessage(chatWithWorkid(workid), ''))._id }
  } catch (error) {
    if (!(error instanceof Error) || apiErrorOf(error.cause)?.status !== 403) throw error
    return { kind: 'refused', person: await personByWorkid(workid), reason: error.message }
  }
}

/** The friend buttons' start from a looked-up person. */
export const friendInputOf = (person: Person) => ({
  customerId: person._id,
  name: person.name,
  photoUrl: person.photo_url,
  friendStatus: person.friend_status,
  incoming: person.incoming,
  blocked: person.blocked,
  onlyFriendsMessage: person.only_friends_message,
})
