import { Trans, useLingui } from '@lingui/react/macro'
import type { AccountTrashProps, TrashedFile } from '../../machines/account-trash'
import { formatDateTime } from '../../services/time-ago'
import { Alert } from '../alert'
import { Page } from '../app/page'
import { fileSize } from '../file-size'
import { LoadFailed } from '../load-failed'
import { TrashedFileActions } from '../storage/trashed-file-actions'
import { LoadMoreButton } from '../load-more-button'

/** /account/trash: the user's trashed files in every channel and chat: restore, or delete for good. */
export function TrashPageView({
  loading,
  failed,
  empty,
  rows,
  hasMore,
  loadingMore,
  busy,
  error,
  onRetry,
  onLoadMore,
  onRestore,
  onDelete,
}: AccountTrashProps) {
  const { t } = useLingui()
  return (
    <Page title={<Trans>Trash</Trans>}>
      {error ? <Alert className="mb-3">{error}</Alert> : null}
      {loading ? (
        <p role="status" className="text-sm text-slate-500">
          <Trans>Loading the trash…</Trans>
        </p>
      ) : failed ? (
        <LoadFailed onRetry={onRetry}>
          <Trans>Could not load the trash.</Trans>
        </LoadFailed>
      ) : empty ? (
        <p className="text-sm text-slate-500">
          <Trans>The trash is empty.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Trashed files`} className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
          {rows.map(({ file, busy: acting }) => (
            <TrashItem
              key={file._id}
              file={file}
              disabled={busy}
              busy={acting}
              onRestore={() => onRestore(file._id)}
              onDelete={() => onDelete(file._id)}
            />
          ))}
        </ul>
      )}
      {hasMore && !empty ? <LoadMoreButton onLoadMore={onLoadMore} loadingMore={loadingMore} /> : null}
    </Page>
  )
}

function TrashItem({
  file,
  disabled,
  busy,
  onRestore,
  onDelete,
}: {
  file: TrashedFile
  disabled: boolean
  busy: boolean
  onRestore: () => void
  onDelete: () => void
}) {
  const { t, i18n } = useLingui()
  const trashedAt = file.trashed_at ? formatDateTime(file.trashed_at, i18n.locale === 'vi' ? 'vi' : 'en') : ''
  const where = file.channel_name ? `${file.channel_name} · ${file.topic_name || t`New conversation`}` : t`Private chat`
  return (
    <li aria-label={file.name} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
      <span className="min-w-48 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{file.name}</span>
        <span className="block text-xs text-slate-600">
          {fileSize(file.size)} · {where}
        </span>
        <span className="block text-xs text-slate-600">
          <Trans>
            Trashed <time dateTime={file.trashed_at ?? ''}>{trashedAt}</time>
          </Trans>
        </span>
      </span>
      <TrashedFileActions name={file.name} disabled={disabled} busy={busy} onRestore={onRestore} onDelete={onDelete} />
    </li>
  )
}
