import { type FormEvent, useEffect, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Label, Member } from '../../../contract/channel'
import { ROLES } from '../../../contract/limits'
import { isTopicAdmin, type TopicInfo, type TopicPermission, TOPIC_PERMISSIONS, topicAllows } from '../../../contract/topic'
import { addMembers, removeMember, renameTopic, setTopicImage, setTopicLabel, setTopicPermissions, topicInfo, uploadFile } from '../../services/chat'
import { channelInfo, channelLabels } from '../../services/channels'
import { apiErrorOf } from '../../services/http'
import { TextField } from '../text-field'
import { useRoleLabel } from '../roles'
import { MemberPicker } from './member-picker'
import { useSettingLabels } from './setting-labels'

/**
 * /chat/info/{topic}: a group's members (creators labelled), adding channel members and removing
 * members, renaming, and the group settings an admin restricts to admins (spec section 6). What a
 * member may do follows the topic's permissions (contract `topicAllows`); the server checks again.
 */
export function TopicInfoPage({ topicId, meId }: { topicId: string; meId: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [topic, setTopic] = useState<TopicInfo | 'failed' | null>(null)
  const [channelCreator, setChannelCreator] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    setTopic(null)
    topicInfo(topicId).then(setTopic, () => setTopic('failed'))
  }, [topicId])
  const channelId = topic && topic !== 'failed' ? topic.channel_id : null
  useEffect(() => {
    if (channelId) channelInfo(channelId).then((c) => setChannelCreator(c.created_by), () => undefined)
  }, [channelId])

  if (topic === 'failed')
    return (
      <p role="alert" className="p-6 text-sm text-red-700">
        <Trans>This chat is not available.</Trans>
      </p>
    )
  if (!topic)
    return (
      <p role="status" className="p-6 text-sm text-slate-500">
        <Trans>Loading chat…</Trans>
      </p>
    )

  /** A change, then the topic as the server has it now (also after a refusal, which is shown). */
  const run = (work: Promise<unknown>, then?: () => void) => {
    setError(null)
    work
      .then(then, (failure: unknown) => setError(apiErrorOf(failure)?.body?.message ?? t`Something went wrong. Please try again.`))
      .finally(() => topicInfo(topicId).then(setTopic, () => setTopic('failed')))
  }
  const allows = (setting: TopicPermission) => topicAllows(topic, topic.role, setting)
  const isAdmin = isTopicAdmin(topic.role)
  const title = topic.name || t`New Message`

  return (
    <div className="h-full overflow-y-auto bg-white">
      <header className="flex h-14 items-center gap-2 border-b border-slate-200 px-3">
        <Link to="/chat/$topicId" params={{ topicId }} className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
          <Trans>Back to chat</Trans>
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
          <Trans>Chat info: {title}</Trans>
        </h1>
      </header>
      <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4">
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {topic.channel_id ? (
          <nav aria-label={t`Files`} className="flex flex-wrap gap-3 text-sm">
            <Link to="/chat/channel/$channelId/storage/$topicId" params={{ channelId: topic.channel_id, topicId }} className="font-medium text-indigo-700 hover:underline">
              <Trans>Files in this chat</Trans>
            </Link>
            <Link to="/chat/channel/$channelId/storage" params={{ channelId: topic.channel_id }} className="font-medium text-indigo-700 hover:underline">
              <Trans>All channel files</Trans>
            </Link>
          </nav>
        ) : null}
        {topic.is_group && topic.channel_id && isAdmin ? <LabelPicker channelId={topic.channel_id} labelId={topic.label_id} onChange={(labelId) => run(setTopicLabel(topicId, labelId))} /> : null}
        {topic.is_group ? <GroupPicture image={topic.image} editable={allows('edit_image')} onChange={(work) => run(work)} topicId={topicId} /> : null}
        {topic.is_group && allows('edit_name') ? <RenameForm key={topic.name} name={topic.name} onRename={(name) => run(renameTopic(topicId, name))} /> : null}
        <MemberList
          topic={topic}
          meId={meId}
          channelCreator={channelCreator}
          canRemove={topic.is_group && allows('remove_member')}
          onRemove={(member) => run(removeMember(topicId, member._id))}
          onLeave={() => run(removeMember(topicId, meId), () => void navigate({ to: '/chat/default' }))}
        />
        {topic.is_group && topic.channel_id && allows('add_member') ? (
          <AddMembers channelId={topic.channel_id} present={topic.customers} onAdd={(ids) => run(addMembers(topicId, ids))} />
        ) : null}
        {topic.is_group ? (
          <GroupSettings
            topic={topic}
            editable={isAdmin}
            onChange={(permission) => {
              // Shown at once; the reload after the call brings the saved state (or the old one back with the error).
              setTopic({ ...topic, permission: { ...topic.permission, ...permission } })
              run(setTopicPermissions(topicId, permission))
            }}
          />
        ) : null}
      </div>
    </div>
  )
}

function RenameForm({ name, onRename }: { name: string; onRename: (name: string) => void }) {
  const { t } = useLingui()
  const [value, setValue] = useState(name)
  const trimmed = value.trim()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (trimmed && trimmed !== name) onRename(trimmed)
  }
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <TextField className="flex-1" label={t`Group name`} value={value} maxLength={75} onChange={(event) => setValue(event.target.value)} />
      <button type="submit" disabled={!trimmed || trimmed === name} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
        <Trans>Rename</Trans>
      </button>
    </form>
  )
}

