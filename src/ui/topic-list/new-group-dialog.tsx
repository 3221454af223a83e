import { type FormEvent, useState } from 'react'
import { DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Topic } from '../../../contract/topic'
import { addTopic } from '../../services/chat'
import { apiErrorOf } from '../../services/http'
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
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    addTopic(channelId, name.trim(), chosen).then(onCreated, (failure: unknown) => {
      setBusy(false)
      setError(apiErrorOf(failure)?.body?.message ?? t`Something went wrong. Please try again.`)
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
          <MemberPicker channelId={channelId} exclude={[meId]} chosen={chosen} onChosen={setChosen} />
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
