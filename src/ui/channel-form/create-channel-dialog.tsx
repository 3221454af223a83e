import { useId } from 'react'
import { DialogTitle } from '@headlessui/react'
import { ModalFrame } from '../modal-frame'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ChannelTextField } from '../../machines/channel-form/channel-form.machine'
import type { ChannelFormView } from '../../machines/channel-form/channel-form.view'
import { TextField } from '../text-field'

export interface CreateChannelDialogProps extends ChannelFormView {
  onChange: (field: ChannelTextField, value: string) => void
  onSetPublic: (isPublic: boolean) => void
  onGenerate: () => void
  onSubmit: () => void
  onCancel: () => void
  /** The pricing page (the limit message's upgrade link). */
  upgradeHref?: string
}

/** Spec section 2: the create-channel modal, with the plan's channel limit. */
export function CreateChannelDialog(props: CreateChannelDialogProps) {
  const { open, quotaReached, limit, busy, error, onCancel, upgradeHref = '/pricing' } = props
  const { t } = useLingui()
  return (
    <ModalFrame open={open} onClose={() => (busy ? undefined : onCancel())} size="lg">
          <DialogTitle className="text-lg font-semibold text-slate-900">
            <Trans>Create channel</Trans>
          </DialogTitle>
          {quotaReached ? (
            <>
              <p role="alert" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <Trans>You have reached the number of channels ({limit}), to increase the number please upgrade your account.</Trans>
              </p>
              <div className="mt-6 flex justify-end gap-2">
                <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                  <Trans>Close</Trans>
                </button>
                <a href={upgradeHref} className="rounded-md bg-amber-500 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-400">
                  <Trans>Upgrade</Trans>
                </a>
              </div>
            </>
          ) : (
            <ChannelFields {...props} />
          )}
          {error ? (
            <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {error === 'create' ? t`Could not create the channel. Please try again.` : t`Could not write a description. Please try again.`}
            </p>
          ) : null}
        </ModalFrame>
  )
}

function ChannelFields({ name, description, isPublic, password, nameError, passwordError, canCreate, canGenerate, busy, onChange, onSetPublic, onGenerate, onSubmit, onCancel }: CreateChannelDialogProps) {
  const { t } = useLingui()
  const descriptionId = useId()
  const locked = busy !== null
  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (canCreate) onSubmit()
      }}
    >
      <TextField
        label={t`Channel name`}
        value={name}
        onChange={(event) => onChange('name', event.target.value)}
        disabled={locked}
        autoComplete="off"
        errors={nameError === 'required' ? [t`Field name is required`] : nameError === 'tooLong' ? [t`The channel name can have at most 75 characters`] : []}
      />
      <div>
        <div className="flex items-center justify-between">
          <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-700">
            <Trans>Description</Trans>
          </label>
          <button
            type="button"
            onClick={onGenerate}
            disabled={!canGenerate}
            aria-busy={busy === 'generating' || undefined}
            className="rounded-md px-2 py-1 text-xs font-semibold text-indigo-600 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            <Trans>Write with AI</Trans>
          </button>
        </div>
        <textarea
          id={descriptionId}
          value={description}
          onChange={(event) => onChange('description', event.target.value)}
          disabled={locked}
          rows={3}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          <Trans>Visibility</Trans>
        </legend>
        <div className="mt-1 flex gap-4">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="visibility" checked={isPublic} onChange={() => onSetPublic(true)} disabled={locked} />
            <Trans>Public</Trans>
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="visibility" checked={!isPublic} onChange={() => onSetPublic(false)} disabled={locked} />
            <Trans>Private</Trans>
          </label>
        </div>
      </fieldset>
      {isPublic ? null : (
        <TextField
          label={t`Password`}
          type="password"
          value={password}
          onChange={(event) => onChange('password', event.target.value)}
          disabled={locked}
          autoComplete="new-password"
          errors={passwordError ? [t`Must be at least 6 characters`] : []}
          hint={passwordError ? undefined : t`A private channel needs a password of at least 6 characters.`}
        />
      )}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" onClick={onCancel} disabled={locked} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60">
          <Trans>Cancel</Trans>
        </button>
        <button
          type="submit"
          disabled={!canCreate}
          aria-busy={busy === 'creating' || undefined}
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Trans>Create</Trans>
        </button>
      </div>
    </form>
  )
}
