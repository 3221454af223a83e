import { expect } from 'vitest'
import { uploadMachine, connect, type UploadSnapshot } from '../../src/machines/upload'
import { AttachmentRow } from '../../src/ui/upload/attachments'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof uploadMachine>

const FILE = new File(['%PDF-1.4\nnotes\n'], 'notes.pdf', { type: 'application/pdf' })
const MEDIA_ID = 'media-1'

const row = ({ container }: Kit) => container.querySelector('li')
const progress = (kit: Kit) => kit.screen.getByRole<HTMLProgressElement>('progressbar', { name: 'Uploading notes.pdf' })
const finished = (kit: Kit) => kit.screen.getByRole<HTMLProgressElement>('progressbar', { name: 'notes.pdf uploaded' })
const remove = (kit: Kit) => kit.screen.getByRole('button', { name: 'Remove notes.pdf' })
/** The last thing the upload told its composer. */
const lastReport = (kit: Kit) => kit.actions.report.mock.calls.at(-1)?.[1] as { status: string } | undefined

describeModel({
  machine: uploadMachine,
  input: { id: 'attachment-1', file: FILE, topicId: 'topic-1' },
  serializeState: (s: UploadSnapshot) =>
    JSON.stringify({ value: s.value, percent: s.context.percent, error: s.context.error, mediaId: s.context.mediaId }),
  callbackActors: ['transfer'],
  spyActions: ['report'],
  events: {
    PROGRESS: (s) => (s.context.percent === 0 ? [{ type: 'PROGRESS', percent: 40 }] : []),
    UPLOADED: [{ type: 'UPLOADED', mediaId: MEDIA_ID }],
    UPLOAD_FAILED: (s) =>
      s.matches('uploading')
        ? [
            { type: 'UPLOAD_FAILED', reason: 'This file type is not allowed' },
            { type: 'UPLOAD_FAILED', reason: null },
          ]
        : [{ type: 'UPLOAD_FAILED', reason: null }],
  },
  render: (snapshot, send) => {
    const props = connect(snapshot, send)
    return <ul aria-label="Attachments">{props ? <AttachmentRow {...props} /> : null}</ul>
  },
  perform: {
    // The transfer reports; the user removes the attachment.
    PROGRESS: async (event, kit) => kit.sendBack('transfer', event),
    UPLOADED: async (event, kit) => kit.sendBack('transfer', event),
    UPLOAD_FAILED: async (event, kit) => kit.sendBack('transfer', event),
    CANCEL: async (_, kit) => {
      await kit.user.click(remove(kit))
    },
  },
  states: {
    '*': (expected, kit) => {
      // The transfer runs from the start to the end of the upload, never twice.
      expect(kit.callbacks.map((c) => c.input)).toEqual([{ file: FILE, topicId: 'topic-1' }])
      expect(kit.callbacks[0]!.stopped).toBe(expected.status === 'done')
    },
    uploading: (expected, kit) => {
      expect(progress(kit).value).toBe(expected.context.percent)
      expect(remove(kit).textContent).toBe('Cancel')
      if (expected.context.percent > 0) expect(lastReport(kit)).toEqual({ status: 'uploading' })
      expect(kit.callbacks[0]!.received).toEqual([])
    },
    done: (_, kit) => {
      expect(finished(kit).value).toBe(100)
      expect(remove(kit).textContent).toBe('Remove')
      expect(lastReport(kit)).toEqual({ status: 'done' })
    },
    failed: (expected, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe(expected.context.error ?? 'Upload failed')
      expect(remove(kit).textContent).toBe('Remove')
      expect(lastReport(kit)).toEqual({ status: 'failed' })
    },
    // Removed at once: the row is gone while the upload finishes its cancel.
    'cancelling.aborting': (_, kit) => {
      expect(row(kit)).toBeNull()
      expect(kit.callbacks[0]!.received).toEqual([{ type: 'ABORT' }])
    },
    'cancelling.dropping': (_, kit) => {
      // The server has the file (finished, or answered after the abort): it is dropped there.
      expect(row(kit)).toBeNull()
      expect(kit.pending('dropUpload').input).toEqual({ mediaId: MEDIA_ID })
    },
    removed: (expected, kit) => {
      expect(row(kit)).toBeNull()
      // Dropped on the server exactly when the server had it.
      expect(kit.calls.filter((c) => c.src === 'dropUpload').length).toBe(expected.context.mediaId ? 1 : 0)
    },
  },
})
