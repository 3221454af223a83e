import { pagedListProps, type PagedListProps } from '../paged-list'
import type { SavedListSnapshot } from './saved-list.machine'
import type { SavedListEvent, SavedRow } from './saved-list.types'

export interface SavedListRow {
  item: SavedRow
  /** This one is being removed. */
  busy: boolean
}

export interface SavedListProps extends PagedListProps<SavedRow> {
  rows: SavedListRow[]
  /** A removal is on its way: the other Remove buttons wait. */
  busy: boolean
  onRemove: (messageId: string) => void
}

/** Pure: the Saved page's props and handlers. */
export function connect(snapshot: SavedListSnapshot, send: (event: SavedListEvent) => void): SavedListProps {
  const { list, removing, error } = snapshot.context
  return {
    ...pagedListProps(list, send),
    error,
    rows: list.items.map((item) => ({ item, busy: removing === item._id })),
    busy: snapshot.matches('removing'),
    onRemove: (messageId) => send({ type: 'REMOVE', messageId }),
  }
}
