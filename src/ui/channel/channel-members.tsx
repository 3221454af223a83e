import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AssignableRole, ChannelLabelsProps, ChannelLeaveProps, ChannelMembersProps, MemberRow } from '../../machines/channel-members'
import { Alert } from '../alert'
import { Button } from '../button'
import { Confirmation } from '../confirmation'
import { LoadFailed } from '../load-failed'
import { useRoleLabel } from '../roles'
import { TextField } from '../text-field'
import { LoadMoreButton } from '../load-more-button'

/**
 * A channel's members with their roles (20 at a time) and its labels, for its members. The owner
 * and admins change others' roles between member and admin (the owner's stays), remove members
 * (the owner also admins) after a confirmation, and add or delete labels; any member but the owner
 * leaves the channel after a confirmation. The server checks the same.
 */
export function ChannelMembers({
  loading,
  failed,
  rows,
  assignableRoles,
  hasMore,
  loadingMore,
  error,
  onLoadMore,
  onChangeRole,
  busy,
  onRemove,
  onConfirm,
  onCancel,
  onRetry,
  leave,
  labels,
}: ChannelMembersProps) {
  const { t } = useLingui()
  const roleLabel = useRoleLabel()
  return (
    <section aria-labelledby="channel-members" className="mt-8">
      <h2 id="channel-members" className="text-lg font-semibold text-slate-900">
        <Trans>Members</Trans>
      </h2>
      {error ? <Alert className="mt-2">{error}</Alert> : null}
      {loading ? (
        <p role="status" className="mt-2 text-sm text-slate-500">
          <Trans>Loading channel members…</Trans>
        </p>
      ) : failed ? (
        <LoadFailed onRetry={onRetry} className="mt-2">
          <Trans>Could not load the channel members.</Trans>
        </LoadFailed>
      ) : (
        <ul aria-label={t`Channel members`} className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
          {rows.map((row) => (
            <li key={row.member._id} aria-label={row.member.name} className="px-3 py-2">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate text-sm font-medium text-slate-900">{row.member.name}</span>
                <span className="flex items-center gap-2">
                  {row.editable ? (
                    <select
                      aria-label={t`Role of ${row.member.name}`}
                      aria-busy={row.saving || undefined}
                      value={row.member.role}
                      onChange={(event) => onChangeRole(row.member._id, Number(event.target.value) as AssignableRole)}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                    >
                      {assignableRoles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabel(role)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className="text-xs text-slate-500">{roleLabel(row.member.role)}</span>
                  )}
                  {row.removable ? <RemoveButton row={row} busy={busy} onRemove={onRemove} /> : null}
                </span>
              </div>
              {row.confirmingRemoval ? <RemovalConfirmation row={row} onConfirm={onConfirm} onCancel={onCancel} /> : null}
            </li>
          ))}
        </ul>
      )}
      {hasMore ? <LoadMoreButton onLoadMore={onLoadMore} loadingMore={loadingMore} className="mt-2" /> : null}
      {!loading && !failed ? <LeaveChannel {...leave} busy={busy} onConfirm={onConfirm} onCancel={onCancel} /> : null}
      <ChannelLabels {...labels} />
    </section>
  )
}

function RemoveButton({ row, busy, onRemove }: { row: MemberRow; busy: boolean; onRemove: (memberId: string) => void }) {
  const { t } = useLingui()
  const name = row.member.name
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => onRemove(row.member._id)}
      disabled={busy}
      aria-busy={row.removing || undefined}
      aria-label={t`Remove ${name} from the channel`}
    >
      <Trans>Remove</Trans>
    </Button>
  )
}

function RemovalConfirmation({ row, onConfirm, onCancel }: { row: MemberRow; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useLingui()
  const name = row.member.name
  return (
    <Confirmation
      label={t`Confirm removing ${name} from the channel`}
      confirm={<Trans>Yes, remove</Trans>}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Trans>Remove {name} from the channel? They leave all of its groups and no longer see their messages.</Trans>
    </Confirmation>
  )
}

function LeaveChannel({
  allowed,
  confirming,
  leaving,
  onLeave,
  busy,
  onConfirm,
  onCancel,
}: ChannelLeaveProps & { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useLingui()
  if (!allowed)
    return (
      <p className="mt-4 text-sm text-slate-500">
        <Trans>As its owner, you cannot leave this channel.</Trans>
      </p>
    )
  if (confirming)
    return (
      <Confirmation label={t`Confirm leaving the channel`} confirm={<Trans>Yes, leave</Trans>} onConfirm={onConfirm} onCancel={onCancel}>
        <Trans>Leave this channel? You leave all of its groups and no longer see their messages.</Trans>
      </Confirmation>
    )
  return (
    <Button variant="secondary" size="sm" onClick={onLeave} disabled={busy} aria-busy={leaving || undefined} className="mt-4">
      <Trans>Leave channel</Trans>
    </Button>
  )
}

function ChannelLabels({
  status,
  labels,
  manages,
  name,
  color,
  canAdd,
  adding,
  deleting,
  error,
  onNameChange,
  onColorChange,
  onAdd,
  onDelete,
  onRetry,
}: ChannelLabelsProps) {
  const { t } = useLingui()
  const add = (event: FormEvent) => {
    event.preventDefault()
    onAdd()
  }
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-slate-900">
        <Trans>Labels</Trans>
      </h3>
      {error ? <Alert className="mt-2">{error}</Alert> : null}
      {status === 'failed' ? (
        <LoadFailed onRetry={onRetry} className="mt-1">
          <Trans>Could not load the labels.</Trans>
        </LoadFailed>
      ) : status === 'loading' ? null : labels.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">
          <Trans>No labels yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Labels`} className="mt-2 flex flex-wrap gap-2">
          {labels.map((label) => (
            <li
              key={label._id}
              aria-label={label.name}
              className="flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold text-white"
              style={{ backgroundColor: label.color }}
            >
              {label.name}
              {manages ? (
                <button
                  type="button"
                  onClick={() => onDelete(label._id)}
                  disabled={deleting !== null}
                  aria-busy={deleting === label._id || undefined}
                  aria-label={t`Delete label ${label.name}`}
                  className="rounded-full px-1 hover:bg-black/20"
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {manages ? (
        <form onSubmit={add} className="mt-3 flex flex-wrap items-end gap-2">
          <TextField label={t`New label`} value={name} maxLength={40} onChange={(event) => onNameChange(event.target.value)} />
          <label className="text-sm text-slate-700">
            <span className="block">
              <Trans>Colour</Trans>
            </span>
            <input
              type="color"
              value={color}
              onChange={(event) => onColorChange(event.target.value)}
              className="mt-1 h-9 w-12 rounded border border-slate-300"
            />
          </label>
          <Button type="submit" disabled={!canAdd} aria-busy={adding || undefined}>
            <Trans>Add label</Trans>
          </Button>
        </form>
      ) : null}
    </div>
  )
}
