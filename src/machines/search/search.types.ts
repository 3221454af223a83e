import type { FoundChannel, FoundCustomer, FoundTopic, SuperSearchQuery, SuperSearchResult } from '../../../contract/search'

/** `people`: the header's people search (people only). `all`: the global dropdown (people, groups, channels, messages). */
export type SearchScope = 'people' | 'all'

export interface SearchInput {
  scope: SearchScope
}

/** One choosable row of the dropdown, in the order shown. `messages` opens the message search for the keyword. */
export type SearchOption =
  | { kind: 'customer'; item: FoundCustomer }
  | { kind: 'topic'; item: FoundTopic }
  | { kind: 'channel'; item: FoundChannel }
  | { kind: 'messages'; keyword: string }

export interface SearchContext extends SearchInput {
  /** What the user typed. */
  keyword: string
  /** The keyword the results are for (trimmed). */
  searched: string
  /** The pages loaded so far, merged (unique by id). */
  result: SuperSearchResult
  page: number
  /** The last page had 20 in some list: there may be more. */
  hasMore: boolean
  /** The highlighted option (arrow keys), -1 for none. */
  active: number
}

export type SearchEvent =
  | { type: 'FOCUS' }
  /** The input lost focus: the dropdown closes after the blur delay unless focus comes back. */
  | { type: 'BLUR' }
  | { type: 'TYPE'; keyword: string }
  | { type: 'MOVE'; delta: 1 | -1 }
  /** Opens an option: the one clicked (`index`), or with Enter the highlighted one. */
  | { type: 'CHOOSE'; index?: number }
  | { type: 'ESCAPE' }
  /** The route changed (a result was opened, or the user went elsewhere). */
  | { type: 'ROUTE_CHANGED' }
  | { type: 'RETRY' }
  | { type: 'MORE' }

export type SearchCallInput = SuperSearchQuery
