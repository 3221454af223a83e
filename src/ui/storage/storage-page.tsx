import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import type { ChannelStorageProps, StoredFile } from '../../machines/channel-storage'
import { Alert } from '../alert'
import { Button } from '../button'
import { LoadFailed } from '../load-failed'
import { fileSize } from '../file-size'
import { TrashedFileActions } from './trashed-file-actions'
import { LoadMoreButton } from '../load-more-button'

/**
 * /chat/channel/{channel}/storage[/{topic}[/trash]]: files shared in the channel's chats, 20 at a
 * time; the uploader or a channel admin moves one to the trash, restores it or deletes it for good.
 */
export function StoragePageView(props: ChannelStorageProps) {
  const {
    channelId,
    topicId,
    trash,
    loading,
    failed,
    rows,
    usage,
    topicName,
    showTopic,
    hasMore,
    loadingMore,
    busy,
    error,
    onRetry,
    onLoadMore,
    onTrash,
    onRestore,
    onPurge,
  } = props
  const { t } = useLingui()
  return (
    <div className="h-full overflow-y-auto bg-white">
      <header className="flex min-h-14 flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
          {trash ? <Trans>Trash</Trans> : topicName ? <Trans>Files in {topicName}</Trans> : <Trans>Channel files</Trans>}
        </h1>
        <nav aria-label={t`Storage`} className="flex gap-1 text-sm">
          {topicId ? (
            <>
              <Link
                to="/chat/channel/$channelId/storage"
                params={{ channelId }}
                className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100"
              >
                <Trans>All channel files</Trans>
              </Link>
              {trash ? (
                <Link
                  to="/chat/channel/$channelId/storage/$topicId"
                  params={{ channelId, topicId }}
                  className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100"
                >
                  <Trans>Files</Trans>
                </Link>
              ) : (
                <Link
                  to="/chat/channel/$channelId/storage/$topicId/trash"
                  params={{ channelId, topicId }}
                  className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100"
                >
                  <Trans>Trash</Trans>
                </Link>
              )}
            </>
          ) : null}
        </nav>
      </header>
      <div className="mx-auto max-w-3xl p-4">
        {usage ? (
          <div className="mb-4">
            <p className="text-sm text-slate-700">
              <Trans>
                {fileSize(usage.used)} of {fileSize(usage.quota)} used
              </Trans>
            </p>
            <progress value={usage.used} max={usage.quota} aria-label={t`Storage used`} className="mt-1 h-2 w-full" />
          </div>
        ) : null}
        {error ? <Alert className="mb-3">{error}</Alert> : null}
        {loading ? (
          <p role="status" className="text-sm text-slate-500">
            <Trans>Loading files…</Trans>
          </p>
        ) : failed ? (
          <LoadFailed onRetry={onRetry}>
            <Trans>Could not load the files.</Trans>
          </LoadFailed>
        ) : rows.length === 0 ? (
          <p className="text-sm text-slate-500">{trash ? <Trans>The trash is empty.</Trans> : <Trans>No files yet.</Trans>}</p>
        ) : (
          <ul aria-label={t`Files`} className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {rows.map(({ file, busy: acting }) => (
              <FileRow
                key={file._id}
                file={file}
                channelId={channelId}
                trash={trash}
                showTopic={showTopic}
                disabled={busy}
                busy={acting}
                onTrash={() => onTrash(file._id)}
                onRestore={() => onRestore(file._id)}
                onPurge={() => onPurge(file._id)}
              />
            ))}
          </ul>
        )}
        {hasMore ? <LoadMoreButton onLoadMore={onLoadMore} loadingMore={loadingMore} /> : null}
      </div>
    </div>
  )
}

function FileRow(props: {
  file: StoredFile
  channelId: string
  trash: boolean
  showTopic: boolean
  disabled: boolean
  busy: boolean
  onTrash: () => void
  onRestore: () => void
  onPurge: () => void
}) {
  const { file, channelId, trash, showTopic, disabled, busy, onTrash, onRestore, onPurge } = props
  const { t } = useLingui()
  return (
    <li aria-label={file.name} className="flex flex-wrap items-center gap-3 px-3 py-2">
      {file.thumb_url ? (
        <img src={file.thumb_url} alt="" className="h-10 w-10 rounded object-cover" />
      ) : (
        <span aria-hidden="true" className="text-2xl">
          📄
        </span>
      )}
      <span className="min-w-0 flex-1">
        {trash ? (
          <span className="block truncate text-sm font-medium text-slate-900">{file.name}</span>
        ) : (
          <a href={file.url} download={file.name} className="block truncate text-sm font-medium text-indigo-700 hover:underline">
            {file.name}
          </a>
        )}
        <span className="block text-xs text-slate-500">
          {fileSize(file.size)} · {file.uploader.name} ·{' '}
          <time dateTime={file.created_at}>{dayjs(file.created_at).format('YYYY-MM-DD HH:mm')}</time>
          {showTopic ? (
            <>
              {' · '}
              <Link
                to="/chat/channel/$channelId/storage/$topicId"
                params={{ channelId, topicId: file.topic_id }}
                className="hover:underline"
              >
                {file.topic_name || t`New Message`}
              </Link>
            </>
          ) : null}
        </span>
      </span>
      {trash ? (
        <TrashedFileActions name={file.name} disabled={disabled} busy={busy} onRestore={onRestore} onDelete={onPurge} />
      ) : (
        <Button variant="secondary" size="sm" onClick={onTrash} disabled={disabled} aria-busy={busy || undefined}>
          {t`Move ${file.name} to trash`}
        </Button>
      )}
    </li>
  )
}
