import type { TrashedFile } from '../../../contract/pages'

export type { TrashedFile }

export interface AccountTrashContext {
  files: TrashedFile[]
  /** Pages loaded so far. */
  pages: number
  /** The last page was full: there may be more. */
  more: boolean
  /** The file being restored or deleted. */
  acting: { action: 'restore' | 'delete'; mediaId: string } | null
  error: string | null
}

export type TrashActionInput = NonNullable<AccountTrashContext['acting']>

export type AccountTrashEvent =
  { type: 'RETRY' } | { type: 'LOAD_MORE' } | { type: 'RESTORE'; mediaId: string } | { type: 'DELETE'; mediaId: string }
