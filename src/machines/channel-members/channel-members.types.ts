import type { AssignableRole, ChannelMemberRemoveBody, ChannelRoleBody, Label, LabelCreateBody, Member } from '../../../contract/channel'
import type { ListReport, PagedList } from '../paged-list'

export type { AssignableRole, Label, Member }

/** A member's view of a channel: its id, their role in it, and who they are. */
export interface ChannelMembersInput {
  channelId: string
  myRole: number
  meId: string | null
}

export interface ChannelMembersContext extends ChannelMembersInput {
  /** The members, as their paged list (GET channel/page) last reported them. */
  list: PagedList<Member>
  /** The role change being saved. */
  changing: Pick<ChannelRoleBody, 'customer_id' | 'role'> | null
  /** The member whose removal waits for the viewer's confirmation, or is being saved. */
  removing: Member | null
  /** Why the last role change, removal, leave or later page failed. */
  membersError: string | null
  labels: Label[]
  labelName: string
  labelColor: NonNullable<LabelCreateBody['color']>
  /** The label being deleted. */
  deleting: string | null
  labelsError: string | null
}

export interface MembersPageInput {
  channelId: string
  page: number
}
export type ChangeRoleInput = Pick<ChannelRoleBody, 'customer_id' | 'role'> & { channelId: string }
export type RemoveMemberInput = Pick<ChannelMemberRemoveBody, 'customer_id'> & { channelId: string }
export type AddLabelInput = Pick<LabelCreateBody, 'name'> & { channelId: string; color: string }

export type ChannelMembersEvent =
  | ListReport<Member>
  | { type: 'RETRY_MEMBERS' }
  | { type: 'LOAD_MORE' }
  | { type: 'CHANGE_ROLE'; memberId: string; role: AssignableRole }
  | { type: 'REMOVE'; memberId: string }
  | { type: 'LEAVE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY_LABELS' }
  | { type: 'LABEL_NAME_CHANGED'; name: string }
  | { type: 'LABEL_COLOR_CHANGED'; color: string }
  | { type: 'ADD_LABEL' }
  | { type: 'DELETE_LABEL'; labelId: string }
