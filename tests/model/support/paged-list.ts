/**
 * For machines that invoke a paged list (src/machines/paged-list) as their child `list`: the model
 * test stubs the child (`callbackActors: ['list']`) and plays its reports (`LIST`), the ones the
 * list could send next from the list the parent holds. The paged list's own model test
 * (paged-list.model.test.tsx) checks that it sends them.
 *
 *   events: { LIST: (s) => listReports(s.context.list, { first: [FULL, ONE, []], next: SECOND }) },
 *   perform: { LIST: playReport },
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import type { CallbackCall } from '../../../src/devtools/statecharts/stand-ins'
import type { PagedList } from '../../../src/machines/paged-list'
import type { ModelKit } from './run-model'

/** A full page is 20 (the contract's PAGE_SIZE, written here): another may follow. */
export const FULL_PAGE = 20

export interface ListScript<T extends { _id: string }, D> {
  /** What the first page (or, loading every page, each page) may bring; each is one report. */
  first: readonly (readonly T[])[]
  /** What the next page brings ('Load more'). */
  next?: readonly T[]
  /** What a refresh brings, from the items shown (none: the list is never refreshed). */
  refreshed?: (items: readonly T[]) => readonly T[]
  /** What page 1 carries besides its items. */
  details?: (items: readonly T[]) => D
  /** Loading every page: a full page asks for the next one (a contact list). */
  every?: boolean
  /** Why a later page or a refresh fails. */
  failure?: string
}

const unique = <T extends { _id: string }>(list: readonly T[], page: readonly T[]) => [
  ...list,
  ...page.filter((item) => !list.some((known) => known._id === item._id)),
]

/** The reports a list in `list`'s state may send next. */
export function listReports<T extends { _id: string }, D>(list: PagedList<T, D>, script: ListScript<T, D>): AnyEventObject[] {
  const failure = script.failure ?? 'Could not load the next page.'
  const report = (next: Partial<PagedList<T, D>>) => ({ type: 'LIST', list: { ...list, ...next } })
  const page = (items: readonly T[], state: PagedList<T, D>['state'] = 'idle') => ({
    state: script.every && items.length === FULL_PAGE ? ('loading' as const) : state,
    more: items.length === FULL_PAGE,
  })
  switch (list.state) {
    case 'loading': {
      const pages = list.items.length === 0 ? script.first : [script.next ?? []]
      return [
        report({ state: 'failed' }),
        ...pages.map((items) =>
          report({
            ...page(items),
            items: unique(list.items, items),
            details: list.items.length === 0 ? (script.details?.(items) ?? null) : list.details,
          }),
        ),
      ]
    }
    case 'failed':
      return [report({ state: 'loading' })]
    case 'idle':
      return [
        ...(list.more && script.next ? [report({ state: 'loadingMore', error: null })] : []),
        ...(script.refreshed ? [report({ state: 'refreshing', error: null })] : []),
      ]
    case 'loadingMore':
      return [
        report({ ...page(script.next ?? []), items: unique(list.items, script.next ?? []) }),
        report({ state: 'idle', error: failure }),
      ]
    case 'refreshing': {
      const items = script.refreshed?.(list.items) ?? list.items
      return [
        report({ state: 'idle', more: items.length === FULL_PAGE, items: [...items], details: script.details?.(items) ?? list.details }),
        report({ state: 'idle', error: failure }),
      ]
    }
    default:
      return []
  }
}

/** The stubbed list child, as the parent started it. */
export const listChild = <TMachine extends AnyStateMachine>(kit: ModelKit<TMachine>): CallbackCall => {
  const child = [...kit.callbacks].reverse().find((call) => call.src === 'list' && !call.stopped)
  if (!child) throw new Error('the machine runs no list')
  return child
}

/** Performs a LIST step: the stubbed list sends its report. */
export const playReport = async <TMachine extends AnyStateMachine>(event: AnyEventObject, kit: ModelKit<TMachine>) =>
  kit.sendBack('list', event)
