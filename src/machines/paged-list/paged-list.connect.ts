import { pagedListOf, type PagedListSnapshot } from './paged-list.machine'
import type { PagedItem, PagedList } from './paged-list.types'

/** What every paged list's view gets: its items, where the loading is, and the two handlers. */
export interface PagedListProps<T = PagedItem> {
  items: T[]
  /** The first page (loading every page: the pages) is on its way. */
  loading: boolean
  /** It could not be loaded: say so, offer Retry. */
  failed: boolean
  /** Loaded, and nothing in it. */
  empty: boolean
  /** The last page was full: another may follow ('Load more'). */
  hasMore: boolean
  /** The next page is on its way. */
  loadingMore: boolean
  /** The pages again, behind the list shown. */
  refreshing: boolean
  /** Why a later page or a refresh failed (the items stay). */
  error: string | null
  onLoadMore: () => void
  onRetry: () => void
}

/** Pure: a list (as its machine reports it) and the send of whoever holds it -> the paging props. */
export function pagedListProps<T>(
  list: PagedList<T, unknown>,
  send: (event: { type: 'LOAD_MORE' } | { type: 'RETRY' }) => void,
): PagedListProps<T> {
  const shown = list.state === 'idle' || list.state === 'loadingMore' || list.state === 'refreshing'
  return {
    items: list.items,
    loading: list.state === 'loading',
    failed: list.state === 'failed',
    empty: shown && list.items.length === 0,
    hasMore: shown && list.more,
    loadingMore: list.state === 'loadingMore',
    refreshing: list.state === 'refreshing',
    error: list.error,
    onLoadMore: () => send({ type: 'LOAD_MORE' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}

/** Pure: the paged list's own snapshot and send -> its paging props. */
export function connect(snapshot: PagedListSnapshot, send: (event: { type: 'LOAD_MORE' } | { type: 'RETRY' }) => void): PagedListProps {
  return pagedListProps(pagedListOf(snapshot), send)
}
