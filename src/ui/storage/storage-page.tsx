import { useCallback, useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import { PAGE_SIZE } from '../../../contract/common'
import type { StoragePage, StoredFile } from '../../../contract/media'
import { purgeFile, restoreFile, storageOf, trashFile } from '../../services/chat'
import { apiErrorOf } from '../../services/http'
import { fileSize } from '../file-size'

export interface StorageScope {
  channelId: string
  /** One chat's files; all of the channel's chats the user is in when absent. */
  topicId?: string
  trash: boolean
}

/**
 * /chat/channel/{channel}/storage[/{topic}[/trash]]: files shared in the channel's chats, 20 at a
 * time; the uploader or a channel admin moves one to the trash, restores it or deletes it for good.
 */
export function StoragePageView({ channelId, topicId, trash }: StorageScope) {
  const { t } = useLingui()
  const [pages, setPages] = useState<StoragePage[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback((page: number) => storageOf({ channelId, topicId, trash, page }), [channelId, topicId, trash])
  const reload = useCallback(() => {
    load(1).then(
      (first) => setPages([first]),
      () => setPages([]),
    )
  }, [load])
  useEffect(() => {
    setPages(null)
    reload()
  }, [reload])

  const act = (work: Promise<unknown>) => {
    setError(null)
    work.then(reload, (failure: unknown) => setError(apiErrorOf(failure)?.body?.message ?? t`Something went wrong. Please try again.`))
  }
  const items = pages?.flatMap((p) => p.items) ?? []
  const usage = pages?.[0]
  const more = pages !== null && pages.length > 0 && pages.at(-1)!.items.length === PAGE_SIZE
  const topicName = topicId ? items[0]?.topic_name : undefined

  return (
    <div className="h-full overflow-y-auto bg-white">
      <header className="flex min-h-14 flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
          {trash ? <Trans>Trash</Trans> : topicName ? <Trans>Files in {topicName}</Trans> : <Trans>Channel files</Trans>}
        </h1>
        <nav aria-label={t`Storage`} className="flex gap-1 text-sm">
          {topicId ? (
            <>
              <Link to="/chat/channel/$channelId/storage" params={{ channelId }} className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100">
                <Trans>All channel files</Trans>
              </Link>
              {trash ? (
                <Link to="/chat/channel/$channelId/storage/$topicId" params={{ channelId, topicId }} className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100">
                  <Trans>Files</Trans>
                </Link>
              ) : (
                <Link to="/chat/channel/$channelId/storage/$topicId/trash" params={{ channelId, topicId }} className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100">
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
        {error ? (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {pages === null ? (
          <p role="status" className="text-sm text-slate-500">
            <Trans>Loading files…</Trans>
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-500">{trash ? <Trans>The trash is empty.</Trans> : <Trans>No files yet.</Trans>}</p>
        ) : (
          <ul aria-label={t`Files`} className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {items.map((file) => (
              <FileRow key={file._id} file={file} channelId={channelId} trash={trash} showTopic={!topicId} onTrash={() => act(trashFile(file._id))} onRestore={() => act(restoreFile(file._id))} onPurge={() => act(purgeFile(file._id))} />
            ))}
          </ul>
        )}
        {more ? (
          <button
            type="button"
            onClick={() => void load(pages.length + 1).then((next) => setPages([...pages, next]), () => undefined)}
            className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
          >
            <Trans>Load more</Trans>
          </button>
        ) : null}
      </div>
    </div>
  )
}

function FileRow(props: { file: StoredFile; channelId: string; trash: boolean; showTopic: boolean; onTrash: () => void; onRestore: () => void; onPurge: () => void }) {
  const { file, channelId, trash, showTopic, onTrash, onRestore, onPurge } = props
  const { t } = useLingui()
  const button = 'rounded border px-2 py-0.5 text-xs font-medium'
  return (
    <li aria-label={file.name} className="flex flex-wrap items-center gap-3 px-3 py-2">
      {file.thumb_url ? <img src={file.thumb_url} alt="" className="h-10 w-10 rounded object-cover" /> : <span aria-hidden="true" className="text-2xl">📄</span>}
      <span className="min-w-0 flex-1">
        {trash ? (
          <span className="block truncate text-sm font-medium text-slate-900">{file.name}</span>
        ) : (
          <a href={file.url} download={file.name} className="block truncate text-sm font-medium text-indigo-700 hover:underline">
            {file.name}
          </a>
        )}
        <span className="block text-xs text-slate-500">
          {fileSize(file.size)} · {file.uploader.name} · <time dateTime={file.created_at}>{dayjs(file.created_at).format('YYYY-MM-DD HH:mm')}</time>
          {showTopic ? (
            <>
              {' · '}
              <Link to="/chat/channel/$channelId/storage/$topicId" params={{ channelId, topicId: file.topic_id }} className="hover:underline">
                {file.topic_name || t`New Message`}
              </Link>
            </>
          ) : null}
        </span>
      </span>
      {trash ? (
        <>
          <button type="button" onClick={onRestore} className={`${button} border-slate-300 text-slate-700 hover:bg-slate-50`}>
            {t`Restore ${file.name}`}
          </button>
          <button
            type="button"
            onClick={() => {
              if (window.confirm(t`Delete ${file.name} for good? This cannot be undone.`)) onPurge()
            }}
            className={`${button} border-red-200 text-red-700 hover:bg-red-50`}
          >
            {t`Delete ${file.name} forever`}
          </button>
        </>
      ) : (
        <button type="button" onClick={onTrash} className={`${button} border-slate-300 text-slate-700 hover:bg-slate-50`}>
          {t`Move ${file.name} to trash`}
        </button>
      )}
    </li>
  )
}
