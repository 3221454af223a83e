import type { Message } from '../../../contract/message'
import type { EditHistorySnapshot } from './edit-history.machine'
import type { EditHistoryEvent, HistoryOf, MessageVersion } from './edit-history.types'

/** The edit history dialog's props. */
export interface EditHistoryProps {
  /** The dialog is open (for `message`). */
  open: boolean
  message: HistoryOf | null
  loading: boolean
  /** Oldest first, the current text last; empty until read. */
  versions: MessageVersion[]
  error: string | null
  onOpen: (message: Pick<Message, '_id' | 'sender'>) => void
  onClose: () => void
  onRetry: () => void
}

/** Pure: snapshot and send -> the dialog's props. */
export function connect(snapshot: EditHistorySnapshot, send: (event: EditHistoryEvent) => void): EditHistoryProps {
  const { message, versions, error } = snapshot.context
  return {
    open: !snapshot.matches('closed'),
    message,
    loading: snapshot.matches('loading'),
    versions: snapshot.matches('shown') ? versions : [],
    error: snapshot.matches('failed') ? error : null,
    onOpen: (m) => send({ type: 'OPEN', message: { _id: m._id, sender: m.sender } }),
    onClose: () => send({ type: 'CLOSE' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}
