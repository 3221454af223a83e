import type { FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CustomEmojiProps } from '../../machines/custom-emoji'
import { Alert } from '../alert'
import { Button } from '../button'
import { LoadFailed } from '../load-failed'
import { TextField } from '../text-field'

/**
 * /chat/channel/{channel}/emoji: the channel's custom emoji, which its members find in the emoji
 * picker (Custom) and in reactions; its admins add one (a :shortcode: and a small image) and delete them.
 */
export function CustomEmojiPageView({ status, channelId, channelName, emoji, form, error, onRetry }: CustomEmojiProps) {
  const { t, i18n } = useLingui()
  if (status === 'failed')
    return (
      <LoadFailed onRetry={onRetry} className="p-6">
        <Trans>Could not load the custom emoji.</Trans>
      </LoadFailed>
    )
  if (status === 'loading')
    return (
      <p role="status" className="p-6 text-sm text-slate-500">
        <Trans>Loading custom emoji…</Trans>
      </p>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form?.onAdd()
  }
  return (
    <div className="h-full overflow-y-auto bg-white">
      <header className="flex h-14 items-center gap-2 border-b border-slate-200 px-3">
        <Link to="/chat/channel/$channelId" params={{ channelId }} className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
          <Trans>Back to chat</Trans>
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
          <Trans>Custom emoji: {channelName}</Trans>
        </h1>
      </header>
      <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4">
        {error ? <Alert>{error}</Alert> : null}
        {form ? (
          <form onSubmit={submit} aria-label={t`Add a custom emoji`} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
            <h2 className="text-sm font-semibold text-slate-900">
              <Trans>Add a custom emoji</Trans>
            </h2>
            <TextField
              label={t`Shortcode`}
              hint={t`Members react with it as :shortcode:`}
              value={form.shortcode}
              onChange={(event) => form.onShortcode(event.target.value)}
              errors={form.shortcodeError ? [i18n._(form.shortcodeError)] : []}
              disabled={form.busy}
              autoComplete="off"
            />
            <div>
              <label htmlFor="custom-emoji-image" className="block text-sm font-medium text-slate-700">
                <Trans>Image (PNG, JPEG, GIF or WebP, at most 256 KB)</Trans>
              </label>
              <input
                id="custom-emoji-image"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                disabled={form.busy}
                aria-invalid={form.imageTooLarge || undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0]
                  form.onImage(file ? { file, name: file.name, size: file.size } : null)
                }}
                className="mt-1 block w-full text-sm file:mr-3 file:min-h-10 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:text-sm file:font-medium"
              />
              {form.imageTooLarge ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  <Trans>Choose an image of at most 256 KB.</Trans>
                </p>
              ) : null}
            </div>
            <div>
              <Button type="submit" disabled={!form.canAdd} aria-busy={form.busy || undefined}>
                <Trans>Add emoji</Trans>
              </Button>
            </div>
          </form>
        ) : null}
        <section aria-label={t`Custom emoji`}>
          {emoji.length === 0 ? (
            <p className="text-sm text-slate-600">
              <Trans>This channel has no custom emoji yet.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {emoji.map((e) => {
                const code = `:${e.shortcode}:`
                return (
                  <li key={e._id} className="flex min-h-12 items-center gap-3 py-2">
                    <img src={e.image_url} alt="" className="h-8 w-8 object-contain" />
                    <span className="min-w-0 flex-1 truncate font-mono text-sm text-slate-900">{code}</span>
                    {e.onDelete ? (
                      <Button variant="secondary" size="sm" onClick={e.onDelete} disabled={form?.busy} aria-label={t`Delete ${code}`}>
                        {e.deleting ? <Trans>Deleting…</Trans> : <Trans>Delete</Trans>}
                      </Button>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
