import type { FoundMessage, MessageSearchQuery } from '../../../contract/search'

export interface MessageSearchInput {
  /** The keyword of the page's address (?q=); '' for none. */
  keyword: string
}

export interface MessageSearchContext extends MessageSearchInput {
  /** The pages loaded so far, newest first, unique by id. */
  results: FoundMessage[]
  page: number
  /** The last page was full (20): there may be more. */
  hasMore: boolean
}

export type MessageSearchEvent =
  /** The keyword changed (the address's ?q=). */
  { type: 'SEARCH'; keyword: string } | { type: 'RETRY' } | { type: 'MORE' }

export type MessageSearchCallInput = MessageSearchQuery
