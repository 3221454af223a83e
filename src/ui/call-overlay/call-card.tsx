import type { ReactNode } from 'react'
import { Avatar } from '../avatar'

export interface CallCardProps {
  /** The dialog's accessible name. */
  label: string
  name: string
  photoUrl: string | null
  /** The avatar's letters when there is no photo. */
  initials: string
  /** 'Video call' / 'Voice call'. */
  kind: ReactNode
  /** What is happening now, announced politely. */
  status: ReactNode
  children: ReactNode
}

/** The full-screen call overlay both call directions share. */
export function CallCard({ label, name, photoUrl, initials, kind, status, children }: CallCardProps) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={label}
      className="fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/70 p-4"
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-3 rounded-2xl bg-slate-800 px-6 py-8 text-center text-white shadow-2xl">
        <Avatar photoUrl={photoUrl} initials={initials} size={64} />
        <h2 className="text-lg font-semibold">{name}</h2>
        <p className="text-sm text-slate-300">{kind}</p>
        <p role="status" className="text-sm text-slate-200">
          {status}
        </p>
        <div className="mt-4 flex items-center justify-center gap-6">{children}</div>
      </div>
    </div>
  )
}
