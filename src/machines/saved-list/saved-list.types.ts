import type { SavedItem } from '../../../contract/saved'
import type { ListReport, PagedList } from '../paged-list'

/** A saved message as the list keeps it: its message's id as the item's id. */
export type SavedRow = SavedItem & { _id: string }

export interface SavedListContext {
  /** The saved messages, as their paged list last reported them (newest saved first). */
  list: PagedList<SavedRow>
  /** The message being taken out of the list. */
  removing: string | null
  /** Why the last removal, or the last later page, failed. */
  error: string | null
}

export type SavedListEvent = ListReport<SavedRow> | { type: 'RETRY' } | { type: 'LOAD_MORE' } | { type: 'REMOVE'; messageId: string }
