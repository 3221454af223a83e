import type { FoundChannel, FoundCustomer, FoundTopic, SuperSearchQuery } from '../../../contract/search'
import type { ListReport, PagedList } from '../paged-list'

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

/** A person, group or channel found: one list of them, people first then groups then channels within each page. */
export type SearchHit = Exclude<SearchOption, { kind: 'messages' }> & {
  /** The kind and the id: a person and a group never share one. */
  _id: string
}

export interface SearchContext extends SearchInput {
  /** What the user typed. */
  keyword: string
  /** The keyword the results are for (trimmed; '' for none). */
  searched: string
  /** The hits of that keyword, as its paged list last reported them (GET super-search, 20 a page of each kind). */
  list: PagedList<SearchHit>
  /** The highlighted option (arrow keys), -1 for none. */
  active: number
}

export type SearchEvent =
  | ListReport<SearchHit>
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
  | { type: 'LOAD_MORE' }

export type SearchCallInput = SuperSearchQuery
