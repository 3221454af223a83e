import { useEffect, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import type { Member } from '../../../contract/channel'
import { channelPage } from '../../services/channels'
import { everyPage } from '../../services/pages'

/** Checkboxes for the channel's members (every page of GET channel/page) who are not in `exclude`. */
export function MemberPicker({ channelId, exclude, chosen, onChosen }: { channelId: string; exclude: string[]; chosen: string[]; onChosen: (ids: string[]) => void }) {
  const [candidates, setCandidates] = useState<Member[] | null>(null)
  const excluded = exclude.join(',')
  useEffect(() => {
    everyPage((page) => channelPage(channelId, page).then((p) => p.customers)).then(
      (members) => setCandidates(members.filter((c) => !excluded.split(',').includes(c._id))),
      () => setCandidates([]),
    )
  }, [channelId, excluded])
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
            <input type="checkbox" checked={chosen.includes(c._id)} onChange={(event) => onChosen(event.target.checked ? [...chosen, c._id] : chosen.filter((id) => id !== c._id))} />
            {c.name}
          </label>
        </li>
      ))}
    </ul>
  )
}
