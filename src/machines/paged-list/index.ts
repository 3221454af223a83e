export {
  itemsOf,
  pagedListMachine,
  pagedListOf,
  pagedListSampleInput,
  stateOf,
  type PagedListActor,
  type PagedListMachine,
  type PagedListSnapshot,
} from './paged-list.machine'
export { connect, pagedListProps, type PagedListProps } from './paged-list.connect'
export {
  canLoadMore,
  holds,
  isIdle,
  isShown,
  loadingList,
  newFailure,
  pagedListChild,
  withItem,
  withoutItem,
  waitingList,
  withPages,
  type ListReport,
} from './paged-list.child'
export type {
  LoadPageInput,
  PagedItem,
  PagedList,
  PagedListContext,
  PagedListEvent,
  PagedListInput,
  PagedListState,
  PageOutput,
  PageQuery,
} from './paged-list.types'
