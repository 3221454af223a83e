import type { Member } from '../../../contract/channel'
import type { AddTopicBody, Topic } from '../../../contract/topic'

export interface NewGroupInput {
  /** The signed-in user: not offered as a member (they are in the group anyway). */
  meId: string
}

/** A person who can be added: a member of the channel. */
export type Candidate = Pick<Member, '_id' | 'name'>

export interface NewGroupContext extends NewGroupInput {
  channelId: string
  name: string
  /** Ids of the members picked. */
  chosen: string[]
  candidates: Candidate[]
  /** The last create failed: the server's reason, if it gave one. */
  error: { reason: string | null } | null
}

export type NewGroupEvent =
  | { type: 'OPEN'; channelId: string }
  | { type: 'CLOSE' }
  | { type: 'NAME'; name: string }
  | { type: 'TOGGLE_MEMBER'; memberId: string }
  | { type: 'SUBMIT' }

export type CreateGroupInput = AddTopicBody
/** A refused create as the actor reports it. */
export type CreateGroupFailure = { reason: string | null }

export type NewGroupEmitted = { type: 'created'; topic: Topic }
