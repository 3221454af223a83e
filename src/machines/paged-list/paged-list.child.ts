import { fromPromise, sendParent } from 'xstate'
import { insertedAt, pagedListMachine } from './paged-list.machine'
import type { LoadPageInput, PagedItem, PagedList, PagedListState, PageOutput } from './paged-list.types'

/**
 * The paged list as a parent machine's child. The parent invokes it (id `list`), sends it
 * LOAD_MORE, RETRY, REFRESH, REMOVE, REPLACE and INSERT, and keeps the list it reports (`LIST`) in
 * its context: its guards and its connect read that copy. An item the parent removes, replaces or
 * inserts it also changes in its copy at once (withoutItem, withItem, withInserted), as the list
 * does in its own.
 */

/** What the list sends its parent after every change. */
export interface ListReport<T = PagedItem, D = Record<string, unknown>> {
  type: 'LIST'
  list: PagedList<T, D>
}

/** The paged list reporting to the machine that invoked it. */
export const pagedListChild = pagedListMachine.provide({
  actions: { report: sendParent((_, params: { list: PagedList }): ListReport => ({ type: 'LIST', list: params.list })) },
})

/** A parent's list with the app's page loader (the runtime provides it as the parent's `list` actor). */
export const withPages = <Q>(load: (input: Q & { page: number }) => Promise<PageOutput>, child = pagedListChild) =>
  child.provide({ actors: { loadPage: fromPromise<PageOutput, LoadPageInput>(({ input }) => load(input as Q & { page: number })) } })

/** The list before its first report: page 1 on its way. */
export const loadingList = <T, D = Record<string, unknown>>(): PagedList<T, D> => ({
  state: 'loading',
  items: [],
  more: false,
  error: null,
  details: null,
})

/** A list that asks for nothing yet (no keyword typed). */
export const waitingList = <T, D = Record<string, unknown>>(): PagedList<T, D> => ({ ...loadingList<T, D>(), state: 'waiting' })

const SHOWN: readonly PagedListState[] = ['idle', 'loadingMore', 'refreshing']

/** Loaded and shown (a next page or a refresh may be on its way). */
export const isShown = (list: PagedList<unknown, unknown>) => SHOWN.includes(list.state)
/** Shown with nothing on its way: its rows can be acted on. */
export const isIdle = (list: PagedList<unknown, unknown>) => list.state === 'idle'
/** LOAD_MORE would load the next page. */
export const canLoadMore = (list: PagedList<unknown, unknown>) => list.state === 'idle' && list.more
/** The item is in the list. */
export const holds = (list: PagedList<PagedItem, unknown>, id: string) => list.items.some((item) => item._id === id)

/**
 * A failure the list reports anew (a later page or a refresh failed), for a parent that shows one
 * error for the list and its own actions; null when the report brings no new failure.
 */
export const newFailure = (before: PagedList<unknown, unknown>, after: PagedList<unknown, unknown>) =>
  after.error !== null && after.error !== before.error ? after.error : null

/** The parent's copy without the item it sent REMOVE for. */
export const withoutItem = <T extends PagedItem, D>(list: PagedList<T, D>, id: string): PagedList<T, D> => ({
  ...list,
  items: list.items.filter((item) => item._id !== id),
})

/** The parent's copy with the item it sent REPLACE for. */
export const withItem = <T extends PagedItem, D>(list: PagedList<T, D>, saved: T): PagedList<T, D> => ({
  ...list,
  items: list.items.map((item) => (item._id === saved._id ? saved : item)),
})

/** The parent's copy with the item it sent INSERT for. */
export const withInserted = <T extends PagedItem, D>(list: PagedList<T, D>, item: T, at: number): PagedList<T, D> => ({
  ...list,
  items: insertedAt(list.items, item, at),
})

/** What a parent changes in its list's items: the list's REMOVE, REPLACE and INSERT. */
export type ItemEdit<T extends PagedItem = PagedItem> =
  { type: 'REMOVE'; id: string } | { type: 'REPLACE'; item: T } | { type: 'INSERT'; item: T; at: number }

/** The items after an edit (as the list makes it in its own). */
export function editedItems<T extends PagedItem>(items: readonly T[], edit: ItemEdit<T>): T[] {
  switch (edit.type) {
    case 'REMOVE':
      return items.filter((item) => item._id !== edit.id)
    case 'REPLACE':
      return items.map((item) => (item._id === edit.item._id ? edit.item : item))
    case 'INSERT':
      return insertedAt(items, edit.item, edit.at)
  }
}

/** The parent's copy after an edit it sent its list. */
export const withEdit = <T extends PagedItem, D>(list: PagedList<T, D>, edit: ItemEdit<T>): PagedList<T, D> => ({
  ...list,
  items: editedItems(list.items, edit),
})
