import type { TrashedFile } from '../../../contract/pages'
import type { ListReport, PagedList } from '../paged-list'

export type { TrashedFile }

export interface AccountTrashContext {
  /** The trash, as its paged list last reported it. */
  list: PagedList<TrashedFile>
  /** The file being restored or deleted. */
  acting: { action: 'restore' | 'delete'; mediaId: string } | null
  /** Why the last action, or the last later page, failed. */
  error: string | null
}

export type TrashActionInput = NonNullable<AccountTrashContext['acting']>

export type AccountTrashEvent =
  | ListReport<TrashedFile>
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }
  | { type: 'RESTORE'; mediaId: string }
  | { type: 'DELETE'; mediaId: string }
