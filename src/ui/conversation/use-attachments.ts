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
  const patch = (id: string, change: Partial<Attachment>) => setList((all) => all.map((a) => (a.id === id ? { ...a, ...change } : a)))

  const add = (files: Iterable<File>) => {
    for (const file of files) {
      const id = crypto.randomUUID()
      const abort = new AbortController()
      aborts.current.set(id, abort)
      setList((all) => [...all, { id, name: file.name, percent: 0, status: 'uploading', error: null, item: null }])
      uploadFile({ topicId }, file, (p) => patch(id, { percent: p.percent }), abort.signal).then(
        (item) => {
          // Removed while the server was answering: it has the file, so drop it there too.
          if (abort.signal.aborted) return void cancelUpload(item._id).catch(() => undefined)
          patch(id, { status: 'done', percent: 100, item })
        },
        (error: unknown) => {
          if (abort.signal.aborted) return
          patch(id, { status: 'failed', error: error instanceof UploadError ? error.reason : null })
        },
      )
    }
  }

  const cancel = (id: string) => {
    const found = list.find((a) => a.id === id)
    aborts.current.get(id)?.abort()
    aborts.current.delete(id)
    if (found?.item) void cancelUpload(found.item._id).catch(() => undefined)
    setList((all) => all.filter((a) => a.id !== id))
  }

  const ready = list.filter((a) => a.status === 'done' && a.item).map((a) => a.item!._id)
  const clear = () => {
    aborts.current.clear()
    setList([])
  }
  return { list, add, cancel, clear, ready, busy: list.some((a) => a.status === 'uploading') }
}
