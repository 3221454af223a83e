import { Trans } from '@lingui/react/macro'
import type { Member } from '../../../contract/channel'

/** Checkboxes for the channel members who may be chosen (null while they load). */
export function MemberPicker({
  candidates,
  chosen,
  onToggle,
  disabled,
}: {
  candidates: Member[] | null
  chosen: string[]
  onToggle: (memberId: string) => void
  disabled?: boolean
}) {
  if (candidates === null)
    return (
      <p role="status" className="mt-1 text-sm text-slate-500">
        <Trans>Loading channel members…</Trans>
      </p>
    )
  if (candidates.length === 0)
    return (
      <p className="mt-1 text-sm text-slate-500">
        <Trans>Everyone in the channel is already here.</Trans>
      </p>
    )
  return (
    <ul className="mt-2 grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
      {candidates.map((c) => (
        <li key={c._id}>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={chosen.includes(c._id)} disabled={disabled} onChange={() => onToggle(c._id)} />
            {c.name}
          </label>
        </li>
      ))}
    </ul>
  )
}
