import type { ContactItem } from '../../../contract/relates'

export type { ContactItem }

/** Which list: friends (GET contact), requests (GET relates/list-friend), blocked (GET relates/list-block). */
export type ContactListKind = 'friends' | 'requests' | 'blocked'

export interface ContactListInput {
  kind: ContactListKind
}

export interface ContactListContext {
  kind: ContactListKind
  items: ContactItem[]
  /** The page being (or last) loaded, 1-based. */
  page: number
}

export type ContactListEvent =
  | { type: 'RETRY' }
  /** An item left the list (a request answered, a person unblocked). */
  | { type: 'REMOVE'; customerId: string }
  /** Load the list again from page 1. */
  | { type: 'RELOAD' }

export interface LoadPageInput {
  kind: ContactListKind
  page: number
}
