import type { Reader, Receipts } from '../../../contract/presence'

export interface ReceiptsInput {
  topicId: string
  /** The signed-in user. */
  meId: string
  /** The chat's members (the user among them). */
  memberIds: string[]
  /** A 1:1 chat says "Seen"; a group shows who. */
  oneToOne: boolean
}

export interface ReceiptsContext extends ReceiptsInput {
  /** How far each other member has read, as last read or moved; null: none to show (off, or not read yet). */
  readers: Reader[] | null
}

export type ReceiptsEvent =
  /** The socket's RECEIPT of this chat: a member read up to `seq`. */
  | { type: 'RECEIPT'; userId: string; seq: number }
  /** A member's own new message in this chat: they have read up to it. */
  | { type: 'READ'; userId: string; seq: number }
  /** The socket's RECEIPTS_CHANGED: someone turned their read receipts on or off. */
  | { type: 'SWITCHED'; userId: string }
  /** The socket connected (again): positions may have moved meanwhile. */
  | { type: 'CONNECTED' }

export type { Receipts }
