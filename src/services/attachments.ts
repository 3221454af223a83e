import { fromCallback, fromPromise } from 'xstate'
import { provideUploads, type TransferCommand, type TransferEvent } from '../machines/upload'
import { cancelUpload, UploadError, uploadFile } from './api/media'

/**
 * An attachment's transfer (POST media/upload with progress): reports PROGRESS, then UPLOADED or
 * UPLOAD_FAILED; ABORT or stopping aborts the request. The upload machine hears an answer that
 * comes after an abort, and drops that file on the server itself.
 */
const transfer = fromCallback<TransferCommand, { file: File; topicId: string }>(({ input, sendBack, receive }) => {
  const abort = new AbortController()
  const report = (event: TransferEvent) => sendBack(event)
  receive((command) => {
    if (command.type === 'ABORT') abort.abort()
  })
  uploadFile({ topicId: input.topicId }, input.file, (p) => report({ type: 'PROGRESS', percent: p.percent }), abort.signal).then(
    (item) => report({ type: 'UPLOADED', mediaId: item._id }),
    (error: unknown) => report({ type: 'UPLOAD_FAILED', reason: error instanceof UploadError ? error.reason : null }),
  )
  return () => abort.abort()
})

/** The uploads of a message box's attachments (the chat's composer, a thread's reply box), with their calls. */
export const appUploadMachine = provideUploads({
  transfer,
  dropUpload: fromPromise<unknown, { mediaId: string }>(({ input }) => cancelUpload(input.mediaId).catch(() => undefined)),
})
