import { pagedListProps, type PagedListProps } from '../paged-list'
import type { ChannelStorageSnapshot } from './channel-storage.machine'
import type { ChannelStorageEvent, StorageScope, StorageUsage, StoredFile } from './channel-storage.types'

export interface StorageFileRow {
  file: StoredFile
  /** This file's action is being carried out. */
  busy: boolean
}

export interface ChannelStorageProps extends StorageScope, PagedListProps<StoredFile> {
  rows: StorageFileRow[]
  usage: StorageUsage | null
  /** One chat's files are headed with its name (from its files). */
  topicName: string | null
  /** Files of several chats say which chat each is in. */
  showTopic: boolean
  /** A file action or its refresh runs: the other buttons wait. */
  busy: boolean
  onTrash: (mediaId: string) => void
  onRestore: (mediaId: string) => void
  onPurge: (mediaId: string) => void
}

/** Pure: the storage page's props and handlers. */
export function connect(snapshot: ChannelStorageSnapshot, send: (event: ChannelStorageEvent) => void): ChannelStorageProps {
  const { scope, list, acting, error } = snapshot.context
  const paging = pagedListProps(list, send)
  return {
    ...scope,
    ...paging,
    error,
    rows: list.items.map((file) => ({ file, busy: acting?.mediaId === file._id })),
    usage: list.details ? { used: list.details.used, quota: list.details.quota } : null,
    topicName: scope.topicId ? (list.items[0]?.topic_name ?? null) : null,
    showTopic: !scope.topicId,
    busy: snapshot.matches({ open: 'acting' }) || paging.refreshing,
    onTrash: (mediaId) => send({ type: 'TRASH', mediaId }),
    onRestore: (mediaId) => send({ type: 'RESTORE', mediaId }),
    onPurge: (mediaId) => send({ type: 'PURGE', mediaId }),
  }
}
