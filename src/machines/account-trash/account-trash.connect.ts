import { pagedListProps, type PagedListProps } from '../paged-list'
import type { AccountTrashSnapshot } from './account-trash.machine'
import type { AccountTrashEvent, TrashedFile } from './account-trash.types'

export interface TrashRow {
  file: TrashedFile
  /** This file is being restored or deleted. */
  busy: boolean
}

export interface AccountTrashProps extends PagedListProps<TrashedFile> {
  rows: TrashRow[]
  /** A file is being restored or deleted: the other buttons wait. */
  busy: boolean
  onRestore: (mediaId: string) => void
  onDelete: (mediaId: string) => void
}

/** Pure: the trash page's props and handlers. */
export function connect(snapshot: AccountTrashSnapshot, send: (event: AccountTrashEvent) => void): AccountTrashProps {
  const { list, acting, error } = snapshot.context
  return {
    ...pagedListProps(list, send),
    error,
    rows: list.items.map((file) => ({ file, busy: acting?.mediaId === file._id })),
    busy: snapshot.matches('acting'),
    onRestore: (mediaId) => send({ type: 'RESTORE', mediaId }),
    onDelete: (mediaId) => send({ type: 'DELETE', mediaId }),
  }
}
