import type { Reader } from '../../../contract/presence'
import type { ReceiptsSnapshot } from './receipts.machine'

/** What the open chat shows of its read receipts: how far each other member has read. */
export interface ReceiptsView {
  /** A 1:1 chat says "Seen"; a group shows who. */
  oneToOne: boolean
  readers: Reader[]
}

/** Pure: the receipts machine's snapshot -> what the chat shows (null: none). */
export function connect(snapshot: ReceiptsSnapshot): ReceiptsView | null {
  const { readers, oneToOne } = snapshot.context
  return readers && !snapshot.matches('tooBig') ? { oneToOne, readers } : null
}
