import type { ContactListSnapshot } from './contact-list.machine'
import type { ContactItem, ContactListEvent, ContactListKind } from './contact-list.types'

/** A contact list's props and handlers. */
export interface ContactListProps {
  kind: ContactListKind
  items: ContactItem[]
  /** Pages are still coming (the first, or the next after a full one). */
  loading: boolean
  /** Loaded, and nothing in it. */
  empty: boolean
  /** A page could not be loaded: say so, offer Retry. */
  failed: boolean
  onRetry: () => void
  /** An item answered in place (accepted, rejected, unblocked) leaves the list. */
  onRemove: (customerId: string) => void
}

/** Pure: snapshot and send -> a contact list's props and handlers. */
export function connect(snapshot: ContactListSnapshot, send: (event: ContactListEvent) => void): ContactListProps {
  return {
    kind: snapshot.context.kind,
    items: snapshot.context.items,
    loading: snapshot.matches('loading') || snapshot.matches('settling'),
    empty: snapshot.matches('empty'),
    failed: snapshot.matches('failed'),
    onRetry: () => send({ type: 'RETRY' }),
    onRemove: (customerId) => send({ type: 'REMOVE', customerId }),
  }
}
