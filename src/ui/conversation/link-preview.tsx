import { Trans, useLingui } from '@lingui/react/macro'
import type { MessagePreview } from '../../../contract/message'

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

/**
 * A link's preview under a message: its site, title (the link), description and picture (read
 * through this server's media links, never from the site). The sender may remove it.
 */
export function LinkPreview({ preview, onRemove }: { preview: MessagePreview; onRemove?: () => void }) {
  const { t } = useLingui()
  const site = preview.site_name ?? hostOf(preview.url)
  const title = preview.title ?? preview.url
  const image = preview.image
  return (
    <section
      aria-label={t`Link preview: ${title}`}
      className="mt-2 w-full max-w-sm overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900"
    >
      {image ? (
        <img
          src={image.thumb_url ?? image.url}
          alt=""
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          className="block max-h-40 w-full bg-slate-100 object-cover"
        />
      ) : null}
      <div className="space-y-0.5 px-3 py-2">
        <p className="truncate text-xs text-slate-600">{site}</p>
        <a
          href={preview.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="line-clamp-2 break-words text-sm font-semibold !text-indigo-800 hover:underline"
        >
          {title}
        </a>
        {preview.description ? <p className="line-clamp-3 break-words text-xs text-slate-700">{preview.description}</p> : null}
        {onRemove ? (
          <button
            type="button"
            onClick={onRemove}
            className="mt-1 min-h-8 rounded px-1 text-xs font-medium text-slate-600 underline hover:text-slate-900"
          >
            <Trans>Remove preview</Trans>
          </button>
        ) : null}
      </div>
    </section>
  )
}
