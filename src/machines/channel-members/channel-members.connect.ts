import { isChannelAdmin, mayChangeRole, mayLeaveChannel, mayRemoveMember, ROLE_OPTIONS } from '../../../contract/channel'
import { ROLES } from '../../../contract/limits'
import { isIdle, pagedListProps, type PagedListProps } from '../paged-list'
import type { ChannelMembersSnapshot } from './channel-members.machine'
import type { AssignableRole, ChannelMembersEvent, Label, Member } from './channel-members.types'

export interface MemberRow {
  member: Member
  /** The viewer may change this member's role (between member and admin). */
  editable: boolean
  /** This row's role is being saved. */
  saving: boolean
  /** The viewer may remove this member from the channel. */
  removable: boolean
  /** The viewer is asked to confirm this member's removal. */
  confirmingRemoval: boolean
  /** This member's removal is being saved. */
  removing: boolean
}

/** Leaving the channel: any member but the owner. */
export interface ChannelLeaveProps {
  /** The viewer may leave (false for the owner). */
  allowed: boolean
  /** The viewer is asked to confirm. */
  confirming: boolean
  leaving: boolean
  onLeave: () => void
}

export interface ChannelLabelsProps {
  status: 'loading' | 'failed' | 'ready'
  labels: Label[]
  /** Admins and the owner add and delete labels. */
  manages: boolean
  name: string
  color: string
  adding: boolean
  canAdd: boolean
  /** The label being deleted. */
  deleting: string | null
  error: string | null
  onNameChange: (name: string) => void
  onColorChange: (color: string) => void
  onAdd: () => void
  onDelete: (labelId: string) => void
  onRetry: () => void
}

export interface ChannelMembersProps extends PagedListProps<Member> {
  rows: MemberRow[]
  /** The roles a member can be given. */
  assignableRoles: AssignableRole[]
  onChangeRole: (memberId: string, role: AssignableRole) => void
  /** A row's role change, removal or the viewer's leave is in progress or waits for confirmation. */
  busy: boolean
  onRemove: (memberId: string) => void
  /** Confirms the removal or the leave being asked about. */
  onConfirm: () => void
  onCancel: () => void
  leave: ChannelLeaveProps
  labels: ChannelLabelsProps
}

const ASSIGNABLE = ROLE_OPTIONS.map((o) => o.value).filter((value): value is AssignableRole => value < ROLES.owner)

const labelsStatus = (snapshot: ChannelMembersSnapshot) =>
  snapshot.matches({ labels: 'loading' }) ? 'loading' : snapshot.matches({ labels: 'failed' }) ? 'failed' : 'ready'

/** Pure: the channel members section's props and handlers. */
export function connect(snapshot: ChannelMembersSnapshot, send: (event: ChannelMembersEvent) => void): ChannelMembersProps {
  const { list, myRole, meId, changing, removing, membersError, labels, labelName, labelColor, deleting, labelsError } = snapshot.context
  const adding = snapshot.matches({ labels: { ready: 'adding' } })
  const confirmingRemoval = snapshot.matches({ members: { open: 'confirmingRemoval' } })
  const removingNow = snapshot.matches({ members: { open: 'removing' } })
  return {
    // Its Retry is the members' (the labels have their own).
    ...pagedListProps(list, (event) => send(event.type === 'RETRY' ? { type: 'RETRY_MEMBERS' } : event)),
    error: membersError,
    rows: list.items.map((member) => ({
      member,
      editable: mayChangeRole(myRole, member, meId),
      saving: changing?.customer_id === member._id,
      removable: mayRemoveMember(myRole, member, meId),
      confirmingRemoval: confirmingRemoval && removing?._id === member._id,
      removing: removingNow && removing?._id === member._id,
    })),
    assignableRoles: ASSIGNABLE,
    onChangeRole: (memberId, role) => send({ type: 'CHANGE_ROLE', memberId, role }),
    busy: !(snapshot.matches({ members: { open: 'idle' } }) && isIdle(list)),
    onRemove: (memberId) => send({ type: 'REMOVE', memberId }),
    onConfirm: () => send({ type: 'CONFIRM' }),
    onCancel: () => send({ type: 'CANCEL' }),
    leave: {
      allowed: mayLeaveChannel(myRole),
      confirming: snapshot.matches({ members: { open: 'confirmingLeave' } }),
      leaving: snapshot.matches({ members: { open: 'leaving' } }) || snapshot.matches({ members: 'left' }),
      onLeave: () => send({ type: 'LEAVE' }),
    },
    labels: {
      status: labelsStatus(snapshot),
      labels,
      manages: isChannelAdmin(myRole),
      name: labelName,
      color: labelColor,
      adding,
      canAdd: isChannelAdmin(myRole) && labelName.trim() !== '' && !adding,
      deleting,
      error: labelsError,
      onNameChange: (name) => send({ type: 'LABEL_NAME_CHANGED', name }),
      onColorChange: (color) => send({ type: 'LABEL_COLOR_CHANGED', color }),
      onAdd: () => send({ type: 'ADD_LABEL' }),
      onDelete: (labelId) => send({ type: 'DELETE_LABEL', labelId }),
      onRetry: () => send({ type: 'RETRY_LABELS' }),
    },
  }
}
