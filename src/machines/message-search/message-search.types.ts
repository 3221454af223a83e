import type { FoundMessage, MessageSearchQuery } from '../../../contract/search'
import type { ListReport, PagedList } from '../paged-list'

export interface MessageSearchInput {
  /** The keyword of the page's address (?q=); '' for none. */
  keyword: string
}

export interface MessageSearchContext extends MessageSearchInput {
  /** The messages found, as the keyword's paged list last reported them (newest first, unique by id). */
  list: PagedList<FoundMessage>
}

export type MessageSearchEvent =
  | ListReport<FoundMessage>
  /** The keyword changed (the address's ?q=). */
  | { type: 'SEARCH'; keyword: string }
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }

export type MessageSearchCallInput = MessageSearchQuery
