import type { UploadSnapshot } from './upload.machine'
import type { UploadEvent, UploadStatus } from './upload.types'

/** One attachment row: its name, progress or refusal, and the remove button. */
export interface AttachmentProps {
  id: string
  name: string
  status: UploadStatus
  /** 0..100 */
  percent: number
  /** The server's reason when it refused the file. */
  error: string | null
  onRemove: () => void
}

/** Pure: an upload's snapshot -> its attachment row (a cancelled upload shows none). */
export function connect(snapshot: UploadSnapshot, send: (event: UploadEvent) => void): AttachmentProps | null {
  if (snapshot.matches('cancelling') || snapshot.matches('removed')) return null
  const { id, name, percent, error } = snapshot.context
  const status: UploadStatus = snapshot.matches('done') ? 'done' : snapshot.matches('failed') ? 'failed' : 'uploading'
  return { id, name, status, percent, error, onRemove: () => send({ type: 'CANCEL' }) }
}
