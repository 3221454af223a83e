import type { Flag } from '../../../contract/common'
import { isTopicAdmin, TOPIC_PERMISSIONS, topicAllows } from '../../../contract/topic'
import type { TopicInfoSnapshot } from './topic-info.machine'
import type { Label, Member, TopicInfo, TopicInfoEvent, TopicPermission } from './topic-info.types'

export interface TopicMemberRow {
  member: Member
  /** The group's creator. */
  groupCreator: boolean
  /** The channel's creator. */
  channelCreator: boolean
  /** The user's own row: a group member may leave. */
  me: boolean
  canLeave: boolean
  canRemove: boolean
}

export interface TopicInfoProps {
  status: 'loading' | 'failed' | 'ready' | 'left'
  topicId: string
  /** The topic's name ('' when nameless). */
  name: string
  /** The topic's channel: its files pages. */
  channelId: string | null
  /** A change or upload runs: the controls wait for it. */
  busy: boolean
  error: string | null
  onRetry: () => void
  /** A group admin's choice of the channel's labels (null: not offered). */
  label: { labels: Label[]; labelId: string | null; onChange: (labelId: string | null) => void } | null
  /** The group's picture (null: not a group). */
  picture: {
    image: string | null
    editable: boolean
    uploadPercent: number | null
    onPick: (file: File) => void
    onRemove: () => void
  } | null
  /** Renaming the group (null: not allowed). */
  rename: { name: string; value: string; canRename: boolean; onChange: (value: string) => void; onRename: () => void } | null
  members: { count: number; rows: TopicMemberRow[]; onRemove: (memberId: string) => void; onLeave: () => void }
  /** Adding channel members (null: not allowed). */
  addMembers: {
    candidates: Member[] | null
    chosen: string[]
    askToChoose: boolean
    onToggle: (memberId: string) => void
    onAdd: () => void
  } | null
  /** The group settings an admin restricts to admins (null: not a group). */
  settings: {
    items: { setting: TopicPermission; checked: boolean }[]
    editable: boolean
    onChange: (setting: TopicPermission, value: Flag) => void
  } | null
}

const allows = (topic: TopicInfo, setting: TopicPermission) => topicAllows(topic, topic.role, setting)

/** Pure: the topic info page's props and handlers. */
export function connect(snapshot: TopicInfoSnapshot, send: (event: TopicInfoEvent) => void): TopicInfoProps {
  const { topic, topicId, meId, extras, chosen, addTried, renameValue, uploadPercent, error } = snapshot.context
  const status = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('left')
        ? 'left'
        : 'ready'
  const base = { status, topicId, error, onRetry: () => send({ type: 'RETRY' }) } as const
  if (status !== 'ready' || !topic)
    return {
      ...base,
      status: status === 'ready' ? 'loading' : status,
      name: '',
      channelId: null,
      busy: false,
      label: null,
      picture: null,
      rename: null,
      members: { count: 0, rows: [], onRemove: () => {}, onLeave: () => {} },
      addMembers: null,
      settings: null,
    }
  const group = topic.is_group
  const admin = isTopicAdmin(topic.role)
  const channelId = topic.channel_id
  const present = new Set(topic.customers.map((m) => m._id))
  return {
    ...base,
    name: topic.name,
    channelId,
    busy: !snapshot.matches({ ready: { topic: 'idle' } }),
    label:
      group && channelId && admin && extras && extras.labels.length > 0
        ? { labels: extras.labels, labelId: topic.label_id, onChange: (labelId) => send({ type: 'SET_LABEL', labelId }) }
        : null,
    picture: group
      ? {
          image: topic.image,
          editable: allows(topic, 'edit_image'),
          uploadPercent,
          onPick: (file) => send({ type: 'PICK_IMAGE', file }),
          onRemove: () => send({ type: 'REMOVE_IMAGE' }),
        }
      : null,
    rename:
      group && allows(topic, 'edit_name')
        ? {
            name: topic.name,
            value: renameValue,
            canRename: renameValue.trim() !== '' && renameValue.trim() !== topic.name,
            onChange: (value) => send({ type: 'RENAME_CHANGED', name: value }),
            onRename: () => send({ type: 'RENAME' }),
          }
        : null,
    members: {
      count: topic.customers.length,
      rows: topic.customers.map((member) => ({
        member,
        groupCreator: group && member._id === topic.admin,
        channelCreator: member._id === extras?.creator,
        me: member._id === meId,
        canLeave: member._id === meId && group,
        canRemove: member._id !== meId && group && allows(topic, 'remove_member'),
      })),
      onRemove: (memberId) => send({ type: 'REMOVE_MEMBER', memberId }),
      onLeave: () => send({ type: 'LEAVE' }),
    },
    addMembers:
      group && channelId && allows(topic, 'add_member')
        ? {
            candidates: extras ? extras.members.filter((m) => !present.has(m._id)) : null,
            chosen,
            askToChoose: addTried && chosen.length === 0,
            onToggle: (memberId) => send({ type: 'TOGGLE_MEMBER', memberId }),
            onAdd: () => send({ type: 'ADD_MEMBERS' }),
          }
        : null,
    settings: group
      ? {
          items: TOPIC_PERMISSIONS.map((setting) => ({ setting, checked: topic.permission[setting] === 1 })),
          editable: admin,
          onChange: (setting, value) => send({ type: 'SET_PERMISSION', setting, value }),
        }
      : null,
  }
}
