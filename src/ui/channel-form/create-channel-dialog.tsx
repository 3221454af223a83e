import { useId } from 'react'
import { DialogTitle } from '@headlessui/react'
import { ModalFrame } from '../modal-frame'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  CHANNEL_IMAGE_TYPES,
  type ChannelFormProps,
  type ChannelImage,
  type ChannelUseFor,
  type ImageSlot,
} from '../../machines/channel-form'
import { Alert } from '../alert'
import { Button, buttonClass } from '../button'
import { TextField } from '../text-field'

export interface CreateChannelDialogProps extends ChannelFormProps {
  /** The pricing page (the limit message's upgrade link). */
  upgradeHref?: string
}

/** The create-channel modal, with the plan's channel limit. */
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
          <Alert tone="warning" className="mt-4">
            <Trans>You have reached the number of channels ({limit}), to increase the number please upgrade your account.</Trans>
          </Alert>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              <Trans>Close</Trans>
            </Button>
            <a href={upgradeHref} className={buttonClass('primary')}>
              <Trans>Upgrade</Trans>
            </a>
          </div>
        </>
      ) : (
        <ChannelFields {...props} />
      )}
      {error ? (
        <Alert className="mt-3">
          {
            {
              create: t`Could not create the channel. Please try again.`,
              generate: t`Could not write a description. Please try again.`,
              upload: t`Could not upload the image. Please try again.`,
              imageType: t`Choose a JPEG or PNG image.`,
            }[error]
          }
        </Alert>
      ) : null}
    </ModalFrame>
  )
}

function ChannelFields(props: CreateChannelDialogProps) {
  const {
    name,
    description,
    isPublic,
    password,
    useFor,
    referralLink,
    image,
    banner,
    nameError,
    passwordError,
    canCreate,
    canGenerate,
    busy,
    onChange,
    onSetPublic,
    onSetUseFor,
    onGenerate,
    onSubmit,
    onCancel,
  } = props
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
        errors={
          nameError === 'required'
            ? [t`Field name is required`]
            : nameError === 'tooLong'
              ? [t`The channel name can have at most 75 characters`]
              : []
        }
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
      <div className="grid gap-3 sm:grid-cols-2">
        <ImagePicker {...props} slot="image" label={t`Channel image`} image={image} />
        <ImagePicker {...props} slot="banner" label={t`Banner`} image={banner} />
      </div>
      {busy === 'uploading' ? (
        <p role="status" className="text-sm text-slate-600">
          <Trans>Uploading image…</Trans>
        </p>
      ) : null}
      <label className="block text-sm font-medium text-slate-700">
        <Trans>Used for</Trans>
        <select
          value={useFor ?? ''}
          onChange={(event) => onSetUseFor(event.target.value === '' ? null : (event.target.value as ChannelUseFor))}
          disabled={locked}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          <option value="">{t`Not specified`}</option>
          <option value="sme">{t`Business (SME)`}</option>
          <option value="edu">{t`Education`}</option>
        </select>
      </label>
      <TextField
        label={t`Referral link`}
        type="url"
        value={referralLink}
        onChange={(event) => onChange('referralLink', event.target.value)}
        disabled={locked}
        autoComplete="off"
      />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={locked}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={!canCreate} aria-busy={busy === 'creating' || undefined}>
          <Trans>Create</Trans>
        </Button>
      </div>
    </form>
  )
}

/** A jpeg or png for the channel's image or banner: a preview once uploaded, and Remove. */
function ImagePicker({
  slot,
  label,
  image,
  busy,
  onPickImage,
  onRemoveImage,
}: CreateChannelDialogProps & { slot: ImageSlot; label: string; image: ChannelImage | null }) {
  const { t } = useLingui()
  const inputId = useId()
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-2 text-sm">
      <label htmlFor={inputId} className="block font-medium text-slate-700">
        {label}
      </label>
      {image ? (
        <div className="mt-1 flex items-center gap-2">
          <img src={image.url} alt={label} className="h-12 w-20 rounded object-cover" />
          <button
            type="button"
            onClick={() => onRemoveImage(slot)}
            disabled={busy !== null}
            className="text-xs font-semibold text-red-700 hover:underline"
          >
            {t`Remove ${label}`}
          </button>
        </div>
      ) : null}
      <input
        id={inputId}
        type="file"
        accept={CHANNEL_IMAGE_TYPES.join(',')}
        disabled={busy !== null}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) onPickImage(slot, file)
        }}
        className="mt-1 block w-full text-xs text-slate-600 file:mr-2 file:rounded file:border-0 file:bg-indigo-50 file:px-2 file:py-1 file:text-indigo-700"
      />
    </div>
  )
}
