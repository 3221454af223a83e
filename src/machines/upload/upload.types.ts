import type { MediaItem } from '../../../contract/media'

export interface UploadInput {
  /** The attachment's id in the composer (also this actor's id). */
  id: string
  file: File
  topicId: string
}

export interface UploadContext extends UploadInput {
  name: string
  /** 0..100 */
  percent: number
  /** The server's id for the finished upload (held for the next message). */
  mediaId: MediaItem['_id'] | null
  /** The server's reason when it refused the file. */
  error: string | null
}

/** What the transfer actor reports while it uploads. */
export type TransferEvent =
  { type: 'PROGRESS'; percent: number } | { type: 'UPLOADED'; mediaId: string } | { type: 'UPLOAD_FAILED'; reason: string | null }

/** What the upload tells the transfer actor. */
export type TransferCommand = { type: 'ABORT' }

export type UploadEvent = TransferEvent | { type: 'CANCEL' }

export type UploadStatus = 'uploading' | 'done' | 'failed'

/** What an upload reports to its composer. */
export interface UploadUpdate {
  type: 'UPLOAD_UPDATE'
  id: string
  status: UploadStatus
  percent: number
  mediaId: string | null
  error: string | null
}
