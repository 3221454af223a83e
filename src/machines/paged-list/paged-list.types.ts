/** What a paged list holds: anything with an id (pages are merged by it). */
export interface PagedItem {
  _id: string
}

/**
 * A page as its loader returns it: the items, or the items with what the page carries besides
 * them (a storage page carries the storage used).
 */
export type PageOutput = readonly PagedItem[] | ({ items: readonly PagedItem[] } & Record<string, unknown>)

/** What every page is asked with besides its number (a channel, a keyword, a kind of list). */
export type PageQuery = Record<string, unknown>

export interface PagedListInput {
  query: PageQuery
  /** Load every page, the next one while the last came full (a contact list), instead of one per LOAD_MORE. */
  every?: boolean
  /** Load nothing until the first LOAD_MORE (the notification drawer loads when it first opens). */
  lazy?: boolean
}

/** The list's page loader is asked for page N (from 1) of the query. */
export type LoadPageInput = PageQuery & { page: number }

/**
 * Where a list is: `waiting` for its first LOAD_MORE; `loading` its first page (or, loading every
 * page, the next); `failed` that load (Retry asks for that page again); `idle` shown;
 * `loadingMore` the next page on its way; `refreshing` its pages again in the background.
 */
export type PagedListState = 'waiting' | 'loading' | 'failed' | 'idle' | 'loadingMore' | 'refreshing'

/** A list as it reports itself to whoever shows it (a parent machine keeps its last report). */
export interface PagedList<T = PagedItem, D = Record<string, unknown>> {
  state: PagedListState
  /** Page after page, each item once, in the order the pages gave them. */
  items: T[]
  /** The last page was full: there may be more. */
  more: boolean
  /** Why the last later page or refresh failed (the items stay). */
  error: string | null
  /** What page 1 carried besides its items (of the first load or the last refresh). */
  details: D | null
}

export interface PagedListContext extends Required<PagedListInput> {
  items: PagedItem[]
  /** Pages loaded so far. */
  pages: number
  more: boolean
  error: string | null
  details: Record<string, unknown> | null
  /** The pages a refresh has gathered so far (they replace the items once the last came). */
  fresh: PagedItem[]
  freshPages: number
  /** The last page the refresh gathered was full. */
  freshMore: boolean
}

export type PagedListEvent =
  /** The next page ('Load more', the list's end scrolled into view); waiting, the first. */
  | { type: 'LOAD_MORE' }
  /** 'Try again': the page that failed, again. */
  | { type: 'RETRY' }
  /** The list changed on the server: its pages again from 1 (in the background once shown). */
  | { type: 'REFRESH' }
  /** An item left the list (moved, answered, deleted). */
  | { type: 'REMOVE'; id: string }
  /** An item changed (as saved). */
  | { type: 'REPLACE'; item: PagedItem }
  /**
   * An item joined the list (news from the socket), at the place its parent's order puts it: index
   * `at` of the items shown (0 first, past the end last). One already listed is replaced where it is.
   */
  | { type: 'INSERT'; item: PagedItem; at: number }