function MemberList(props: { topic: TopicInfo; meId: string; channelCreator: string | null; canRemove: boolean; onRemove: (member: Member) => void; onLeave: () => void }) {
  const { topic, meId, channelCreator, canRemove, onRemove, onLeave } = props
  const { t } = useLingui()
  const roleLabel = useRoleLabel()
  return (
    <section>
      <h2 className="text-sm font-semibold text-slate-900">
        <Trans>{topic.customers.length} members</Trans>
      </h2>
      <ul aria-label={t`Members`} className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
        {topic.customers.map((member) => (
          <li key={member._id} aria-label={member.name} className="flex items-center justify-between gap-2 px-3 py-2">
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-900">{member.name}</span>
              <span className="flex flex-wrap gap-1 text-xs text-slate-500">
                {topic.is_group && member._id === topic.admin ? <span className="rounded bg-indigo-100 px-1 text-indigo-800">{t`Group creator`}</span> : null}
                {member._id === channelCreator ? <span className="rounded bg-emerald-100 px-1 text-emerald-800">{t`Channel creator`}</span> : null}
                {member.role === ROLES.admin ? <span>{roleLabel(member.role)}</span> : null}
              </span>
            </span>
            {member._id === meId ? (
              topic.is_group ? (
                <button type="button" onClick={onLeave} className="rounded border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50">
                  <Trans>Leave</Trans>
                </button>
              ) : null
            ) : canRemove ? (
              <button type="button" onClick={() => onRemove(member)} className="rounded border border-red-200 px-2 py-0.5 text-xs font-medium text-red-700 hover:bg-red-50">
                {t`Remove ${member.name}`}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function AddMembers({ channelId, present, onAdd }: { channelId: string; present: Member[]; onAdd: (ids: string[]) => void }) {
  const [chosen, setChosen] = useState<string[]>([])
  const [tried, setTried] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (chosen.length === 0) return
    onAdd(chosen)
    setChosen([])
    setTried(false)
  }
  return (
    <form onSubmit={submit}>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">
          <Trans>Add members</Trans>
        </legend>
        <MemberPicker channelId={channelId} exclude={present.map((m) => m._id)} chosen={chosen} onChosen={setChosen} />
      </fieldset>
      {tried && chosen.length === 0 ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          <Trans>Please select at least 1 member.</Trans>
        </p>
      ) : null}
      <button type="submit" className="mt-2 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500">
        <Trans>Add</Trans>
      </button>
    </form>
  )
}

/** Spec section 6: each setting a group admin restricts to admins. Members see them read-only. */
function GroupSettings({ topic, editable, onChange }: { topic: TopicInfo; editable: boolean; onChange: (permission: Partial<Record<TopicPermission, 0 | 1>>) => void }) {
  const labels = useSettingLabels()
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">
        <Trans>Only admins can</Trans>
      </legend>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {TOPIC_PERMISSIONS.map((setting) => (
          <li key={setting}>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" checked={topic.permission[setting] === 1} disabled={!editable} onChange={(event) => onChange({ [setting]: event.target.checked ? 1 : 0 })} />
              {labels[setting]}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/** A group's label, one of its channel's (admins). */
function LabelPicker({ channelId, labelId, onChange }: { channelId: string; labelId: string | null; onChange: (labelId: string | null) => void }) {
  const { t } = useLingui()
  const [labels, setLabels] = useState<Label[]>([])
  useEffect(() => {
    channelLabels(channelId).then(setLabels, () => undefined)
  }, [channelId])
  if (labels.length === 0) return null
  return (
    <label className="block text-sm font-medium text-slate-700">
      <Trans>Label</Trans>
      <select value={labelId ?? ''} onChange={(event) => onChange(event.target.value || null)} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900">
        <option value="">{t`No label`}</option>
        {labels.map((label) => (
          <option key={label._id} value={label._id}>
            {label.name}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A group's picture: shown to all; those the edit_image setting allows upload a jpeg or png (public) or remove it. */
function GroupPicture({ topicId, image, editable, onChange }: { topicId: string; image: string | null; editable: boolean; onChange: (work: Promise<unknown>) => void }) {
  const { t } = useLingui()
  const [percent, setPercent] = useState<number | null>(null)
  const pick = (file: File) => {
    setPercent(0)
    onChange(
      uploadFile({ acl: 'public' }, file, (p) => setPercent(p.percent))
        .then((item) => setTopicImage(topicId, item._id))
        .finally(() => setPercent(null)),
    )
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      {image ? <img src={image} alt={t`Group picture`} className="h-16 w-16 rounded-xl border border-slate-200 object-cover" /> : null}
      {editable ? (
        <>
          <label className="text-sm font-medium text-slate-700">
            {t`Group picture`}
            <input
              type="file"
              accept="image/jpeg,image/png"
              disabled={percent !== null}
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (file) pick(file)
              }}
              className="mt-1 block text-xs"
            />
          </label>
          {percent !== null ? <progress aria-label={t`Uploading the picture`} value={percent} max={100} className="h-2 w-32" /> : null}
          {image ? (
            <button type="button" onClick={() => onChange(setTopicImage(topicId, null))} className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50">
              <Trans>Remove picture</Trans>
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
