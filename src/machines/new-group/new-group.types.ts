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
  /** Why the last create failed, as the runtime words it (the server's reason, or a general one). */
  error: string | null
}

export type NewGroupEvent =
  /** `chosen`: people picked already (New message with several), kept where they are channel members. */
  | { type: 'OPEN'; channelId: string; chosen?: string[] }
  | { type: 'CLOSE' }
  | { type: 'NAME'; name: string }
  | { type: 'TOGGLE_MEMBER'; memberId: string }
  | { type: 'SUBMIT' }

export type CreateGroupInput = AddTopicBody

export type NewGroupEmitted = { type: 'created'; topic: Topic }
