import { pagedListProps, type PagedListProps } from '../paged-list'
import { isMovable, type ContactListSnapshot } from './contact-list.machine'
import type { ContactItem, ContactListEvent, ContactListKind, MoveFailure } from './contact-list.types'

/** The Archive (friends) or Unarchive (archived friends) button of each item. */
export interface ContactMoveProps {
  action: 'archive' | 'unarchive'
  /** The item whose call is on its way: its button is busy, and every move button waits. */
  movingId: string | null
  /** The last move failed for that item (with the server's words when it gave them). */
  failure: MoveFailure | null
  onMove: (customerId: string) => void
}

/**
 * A contact list's props and handlers: its paging (`loading` while pages are still coming, the
 * first or the next after a full one; `empty` also while it is loaded again in the background;
 * `failed`: a page could not be loaded, Retry), and its items' handlers.
 */
export interface ContactListProps extends PagedListProps<ContactItem> {
  kind: ContactListKind
  /** An item answered in place (accepted, rejected, unblocked) leaves the list. */
  onRemove: (customerId: string) => void
  /** Friends and archived friends move to the other list; null for requests and blocked people. */
  move: ContactMoveProps | null
}

/** Pure: snapshot and send -> a contact list's props and handlers. */
export function connect(snapshot: ContactListSnapshot, send: (event: ContactListEvent) => void): ContactListProps {
  const { context } = snapshot
  return {
    // It loads every page itself: no 'Load more', only Retry.
    ...pagedListProps(context.list, (event) => (event.type === 'RETRY' ? send(event) : undefined)),
    kind: context.kind,
    onRemove: (customerId) => send({ type: 'REMOVE', customerId }),
    move: isMovable(context.kind)
      ? {
          action: context.kind === 'friends' ? 'archive' : 'unarchive',
          movingId: context.movingId,
          failure: context.moveFailure,
          onMove: (customerId) => send({ type: 'MOVE', customerId }),
        }
      : null,
  }
}
