import { assign, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type { TransferCommand, UploadContext, UploadEvent, UploadInput, UploadStatus } from './upload.types'

/**
 * One attachment of the next message, spawned by the composer for each file picked.
 *
 *   uploading (POST media/upload with progress) -> done | failed
 *   uploading --CANCEL--> cancelling.aborting: the transfer is aborted; should the server have had the
 *     whole file and answer anyway, the upload goes on to cancelling.dropping
 *   done --CANCEL--> cancelling.dropping (DELETE media/cancel-upload) -> removed
 *   failed --CANCEL--> removed
 *
 * The transfer runs for the actor's whole life, so an answer that arrives after the abort is still
 * heard; the file is dropped on the server in one place, cancelling.dropping. Each change is
 * reported to the owner (`report`; as a child, UPLOAD_UPDATE to the composer).
 */
const notProvided = actorNotProvided('upload')

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: {
    /** POST media/upload: reports PROGRESS, then UPLOADED or UPLOAD_FAILED; ABORT aborts it. */
    transfer: fromCallback<TransferCommand, Pick<UploadInput, 'file' | 'topicId'>>(() => {
      throw new Error('upload: the "transfer" actor is not provided')
    }),
    /** DELETE media/cancel-upload?media_id. */
    dropUpload: fromPromise<unknown, { mediaId: string }>(notProvided('dropUpload')),
  },
  actions: {
    setPercent: assign((_, params: { percent: number }) => ({ percent: params.percent })),
    setUploaded: assign((_, params: { mediaId: string }) => ({ mediaId: params.mediaId, percent: 100 })),
    setFailed: assign((_, params: { reason: string | null }) => ({ error: params.reason })),
    abortTransfer: sendTo('transfer', { type: 'ABORT' } satisfies TransferCommand),
    /** Tells the owner (the composer) what this attachment shows now: see `reportToParent`. */
    report: (_, _params: { status: UploadStatus }) => {},
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({ ...input, name: input.file.name, percent: 0, mediaId: null, error: null }),
  invoke: { id: 'transfer', src: 'transfer', input: ({ context }) => ({ file: context.file, topicId: context.topicId }) },
  initial: 'uploading',
  states: {
    uploading: {
      on: {
        PROGRESS: {
          actions: [
            { type: 'setPercent', params: ({ event }) => ({ percent: event.percent }) },
            { type: 'report', params: { status: 'uploading' } },
          ],
        },
        UPLOADED: { target: 'done', actions: { type: 'setUploaded', params: ({ event }) => ({ mediaId: event.mediaId }) } },
        UPLOAD_FAILED: { target: 'failed', actions: { type: 'setFailed', params: ({ event }) => ({ reason: event.reason }) } },
        CANCEL: 'cancelling',
      },
    },
    done: {
      entry: { type: 'report', params: { status: 'done' } },
      on: { CANCEL: 'cancelling.dropping' },
    },
    failed: {
      entry: { type: 'report', params: { status: 'failed' } },
      on: { CANCEL: 'removed' },
    },
    cancelling: {
      initial: 'aborting',
      states: {
        aborting: {
          entry: 'abortTransfer',
          on: {
            UPLOADED: { target: 'dropping', actions: { type: 'setUploaded', params: ({ event }) => ({ mediaId: event.mediaId }) } },
            UPLOAD_FAILED: '#upload.removed',
          },
        },
        dropping: {
          invoke: {
            id: 'dropUpload',
            src: 'dropUpload',
            input: ({ context }) => ({ mediaId: context.mediaId ?? '' }),
            onDone: '#upload.removed',
            onError: '#upload.removed',
          },
        },
      },
    },
    removed: { type: 'final' },
  },
})

export const uploadSampleInput: UploadInput = {
  id: 'upload-1',
  file: new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }),
  topicId: 'topic-1',
}

export type UploadMachine = typeof uploadMachine
export type UploadActor = ActorRefFrom<UploadMachine>
export type UploadSnapshot = SnapshotFrom<UploadMachine>
