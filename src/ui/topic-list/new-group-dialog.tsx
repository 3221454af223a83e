import { type FormEvent, useEffect, useState } from 'react'
import { DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Member } from '../../../contract/channel'
import type { Topic } from '../../../contract/topic'
import { addTopic } from '../../services/chat'
import { channelPage } from '../../services/channels'
import { failureMessage } from '../../services/failure'
import { everyPage } from '../../services/pages'
import { ModalFrame } from '../modal-frame'
import { TextField } from '../text-field'
import { MemberPicker } from '../topic-info/member-picker'

/** A new group chat in the current channel (POST channel/add-topic) with some of its members. */
export function NewGroupDialog({ channelId, meId, onCreated, onClose }: { channelId: string; meId: string; onCreated: (topic: Topic) => void; onClose: () => void }) {
  const { t } = useLingui()
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [candidates, setCandidates] = useState<Member[] | null>(null)
  useEffect(() => {
    everyPage((page) => channelPage(channelId, page).then((p) => p.customers)).then(
      (members) => setCandidates(members.filter((c) => c._id !== meId)),
      () => setCandidates([]),
    )
  }, [channelId, meId])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    addTopic(channelId, name.trim(), chosen).then(onCreated, (failure: unknown) => {
      setBusy(false)
      setError(failureMessage(failure))
    })
  }
  return (
    <ModalFrame open onClose={() => (busy ? undefined : onClose())}>
      <DialogTitle className="text-lg font-semibold text-slate-900">
        <Trans>New group</Trans>
      </DialogTitle>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <TextField label={t`Group name`} value={name} maxLength={75} onChange={(event) => setName(event.target.value)} disabled={busy} autoComplete="off" />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            <Trans>Members</Trans>
          </legend>
          <MemberPicker candidates={candidates} chosen={chosen} onToggle={(id) => setChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id])} />
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" disabled={busy || name.trim() === ''} aria-busy={busy || undefined} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
            <Trans>Create group</Trans>
          </button>
        </div>
      </form>
    </ModalFrame>
  )
}
