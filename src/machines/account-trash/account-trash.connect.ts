import type { AccountTrashSnapshot } from './account-trash.machine'
import type { AccountTrashEvent, TrashedFile } from './account-trash.types'

export interface TrashRow {
  file: TrashedFile
  /** This file is being restored or deleted. */
  busy: boolean
}

export interface AccountTrashProps {
  status: 'loading' | 'failed' | 'empty' | 'ready'
  rows: TrashRow[]
  canLoadMore: boolean
  loadingMore: boolean
  /** A file is being restored or deleted: the other buttons wait. */
  busy: boolean
  error: string | null
  onRetry: () => void
  onLoadMore: () => void
  onRestore: (mediaId: string) => void
  onDelete: (mediaId: string) => void
}

/** Pure: the trash page's props and handlers. */
export function connect(snapshot: AccountTrashSnapshot, send: (event: AccountTrashEvent) => void): AccountTrashProps {
  const { files, more, acting, error } = snapshot.context
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : snapshot.matches('empty') ? 'empty' : 'ready',
    rows: files.map((file) => ({ file, busy: acting?.mediaId === file._id })),
    canLoadMore: more,
    loadingMore: snapshot.matches({ ready: 'loadingMore' }),
    busy: snapshot.matches({ ready: 'restoring' }) || snapshot.matches({ ready: 'deleting' }),
    error,
    onRetry: () => send({ type: 'RETRY' }),
    onLoadMore: () => send({ type: 'LOAD_MORE' }),
    onRestore: (mediaId) => send({ type: 'RESTORE', mediaId }),
    onDelete: (mediaId) => send({ type: 'DELETE', mediaId }),
  }
}
