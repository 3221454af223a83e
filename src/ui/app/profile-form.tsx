import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ProfileProps } from '../../machines/profile'
import { Avatar } from '../avatar'
import { Notice, TextField } from '../text-field'
import { Button } from '../button'

export type ProfileFormProps = ProfileProps

/** /account/profile: the name (one field per call) and the avatar (jpeg or png, with progress). */
export function ProfileForm(props: ProfileFormProps) {
  const { name, photoUrl, initials, savingName, uploading, uploadPercent, avatarError, notice, onSaveName, onPickAvatar } = props
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useState(name)
  const fileId = useId()
  useEffect(() => setDraft(name), [name])

  const save = (event: FormEvent) => {
    event.preventDefault()
    onSaveName(draft.trim())
  }
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) onPickAvatar(file)
  }

  return (
    <div className="space-y-8">
      {notice ? <Notice tone="success">{i18n._(notice)}</Notice> : null}
      <section aria-labelledby={`${fileId}-avatar`} className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar photoUrl={photoUrl} initials={initials} size={64} label={t`Your avatar`} />
        <div className="flex-1 space-y-2">
          <h2 id={`${fileId}-avatar`} className="text-sm font-semibold text-slate-900">
            <Trans>Avatar</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>A JPG or PNG image, up to 5 MB.</Trans>
          </p>
          <label
            htmlFor={fileId}
            className={`inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-indigo-600 ${uploading ? 'pointer-events-none opacity-60' : ''}`}
          >
            <Trans>Upload a new avatar</Trans>
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,.jpg,.jpeg,.png"
              className="sr-only"
              disabled={uploading}
              onChange={pick}
            />
          </label>
          {uploadPercent !== null ? (
            <div className="max-w-xs">
              <div
                role="progressbar"
                aria-label={t`Upload progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={uploadPercent}
                className="h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${uploadPercent}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-500">{uploadPercent}%</p>
            </div>
          ) : null}
          {avatarError ? (
            <p role="alert" className="text-sm text-red-600">
              {i18n._(avatarError)}
            </p>
          ) : null}
        </div>
      </section>
      <form onSubmit={save} className="max-w-md space-y-4">
        <TextField
          label={t`Name`}
          name="name"
          autoComplete="name"
          required
          maxLength={75}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" disabled={savingName || draft.trim() === '' || draft.trim() === name}>
          {savingName ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </Button>
      </form>
    </div>
  )
}
