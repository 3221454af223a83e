import { type FormEvent } from 'react'
import { DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { NewGroupProps } from '../../machines/new-group'
import { ModalFrame } from '../modal-frame'
import { TextField } from '../text-field'
import { Button } from '../button'

/** A new group chat in the current channel with some of its members. */
export function NewGroupDialog({
  open,
  name,
  candidates,
  chosen,
  busy,
  canSubmit,
  error,
  onClose,
  onName,
  onToggleMember,
  onSubmit,
}: NewGroupProps) {
  const { t } = useLingui()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  if (!open) return null
  return (
    <ModalFrame open onClose={onClose}>
      <DialogTitle className="text-lg font-semibold text-slate-900">
        <Trans>New group</Trans>
      </DialogTitle>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          label={t`Group name`}
          value={name}
          maxLength={75}
          onChange={(event) => onName(event.target.value)}
          disabled={busy}
          autoComplete="off"
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            <Trans>Members</Trans>
          </legend>
          {candidates === null ? (
            <p role="status" className="mt-1 text-sm text-slate-500">
              <Trans>Loading channel members…</Trans>
            </p>
          ) : candidates.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">
              <Trans>Everyone in the channel is already here.</Trans>
            </p>
          ) : (
            <ul className="mt-2 grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
              {candidates.map((c) => (
                <li key={c._id}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" checked={chosen.includes(c._id)} onChange={() => onToggleMember(c._id)} />
                    {c.name}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={!canSubmit} aria-busy={busy || undefined}>
            <Trans>Create group</Trans>
          </Button>
        </div>
      </form>
    </ModalFrame>
  )
}
