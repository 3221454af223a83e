import type { FoundMessage, MessageSearchQuery } from '../../../contract/search'
import type { ListReport, PagedList } from '../paged-list'

export interface MessageSearchInput {
  /** The keyword of the page's address (?q=); '' for none. */
  keyword: string
  /** The chat the search is limited to (the address's ?in=); null or absent: every chat. */
  topicId?: string | null
}

export interface MessageSearchContext extends MessageSearchInput {
  topicId: string | null
  /** The messages found, as the keyword's paged list last reported them (newest first, unique by id). */
  list: PagedList<FoundMessage>
}

export type MessageSearchEvent =
  | ListReport<FoundMessage>
  /** The keyword or the chat changed (the address's ?q= and ?in=; no topicId: every chat). */
  | { type: 'SEARCH'; keyword: string; topicId?: string | null }
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }

export type MessageSearchCallInput = MessageSearchQuery
