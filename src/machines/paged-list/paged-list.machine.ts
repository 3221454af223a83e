import { and, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { PAGE_SIZE } from '../../../contract/common'
import { appendUnique } from '../append-unique'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  LoadPageInput,
  PagedItem,
  PagedList,
  PagedListContext,
  PagedListEvent,
  PagedListInput,
  PagedListState,
  PageOutput,
} from './paged-list.types'

/**
 * A list that loads 20 a page (`page` from 1, spec section 9): channel members, a channel's files
 * or trash, the account trash, the message search, the search dropdown, the contact lists, the
 * notification drawer.
 *
 *   loading (page 1) --a page--> ready.idle | --failure--> failed --RETRY | LOAD_MORE--> loading
 *     (loading every page: while a page comes full (20), loading asks for the next; a failed one
 *     keeps the pages before it, and Retry asks for it again)
 *   ready.idle --LOAD_MORE | RETRY [the last page was full]--> ready.loadingMore --a page--> idle,
 *     appended (an item already shown is not shown twice); --failure--> idle with the reason
 *   ready --REFRESH--> ready.refreshing: the pages again from 1 (page 1, or every page) behind the
 *     list shown; done, they are the list; failed, the list stays, with the reason. Another
 *     REFRESH, or an item removed meanwhile, starts it again from page 1
 *   loading | failed --REFRESH--> loading from page 1, emptied (the pages read may predate it)
 *   ready --REMOVE | REPLACE | INSERT--> the item leaves the list, is the one saved, or joins it at
 *     the place the parent gives (a parent keeping a loaded list current from the socket). While
 *     refreshing, a REMOVE or an INSERT starts the refresh again from page 1: the pages gathered so
 *     far may predate it
 *   lazy: waiting --LOAD_MORE--> loading
 *
 * Every change is reported with the injected `report` action (a parent machine keeps the list it
 * reports: paged-list.child.ts). Pure: loading a page is an injected promise actor.
 */

const notProvided = actorNotProvided('pagedList')

/** The items of a page (a page may carry more than its items). */
export const itemsOf = (output: PageOutput): readonly PagedItem[] =>
  Array.isArray(output) ? output : (output as { items: PagedItem[] }).items

/** The items with `item` at index `at` (clamped to the list); one already listed stays where it is, replaced. */
export function insertedAt<T extends PagedItem>(items: readonly T[], item: T, at: number): T[] {
  if (items.some((known) => known._id === item._id)) return items.map((known) => (known._id === item._id ? item : known))
  const index = Math.max(0, Math.min(Math.trunc(at), items.length))
  return [...items.slice(0, index), item, ...items.slice(index)]
}

/** What a page carries besides its items. */
const detailsOf = (output: PageOutput): Record<string, unknown> | null => {
  if (Array.isArray(output)) return null
  const { items: _items, ...details } = output as { items: unknown } & Record<string, unknown>
  return details
}

const listOf = (context: PagedListContext, state: PagedListState): PagedList => ({
  state,
  items: context.items,
  more: context.more,
  error: context.error,
  details: context.details,
})

/** The list as it is in `state`, to the injected `report`. */
const reportAs = (state: PagedListState) => ({
  type: 'report' as const,
  params: ({ context }: { context: PagedListContext }) => ({ list: listOf(context, state) }),
})

