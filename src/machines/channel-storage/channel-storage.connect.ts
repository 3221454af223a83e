import type { ChannelStorageSnapshot } from './channel-storage.machine'
import type { ChannelStorageEvent, StoragePage, StorageScope, StoredFile } from './channel-storage.types'

export interface StorageFileRow {
  file: StoredFile
  /** This file's action is being carried out. */
  busy: boolean
}

export interface ChannelStorageProps extends StorageScope {
  status: 'loading' | 'failed' | 'ready'
  rows: StorageFileRow[]
  usage: Pick<StoragePage, 'used' | 'quota'> | null
  /** One chat's files are headed with its name (from its files). */
  topicName: string | null
  /** Files of several chats say which chat each is in. */
  showTopic: boolean
  canLoadMore: boolean
  loadingMore: boolean
  /** A file action or its refresh runs: the other buttons wait. */
  busy: boolean
  error: string | null
  onRetry: () => void
  onLoadMore: () => void
  onTrash: (mediaId: string) => void
  onRestore: (mediaId: string) => void
  onPurge: (mediaId: string) => void
}

/** Pure: the storage page's props and handlers. */
export function connect(snapshot: ChannelStorageSnapshot, send: (event: ChannelStorageEvent) => void): ChannelStorageProps {
  const { scope, files, usage, more, acting, error } = snapshot.context
  return {
    ...scope,
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    rows: files.map((file) => ({ file, busy: acting?.mediaId === file._id })),
    usage,
    topicName: scope.topicId ? (files[0]?.topic_name ?? null) : null,
    showTopic: !scope.topicId,
    canLoadMore: more,
    loadingMore: snapshot.matches({ ready: 'loadingMore' }),
    busy: snapshot.matches({ ready: 'acting' }) || snapshot.matches({ ready: 'refreshing' }),
    error,
    onRetry: () => send({ type: 'RETRY' }),
    onLoadMore: () => send({ type: 'LOAD_MORE' }),
    onTrash: (mediaId) => send({ type: 'TRASH', mediaId }),
    onRestore: (mediaId) => send({ type: 'RESTORE', mediaId }),
    onPurge: (mediaId) => send({ type: 'PURGE', mediaId }),
  }
}
