import { useRef } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AttachmentProps } from '../../machines/upload'
import { Icon } from '../icons'

/*
 * The attachments of a message box (the chat's composer, a thread's reply box): the paper-clip
 * button with its file chooser, and the files picked with their uploads' progress.
 */

/** A file picked for the next message: its upload's progress, or the server's reason for refusing it. */
export function AttachmentRow(a: AttachmentProps) {
  const { t } = useLingui()
  return (
    <li className="flex items-center gap-2 text-xs">
      <span className="w-32 truncate sm:w-48">{a.name}</span>
      {a.status === 'failed' ? (
        <span role="alert" className="flex-1 text-red-700">
          {a.error ?? t`Upload failed`}
        </span>
      ) : (
        <progress
          aria-label={a.status === 'done' ? t`${a.name} uploaded` : t`Uploading ${a.name}`}
          value={a.percent}
          max={100}
          className="h-2 flex-1"
        />
      )}
      <button
        type="button"
        onClick={a.onRemove}
        aria-label={t`Remove ${a.name}`}
        className="rounded px-1.5 py-0.5 text-slate-600 hover:bg-slate-100"
      >
        {a.status === 'uploading' ? <Trans>Cancel</Trans> : <Trans>Remove</Trans>}
      </button>
    </li>
  )
}

/** The files picked for the next message (nothing when none). */
export function AttachmentList({ attachments, className = '' }: { attachments: AttachmentProps[]; className?: string }) {
  const { t } = useLingui()
  return attachments.length ? (
    <ul aria-label={t`Attachments`} className={`space-y-1 ${className}`}>
      {attachments.map((a) => (
        <AttachmentRow key={a.id} {...a} />
      ))}
    </ul>
  ) : null
}

/** "Attach files": opens the browser's file chooser; the files chosen go to `onFiles`. */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useLingui()
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <>
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        aria-label={t`Attach files`}
        className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
      >
        <Icon name="attach" />
      </button>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-label={t`Choose files`}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])])
          e.target.value = ''
        }}
      />
    </>
  )
}