interface PageDone {
  event: { output: PageOutput }
}
const pageItems = ({ event }: PageDone) => ({ items: itemsOf(event.output) })
/** The page joins the list; `more` says whether it came full. */
const take = (more: boolean) => ({ type: 'take' as const, params: ({ event }: PageDone) => ({ output: event.output, more }) })
const gather = (more: boolean) => ({ type: 'gather' as const, params: ({ event }: PageDone) => ({ output: event.output, more }) })

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
  },
  actors: {
    /** GET <the list's endpoint>?page=N with the query. */
    loadPage: fromPromise<PageOutput, LoadPageInput>(notProvided('loadPage')),
  },
  guards: {
    lazy: ({ context }) => context.lazy,
    everyPage: ({ context }) => context.every,
    /** The page held PAGE_SIZE items, so another may follow. */
    fullPage: (_, params: { items: readonly PagedItem[] }) => params.items.length >= PAGE_SIZE,
    hasMore: ({ context }) => context.more,
    freshMore: ({ context }) => context.freshMore,
  },
  actions: {
    /** Injected: the list as it is now goes to whoever shows it. */
    report: (_, _params: { list: PagedList }) => {},
    take: assign(({ context }, params: { output: PageOutput; more: boolean }) => ({
      items: appendUnique(context.items, itemsOf(params.output)),
      pages: context.pages + 1,
      more: params.more,
      details: context.pages === 0 ? detailsOf(params.output) : context.details,
    })),
    restart: assign({ items: [], pages: 0, more: false, error: null, details: null }),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event) }),
    startRefresh: assign({ fresh: [], freshPages: 0, freshMore: false, error: null }),
    gather: assign(({ context }, params: { output: PageOutput; more: boolean }) => ({
      fresh: appendUnique(context.fresh, itemsOf(params.output)),
      freshPages: context.freshPages + 1,
      freshMore: params.more,
      details: context.freshPages === 0 ? detailsOf(params.output) : context.details,
    })),
    applyRefresh: assign(({ context }) => ({ items: context.fresh, pages: context.freshPages, more: context.freshMore, fresh: [] })),
    dropRefresh: assign({ fresh: [] }),
    removeItem: assign({
      items: ({ context, event }) => (event.type === 'REMOVE' ? context.items.filter((item) => item._id !== event.id) : context.items),
    }),
    replaceItem: assign({
      items: ({ context, event }) =>
        event.type === 'REPLACE' ? context.items.map((item) => (item._id === event.item._id ? event.item : item)) : context.items,
    }),
    insertItem: assign({
      items: ({ context, event }) => (event.type === 'INSERT' ? insertedAt(context.items, event.item, event.at) : context.items),
    }),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({
    query: input.query,
    every: input.every ?? false,
    lazy: input.lazy ?? false,
    items: [],
    pages: 0,
    more: false,
    error: null,
    details: null,
    fresh: [],
    freshPages: 0,
    freshMore: false,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'lazy', target: 'waiting' }, { target: 'loading' }] },
    waiting: { entry: reportAs('waiting'), on: { LOAD_MORE: 'loading' } },
    loading: {
      entry: reportAs('loading'),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ ...context.query, page: context.pages + 1 }),
        onDone: [
          { guard: { type: 'fullPage', params: pageItems }, target: 'pageLoaded', actions: take(true) },
          { target: 'pageLoaded', actions: take(false) },
        ],
        onError: 'failed',
      },
      on: { REFRESH: { target: 'loading', reenter: true, actions: 'restart' } },
    },
    pageLoaded: { always: [{ guard: and(['everyPage', 'hasMore']), target: 'loading' }, { target: 'ready' }] },
    failed: {
      entry: reportAs('failed'),
      on: { RETRY: 'loading', LOAD_MORE: 'loading', REFRESH: { target: 'loading', actions: 'restart' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          entry: reportAs('idle'),
          on: {
            LOAD_MORE: { guard: 'hasMore', target: 'loadingMore' },
            RETRY: { guard: 'hasMore', target: 'loadingMore' },
            REFRESH: { target: 'refreshing', actions: 'startRefresh' },
            REMOVE: { actions: ['removeItem', reportAs('idle')] },
            REPLACE: { actions: ['replaceItem', reportAs('idle')] },
            INSERT: { actions: ['insertItem', reportAs('idle')] },
          },
        },
        loadingMore: {
          entry: ['clearError', reportAs('loadingMore')],
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ ...context.query, page: context.pages + 1 }),
            onDone: [
              { guard: { type: 'fullPage', params: pageItems }, target: 'idle', actions: take(true) },
              { target: 'idle', actions: take(false) },
            ],
            onError: { target: 'idle', actions: 'setError' },
          },
          on: {
            REFRESH: { target: 'refreshing', actions: 'startRefresh' },
            REMOVE: { actions: ['removeItem', reportAs('loadingMore')] },
            REPLACE: { actions: ['replaceItem', reportAs('loadingMore')] },
            INSERT: { actions: ['insertItem', reportAs('loadingMore')] },
          },
        },
        refreshing: {
          entry: reportAs('refreshing'),
          invoke: {
            id: 'refresh',
            src: 'loadPage',
            input: ({ context }) => ({ ...context.query, page: context.freshPages + 1 }),
            onDone: [
              { guard: { type: 'fullPage', params: pageItems }, target: 'pageRefreshed', actions: gather(true) },
              { target: 'pageRefreshed', actions: gather(false) },
            ],
            onError: { target: 'idle', actions: ['dropRefresh', 'setError'] },
          },
          on: {
            REFRESH: { target: 'refreshing', reenter: true, actions: 'startRefresh' },
            // The pages gathered so far may still hold it, or not hold it yet.
            REMOVE: { target: 'refreshing', reenter: true, actions: ['removeItem', 'startRefresh'] },
            REPLACE: { actions: ['replaceItem', reportAs('refreshing')] },
            INSERT: { target: 'refreshing', reenter: true, actions: ['insertItem', 'startRefresh'] },
          },
        },
        pageRefreshed: {
          always: [
            { guard: and(['everyPage', 'freshMore']), target: 'refreshing' },
            { target: 'idle', actions: 'applyRefresh' },
          ],
        },
      },
    },
  },
})

/** Where the list is, by its state. */
export function stateOf(snapshot: SnapshotFrom<typeof pagedListMachine>): PagedListState {
  if (snapshot.matches({ ready: 'loadingMore' })) return 'loadingMore'
  if (snapshot.matches({ ready: 'refreshing' })) return 'refreshing'
  if (snapshot.matches('ready')) return 'idle'
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches('waiting')) return 'waiting'
  return 'loading'
}

/** The list as its snapshot holds it. */
export const pagedListOf = (snapshot: PagedListSnapshot): PagedList => listOf(snapshot.context, stateOf(snapshot))

/** What the statechart visualiser starts the machine with. */
export const pagedListSampleInput: PagedListInput = { query: {} }

export type PagedListMachine = typeof pagedListMachine
export type PagedListActor = ActorRefFrom<PagedListMachine>
export type PagedListSnapshot = SnapshotFrom<PagedListMachine>
