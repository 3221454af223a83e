import { sendParent } from 'xstate'
import type { AttachmentProps } from './upload.connect'
import { uploadMachine } from './upload.machine'
import type { UploadStatus, UploadUpdate } from './upload.types'

/*
 * The files picked for the next message of a message box (the chat's composer, a thread's reply
 * box): each uploads in a child upload actor `attachment-<n>`, which reports back UPLOAD_UPDATE.
 * The boxes' machines keep the list and hold these rules through the helpers below.
 */

/** A file picked for the next message, as its upload last reported it. */
export interface Attachment {
  id: string
  name: string
  status: UploadStatus
  /** 0..100 */
  percent: number
  error: string | null
  mediaId: string | null
}

/** The upload as a child: `report` sends UPLOAD_UPDATE to the actor that spawned it. */
export const childUpload = uploadMachine.provide({
  actions: {
    report: sendParent(({ context }, params: { status: UploadStatus }): UploadUpdate => ({
      type: 'UPLOAD_UPDATE',
      id: context.id,
      status: params.status,
      percent: context.percent,
      mediaId: context.mediaId,
      error: context.error,
    })),
  },
})

/** The boxes' uploads with the app's transfer and drop (the runtime provides them). */
export const provideUploads = (actors: Parameters<typeof uploadMachine.provide>[0]['actors']) => childUpload.provide({ actors })

/** `files` added to the list, numbered from `next`; `start(id, file)` spawns each one's upload. */
function withFiles(
  attachments: readonly Attachment[],
  next: number,
  files: readonly File[],
  start: (id: string, file: File) => void,
): { attachments: Attachment[]; nextAttachment: number } {
  const added = files.map((file, index): Attachment => {
    const id = `attachment-${next + index}`
    start(id, file)
    return { id, name: file.name, status: 'uploading', percent: 0, error: null, mediaId: null }
  })
  return { attachments: [...attachments, ...added], nextAttachment: next + added.length }
}

/** What a message box's list of files hears: files picked, one taken back, an upload's report. */
export type AttachmentEvent = { type: 'ATTACH'; files: File[] } | { type: 'REMOVE_ATTACHMENT'; id: string } | UploadUpdate

/**
 * The box's files after `event` (nothing for other events): picked ones added, each upload started
 * by `start`; one taken back hidden (its upload is told to cancel apart); an upload's report kept.
 */
export function attachmentsAfter(
  box: { attachments: Attachment[]; nextAttachment: number },
  event: { type: string },
  start: (id: string, file: File) => void,
): Partial<{ attachments: Attachment[]; nextAttachment: number }> {
  const e = event as AttachmentEvent
  if (e.type === 'ATTACH') return withFiles(box.attachments, box.nextAttachment, e.files, start)
  if (e.type === 'REMOVE_ATTACHMENT') return { attachments: box.attachments.filter((a) => a.id !== e.id) }
  if (e.type === 'UPLOAD_UPDATE') return { attachments: withUpdate(box.attachments, e) }
  return {}
}

/** The list with one upload's latest report. */
const withUpdate = (attachments: readonly Attachment[], update: UploadUpdate): Attachment[] =>
  attachments.map((a) =>
    a.id === update.id ? { ...a, status: update.status, percent: update.percent, error: update.error, mediaId: update.mediaId } : a,
  )

/** Some file is still uploading: sending waits. */
export const isUploading = (attachments: readonly Attachment[]) => attachments.some((a) => a.status === 'uploading')

/** The server's ids of the finished uploads: the next message's files. */
export const finishedIds = (attachments: readonly Attachment[]) =>
  attachments.filter((a) => a.status === 'done' && a.mediaId).map((a) => a.mediaId!)

/** The view's rows, each with its Remove. */
export const attachmentRows = (attachments: readonly Attachment[], remove: (id: string) => void): AttachmentProps[] =>
  attachments.map(({ id, name, status, percent, error }) => ({ id, name, status, percent, error, onRemove: () => remove(id) }))
