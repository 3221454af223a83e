import type { Label, Member } from '../../../contract/channel'
import type {
  AddMembersBody,
  RemoveMemberBody,
  RenameTopicBody,
  TopicInfo,
  TopicLabelBody,
  TopicPermission,
  TopicPermissionBody,
} from '../../../contract/topic'
import type { Flag } from '../../../contract/common'

export type { Label, Member, TopicInfo, TopicPermission }

export interface TopicInfoInput {
  topicId: string
  /** The signed-in user. */
  meId: string
}

/** One change to the topic (each is a call; the topic is then loaded again). */
export type TopicChange =
  | ({ kind: 'rename' } & Pick<RenameTopicBody, 'name'>)
  | ({ kind: 'label' } & Pick<TopicLabelBody, 'label_id'>)
  | ({ kind: 'removeMember' } & Pick<RemoveMemberBody, 'customer_id'>)
  | ({ kind: 'addMembers' } & Pick<AddMembersBody, 'customer_ids'>)
  | ({ kind: 'permission' } & Pick<TopicPermissionBody, 'permission'>)
  | { kind: 'removeImage' }

export interface ApplyChangeInput {
  topicId: string
  change: TopicChange
}

/** What the page shows from the topic's channel: its creator, its labels (for a group admin), its members (for who may add). */
export interface ChannelExtras {
  creator: string | null
  labels: Label[]
  members: Member[]
}

export interface ChannelExtrasInput {
  channelId: string
  labels: boolean
  members: boolean
}

export interface UploadImageInput {
  topicId: string
  file: File
}

export interface TopicInfoContext extends TopicInfoInput {
  topic: TopicInfo | null
  /** null until the channel's part has loaded. */
  extras: ChannelExtras | null
  /** The members chosen to be added. */
  chosen: string[]
  /** Add was pressed with nobody chosen. */
  addTried: boolean
  /** The group name as typed. */
  renameValue: string
  /** The group picture's upload, in percent. */
  uploadPercent: number | null
  /** The change being saved, until the topic is loaded again after it. */
  change: TopicChange | null
  error: string | null
}

export type TopicInfoEvent =
  | { type: 'RETRY' }
  | { type: 'RENAME_CHANGED'; name: string }
  | { type: 'RENAME' }
  | { type: 'SET_LABEL'; labelId: string | null }
  | { type: 'REMOVE_MEMBER'; memberId: string }
  | { type: 'LEAVE' }
  | { type: 'TOGGLE_MEMBER'; memberId: string }
  | { type: 'ADD_MEMBERS' }
  | { type: 'SET_PERMISSION'; setting: TopicPermission; value: Flag }
  | { type: 'PICK_IMAGE'; file: File }
  | { type: 'REMOVE_IMAGE' }
  /** From the upload actor. */
  | { type: 'UPLOAD_PROGRESS'; percent: number }
  | { type: 'UPLOAD_DONE' }
  | { type: 'UPLOAD_FAILED'; message: string }
