import type { FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { ROLES } from '../../../contract/limits'
import { initialsOf } from '../../machines/session/session.rules'
import { PersonStatus, PresenceAvatar } from '../presence/presence-context'
import type { TopicInfoProps } from '../../machines/topic-info'
import { Alert } from '../alert'
import { Button } from '../button'
import { ChatLoading, ChatUnavailable } from '../chat-status'
import { useRoleLabel } from '../roles'
import { TextField } from '../text-field'
import { MemberPicker } from './member-picker'
import { useSettingLabels } from './setting-labels'

type Ready<K extends keyof TopicInfoProps> = NonNullable<TopicInfoProps[K]>

/**
 * /chat/info/{topic}: a group's members (creators labelled), adding channel members and removing
 * members, renaming, the picture, the label, and the group settings an admin restricts to admins.
 */
export function TopicInfoPage(props: TopicInfoProps) {
  const { status, topicId, name, channelId, busy, error, onRetry, label, picture, rename, members, addMembers, settings } = props
  const { t } = useLingui()
  if (status === 'failed') return <ChatUnavailable onRetry={onRetry} />
  if (status !== 'ready') return <ChatLoading />
  const title = name || t`New Message`
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
        {error ? <Alert>{error}</Alert> : null}
        {channelId ? (
          <nav aria-label={t`Files`} className="flex flex-wrap gap-3 text-sm">
            <Link
              to="/chat/channel/$channelId/storage/$topicId"
              params={{ channelId, topicId }}
              className="font-medium text-indigo-700 hover:underline"
            >
              <Trans>Files in this chat</Trans>
            </Link>
            <Link to="/chat/channel/$channelId/storage" params={{ channelId }} className="font-medium text-indigo-700 hover:underline">
              <Trans>All channel files</Trans>
            </Link>
          </nav>
        ) : null}
        {channelId ? (
          <Link to="/chat/channel/$channelId/emoji" params={{ channelId }} className="text-sm font-medium text-indigo-700 hover:underline">
            <Trans>Custom emoji of the channel</Trans>
          </Link>
        ) : null}
        {label ? <LabelPicker {...label} busy={busy} /> : null}
        {picture ? <GroupPicture {...picture} busy={busy} /> : null}
        {rename ? <RenameForm {...rename} busy={busy} /> : null}
        <MemberList {...members} busy={busy} />
        {addMembers ? <AddMembers {...addMembers} busy={busy} /> : null}
        {settings ? <GroupSettings {...settings} busy={busy} /> : null}
      </div>
    </div>
  )
}

function RenameForm({ value, canRename, onChange, onRename, busy }: Ready<'rename'> & { busy: boolean }) {
  const { t } = useLingui()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onRename()
  }
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <TextField className="flex-1" label={t`Group name`} value={value} maxLength={75} onChange={(event) => onChange(event.target.value)} />
      <Button type="submit" disabled={!canRename || busy}>
        <Trans>Rename</Trans>
      </Button>
    </form>
  )
}

function MemberList({ count, rows, onRemove, onLeave, busy }: TopicInfoProps['members'] & { busy: boolean }) {
  const { t } = useLingui()
  const roleLabel = useRoleLabel()
  return (
    <section>
      <h2 className="text-sm font-semibold text-slate-900">
        <Plural value={count} one="# member" other="# members" />
      </h2>
      <ul aria-label={t`Members`} className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
        {rows.map(({ member, me, groupCreator, channelCreator, canLeave, canRemove }) => (
          <li key={member._id} aria-label={member.name} className="flex items-center justify-between gap-2 px-3 py-2">
            <Link
              to="/people/$workid"
              params={{ workid: member.workid }}
              className="flex min-w-0 items-center gap-3 rounded-md hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <PresenceAvatar userId={member._id} photoUrl={member.photo_url} initials={initialsOf(member.name)} size={40} />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {member.name}
                  {me ? <span className="font-normal text-slate-500"> {t`(you)`}</span> : null}
                </span>
                <span className="flex flex-wrap gap-1 text-xs text-slate-500">
                  {groupCreator ? <span className="rounded bg-indigo-100 px-1 text-indigo-800">{t`Group creator`}</span> : null}
                  {channelCreator ? <span className="rounded bg-emerald-100 px-1 text-emerald-800">{t`Channel creator`}</span> : null}
                  {member.role === ROLES.admin ? <span>{roleLabel(member.role)}</span> : null}
                </span>
                <PersonStatus userId={member._id} className="max-w-full" />
              </span>
            </Link>
            {canLeave ? (
              <Button variant="secondary" size="sm" onClick={onLeave} disabled={busy}>
                <Trans>Leave</Trans>
              </Button>
            ) : canRemove ? (
              <Button variant="secondary" size="sm" onClick={() => onRemove(member._id)} disabled={busy}>
                {t({ context: 'member', message: `Remove ${member.name}` })}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function AddMembers({ candidates, chosen, askToChoose, onToggle, onAdd, busy }: Ready<'addMembers'> & { busy: boolean }) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onAdd()
  }
  return (
    <form onSubmit={submit}>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">
          <Trans>Add members</Trans>
        </legend>
        <MemberPicker candidates={candidates} chosen={chosen} onToggle={onToggle} />
      </fieldset>
      {askToChoose ? (
        <Alert className="mt-1">
          <Trans>Please select at least 1 member.</Trans>
        </Alert>
      ) : null}
      <Button type="submit" size="sm" disabled={busy} className="mt-2">
        <Trans>Add</Trans>
      </Button>
    </form>
  )
}

/** Each setting a group admin restricts to admins. Members see them read-only. */
function GroupSettings({ items, editable, onChange, busy }: Ready<'settings'> & { busy: boolean }) {
  const labels = useSettingLabels()
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">
        <Trans>Only admins can</Trans>
      </legend>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {items.map(({ setting, checked }) => (
          <li key={setting}>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={checked}
                disabled={!editable || busy}
                onChange={(event) => onChange(setting, event.target.checked ? 1 : 0)}
              />
              {labels[setting]}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/** A group's label, one of its channel's (admins). */
function LabelPicker({ labels, labelId, onChange, busy }: Ready<'label'> & { busy: boolean }) {
  const { t } = useLingui()
  return (
    <label className="block text-sm font-medium text-slate-700">
      <Trans>Label</Trans>
      <select
        value={labelId ?? ''}
        disabled={busy}
        onChange={(event) => onChange(event.target.value || null)}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
      >
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
function GroupPicture({ image, editable, uploadPercent, onPick, onRemove, busy }: Ready<'picture'> & { busy: boolean }) {
  const { t } = useLingui()
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
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (file) onPick(file)
              }}
              className="mt-1 block text-xs"
            />
          </label>
          {uploadPercent !== null ? (
            <progress aria-label={t`Uploading the picture`} value={uploadPercent} max={100} className="h-2 w-32" />
          ) : null}
          {image ? (
            <Button variant="secondary" size="sm" onClick={onRemove} disabled={busy}>
              <Trans>Remove picture</Trans>
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
