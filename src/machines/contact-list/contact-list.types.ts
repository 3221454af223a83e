import type { ContactItem } from '../../../contract/relates'
import type { ListReport, PagedList } from '../paged-list'

export type { ContactItem }

/**
 * Which list: friends (GET contact: the friends I did not archive), requests (GET
 * relates/list-friend), blocked (GET relates/list-block), archived (GET relates/list-archived).
 */
export type ContactListKind = 'friends' | 'requests' | 'blocked' | 'archived'

/** The lists whose items move to the other one: a friend is archived, an archived friend unarchived. */
export type MovableKind = Extract<ContactListKind, 'friends' | 'archived'>

export interface ContactListInput {
  kind: ContactListKind
}

/** An archive or unarchive that failed: whose, and the server's words when it gave them. */
export interface MoveFailure {
  customerId: string
  detail: string | null
}

export interface ContactListContext {
  kind: ContactListKind
  /** The list, as its paged list last reported it (every page, 20 a page). */
  list: PagedList<ContactItem>
  /** The item being archived (friends) or unarchived (archived), while its call is on its way. */
  movingId: string | null
  /** The last archive or unarchive failed (cleared by the next one). */
  moveFailure: MoveFailure | null
}

export type ContactListEvent =
  | ListReport<ContactItem>
  | { type: 'RETRY' }
  /** An item left the list (a request answered, a person unblocked). */
  | { type: 'REMOVE'; customerId: string }
  /** Load the list again from page 1. */
  | { type: 'RELOAD' }
  /** The user archived or unarchived someone in another tab or device (socket SETTINGS_CHANGED contacts): load the pages again in the background. */
  | { type: 'REFRESH' }
  /** Archive this friend (friends list) or bring them back (archived list): it then leaves this list. */
  | { type: 'MOVE'; customerId: string }

export interface LoadPageInput {
  kind: ContactListKind
  page: number
}

/** POST relates/archive (from friends) or relates/unarchive (from archived) {customer_id}. */
export interface MoveItemInput {
  kind: MovableKind
  customerId: string
}
