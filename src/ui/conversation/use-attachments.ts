import { useRef, useState } from 'react'
import type { MediaItem } from '../../../contract/media'
import { cancelUpload, UploadError, uploadFile } from '../../services/chat'

export interface Attachment {
  id: string
  name: string
  percent: number
  status: 'uploading' | 'done' | 'failed'
  /** The server's reason when it refused the file. */
  error: string | null
  item: MediaItem | null
}

/**
 * Files picked for the next message: each uploads at once (POST media/upload) with its progress;
 * cancel aborts the upload, or drops the finished one on the server (DELETE media/cancel-upload).
 */
export function useAttachments(topicId: string) {
  const [list, setList] = useState<Attachment[]>([])
  const aborts = useRef(new Map<string, AbortController>())
  /** Finished uploads the server holds for the next message, by attachment id. */
  const uploaded = useRef(new Map<string, MediaItem>())
  const patch = (id: string, change: Partial<Attachment>) => setList((all) => all.map((a) => (a.id === id ? { ...a, ...change } : a)))

  const add = (files: Iterable<File>) => {
    for (const file of files) {
      const id = crypto.randomUUID()
      const abort = new AbortController()
      aborts.current.set(id, abort)
      setList((all) => [...all, { id, name: file.name, percent: 0, status: 'uploading', error: null, item: null }])
      uploadFile({ topicId }, file, (p) => patch(id, { percent: p.percent }), abort.signal).then(
        (item) => {
          uploaded.current.set(id, item)
          // Removed while the server was answering: it has the file, so drop it there too.
          if (abort.signal.aborted) return dropOnServer(id)
          patch(id, { status: 'done', percent: 100, item })
        },
        (error: unknown) => {
          if (abort.signal.aborted) return
          patch(id, { status: 'failed', error: error instanceof UploadError ? error.reason : null })
        },
      )
    }
  }

  const dropOnServer = (id: string) => {
    const item = uploaded.current.get(id)
    uploaded.current.delete(id)
    if (item) void cancelUpload(item._id).catch(() => undefined)
  }

  const cancel = (id: string) => {
    aborts.current.get(id)?.abort()
    aborts.current.delete(id)
    dropOnServer(id)
    setList((all) => all.filter((a) => a.id !== id))
  }

  const ready = list.filter((a) => a.status === 'done' && a.item).map((a) => a.item!._id)
  const clear = () => {
    aborts.current.clear()
    uploaded.current.clear()
    setList([])
  }
  return { list, add, cancel, clear, ready, busy: list.some((a) => a.status === 'uploading') }
}
