import pLimit from 'p-limit'
import { type MediaItem, MEDIA_UPLOADS_PER_USER } from '../../../contract/media'
import { endpoints } from '../../../contract/endpoints'
import { apiErrorOf, call, type CallOptions } from '../http'
import type { UploadProgress } from '../upload'

/** The media calls (contract/endpoints.ts, tag 'media'): uploads, a channel's storage, the trash. */
const quiet = { quiet: true }

/** `quiet`: the caller shows its own message when the call fails (no catalogue toast). */
type Quiet = Pick<CallOptions, 'quiet'>

/** The server takes MEDIA_UPLOADS_PER_USER uploads of a user at once (one more is 429): the others wait their turn here. */
const uploadTurns = pLimit(MEDIA_UPLOADS_PER_USER)

/**
 * POST media/upload with progress; abort with the signal. A refusal rejects with the server's message.
 * A topic's attachment is private to its members; a channel image or banner is public (no topic).
 * At most MEDIA_UPLOADS_PER_USER run at once; the others start as those end.
 */
export function uploadFile(
  target: { topicId: string } | { acl: 'public' },
  file: File,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<MediaItem> {
  return uploadTurns(() => upload(target, file, onProgress, signal))
}

async function upload(
  target: { topicId: string } | { acl: 'public' },
  file: File,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<MediaItem> {
  const form = new FormData()
  if ('topicId' in target) form.set('topic_id', target.topicId)
  form.set('acl', 'topicId' in target ? 'private' : 'public')
  form.set('file', file, file.name)
  try {
    return await call(endpoints.mediaUpload, form, { quiet: true, signal, timeout: false, onUploadProgress: onProgress })
  } catch (error) {
    const failed = apiErrorOf(error)
    const reason = failed?.body?.errors?.file?.[0] ?? failed?.body?.message
    throw new UploadError(reason ?? null)
  }
}

export class UploadError extends Error {
  constructor(readonly reason: string | null) {
    super(reason ?? 'upload failed')
  }
}

/** DELETE media/cancel-upload?media_id. */
export const cancelUpload = (mediaId: string) => call(endpoints.mediaCancelUpload, { media_id: mediaId }, quiet)

export const storageOf = (query: { channelId: string; topicId?: string; trash: boolean; page: number }) =>
  call(endpoints.mediaStorage, { channel_id: query.channelId, topic_id: query.topicId, trash: query.trash ? 1 : 0, page: query.page })
export const trashFile = (mediaId: string) => call(endpoints.mediaTrash, { media_id: mediaId })
export const restoreFile = (mediaId: string, options: Quiet = {}) => call(endpoints.mediaRestore, { media_id: mediaId }, options)
export const purgeFile = (mediaId: string, options: Quiet = {}) => call(endpoints.mediaPurge, { media_id: mediaId }, options)

/** GET media/storage-summary, quiet (/account/storage says what failed): the caller's bytes by channel and chat. */
export const storageSummary = () => call(endpoints.storageSummary, undefined, quiet)

/** GET media/my-trash, quiet (/account/trash says what failed): the caller's own trashed files, 20 a page. */
export const myTrash = (page: number) => call(endpoints.myTrash, { page }, quiet)
