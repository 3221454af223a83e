import type { Message, MessageVersion } from '../../../contract/message'

export type { MessageVersion }

/** The message whose history is open: what the dialog names before its versions come. */
export type HistoryOf = Pick<Message, '_id' | 'sender'>

export interface EditHistoryContext {
  /** The message whose history is asked for or shown; null while closed. */
  message: HistoryOf | null
  /** Its texts, oldest first, the current one last (message/history). */
  versions: MessageVersion[]
  /** Why the last read failed. */
  error: string | null
}

export type EditHistoryEvent =
  /** "(edited)" on a message: its history opens. */
  { type: 'OPEN'; message: HistoryOf } | { type: 'CLOSE' } | { type: 'RETRY' }
