import { isChannelAdmin, mayChangeRole, ROLE_OPTIONS } from '../../../contract/channel'
import { ROLES } from '../../../contract/limits'
import type { ChannelMembersSnapshot } from './channel-members.machine'
import type { AssignableRole, ChannelMembersEvent, Label, Member } from './channel-members.types'

export interface MemberRow {
  member: Member
  /** The viewer may change this member's role (between member and admin). */
  editable: boolean
  /** This row's role is being saved. */
  saving: boolean
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

export interface ChannelMembersProps {
  status: 'loading' | 'failed' | 'ready'
  rows: MemberRow[]
  /** The roles a member can be given. */
  assignableRoles: AssignableRole[]
  canLoadMore: boolean
  loadingMore: boolean
  error: string | null
  onLoadMore: () => void
  onChangeRole: (memberId: string, role: AssignableRole) => void
  onRetry: () => void
  labels: ChannelLabelsProps
}

const ASSIGNABLE = ROLE_OPTIONS.map((o) => o.value).filter((value): value is AssignableRole => value < ROLES.owner)

const regionStatus = (snapshot: ChannelMembersSnapshot, region: 'members' | 'labels') =>
  snapshot.matches({ [region]: 'loading' }) ? 'loading' : snapshot.matches({ [region]: 'failed' }) ? 'failed' : 'ready'

/** Pure: the channel members section's props and handlers. */
export function connect(snapshot: ChannelMembersSnapshot, send: (event: ChannelMembersEvent) => void): ChannelMembersProps {
  const { members, myRole, meId, changing, membersError, labels, labelName, labelColor, deleting, labelsError } = snapshot.context
  const adding = snapshot.matches({ labels: { ready: 'adding' } })
  return {
    status: regionStatus(snapshot, 'members'),
    rows: members.map((member) => ({
      member,
      editable: mayChangeRole(myRole, member, meId),
      saving: changing?.customer_id === member._id,
    })),
    assignableRoles: ASSIGNABLE,
    canLoadMore: snapshot.context.more,
    loadingMore: snapshot.matches({ members: { ready: 'loadingMore' } }),
    error: membersError,
    onLoadMore: () => send({ type: 'LOAD_MORE' }),
    onChangeRole: (memberId, role) => send({ type: 'CHANGE_ROLE', memberId, role }),
    onRetry: () => send({ type: 'RETRY_MEMBERS' }),
    labels: {
      status: regionStatus(snapshot, 'labels'),
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
