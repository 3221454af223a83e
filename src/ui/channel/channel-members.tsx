import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { type AssignableRole, isChannelAdmin, type Label, mayChangeRole, type Member, ROLE_OPTIONS } from '../../../contract/channel'
import { PAGE_SIZE } from '../../../contract/common'
import { ROLES } from '../../../contract/limits'
import { addChannelLabel, channelLabels, channelPage, deleteChannelLabel, setChannelRole } from '../../services/channels'
import { apiErrorOf } from '../../services/http'
import { useRoleLabel } from '../roles'
import { TextField } from '../text-field'

/**
 * A channel's members with their roles (GET channel/page, 20 at a time) and its labels, for its
 * members. The owner and admins change others' roles between member and admin (the owner's stays),
 * and add or delete labels; the server checks the same.
 */
export function ChannelMembers({ channelId, myRole, meId }: { channelId: string; myRole: number; meId: string | null }) {
  const { t } = useLingui()
  const roleLabel = useRoleLabel()
  const [members, setMembers] = useState<Member[] | null>(null)
  const [more, setMore] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** Admins and the owner manage the channel's labels. */
  const manages = isChannelAdmin(myRole)

  const load = useCallback(
    (page: number) =>
      channelPage(channelId, page).then(
        ({ customers }) => {
          setMembers((known) => (page === 1 ? customers : [...(known ?? []), ...customers]))
          setMore(customers.length === PAGE_SIZE)
        },
        () => setMembers((known) => known ?? []),
      ),
    [channelId],
  )
  useEffect(() => {
    void load(1)
  }, [load])

  const changeRole = (member: Member, role: AssignableRole) => {
    setError(null)
    setChannelRole(channelId, member._id, role).then(
      (saved) => setMembers((all) => all?.map((m) => (m._id === saved._id ? saved : m)) ?? null),
      (failure: unknown) => setError(apiErrorOf(failure)?.body?.message ?? t`Something went wrong. Please try again.`),
    )
  }
  const assignable = ROLE_OPTIONS.filter((o) => o.value < ROLES.owner)

  return (
    <section aria-labelledby="channel-members" className="mt-8">
      <h2 id="channel-members" className="text-lg font-semibold text-slate-900">
        <Trans>Members</Trans>
      </h2>
      {error ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {members === null ? (
        <p role="status" className="mt-2 text-sm text-slate-500">
          <Trans>Loading channel members…</Trans>
        </p>
      ) : (
        <ul aria-label={t`Channel members`} className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
          {members.map((member) => (
            <li key={member._id} aria-label={member.name} className="flex items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 truncate text-sm font-medium text-slate-900">{member.name}</span>
              {mayChangeRole(myRole, member, meId) ? (
                <select
                  aria-label={t`Role of ${member.name}`}
                  value={member.role}
                  onChange={(event) => changeRole(member, Number(event.target.value) as AssignableRole)}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                >
                  {assignable.map((o) => (
                    <option key={o.value} value={o.value}>
                      {roleLabel(o.value)}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="text-xs text-slate-500">{roleLabel(member.role)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {more && members ? (
        <button type="button" onClick={() => void load(Math.floor(members.length / PAGE_SIZE) + 1)} className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
          <Trans>Load more</Trans>
        </button>
      ) : null}
      <ChannelLabels channelId={channelId} manages={manages} />
    </section>
  )
}

function ChannelLabels({ channelId, manages }: { channelId: string; manages: boolean }) {
  const { t } = useLingui()
  const [labels, setLabels] = useState<Label[]>([])
  const [name, setName] = useState('')
  const [color, setColor] = useState('#6366f1')
  const reload = useCallback(() => channelLabels(channelId).then(setLabels, () => undefined), [channelId])
  useEffect(() => {
    void reload()
  }, [reload])
  const add = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return
    void addChannelLabel(channelId, name.trim(), color).then(() => {
      setName('')
      return reload()
    })
  }
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-slate-900">
        <Trans>Labels</Trans>
      </h3>
      {labels.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">
          <Trans>No labels yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Labels`} className="mt-2 flex flex-wrap gap-2">
          {labels.map((label) => (
            <li key={label._id} aria-label={label.name} className="flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold text-white" style={{ backgroundColor: label.color }}>
              {label.name}
              {manages ? (
                <button type="button" onClick={() => void deleteChannelLabel(label._id).then(reload)} aria-label={t`Delete label ${label.name}`} className="rounded-full px-1 hover:bg-black/20">
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {manages ? (
        <form onSubmit={add} className="mt-3 flex flex-wrap items-end gap-2">
          <TextField label={t`New label`} value={name} maxLength={40} onChange={(event) => setName(event.target.value)} />
          <label className="text-sm text-slate-700">
            <span className="block">
              <Trans>Colour</Trans>
            </span>
            <input type="color" value={color} onChange={(event) => setColor(event.target.value)} className="mt-1 h-9 w-12 rounded border border-slate-300" />
          </label>
          <button type="submit" disabled={!name.trim()} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
            <Trans>Add label</Trans>
          </button>
        </form>
      ) : null}
    </div>
  )
}
