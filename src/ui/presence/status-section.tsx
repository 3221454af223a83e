import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import type { CustomStatus } from '../../../contract/presence'
import { StatusBadge } from './presence-text'

export interface StatusSectionProps {
  status: CustomStatus | null
  /** This tab reports the user away (idle 10 minutes). */
  away: boolean
  onEdit: () => void
  /** The status form, while open. */
  children?: ReactNode
}

/** The account menu's status: the user's custom status (or none), how they appear, and "Set a status". */
export function StatusSection({ status, away, onEdit, children }: StatusSectionProps) {
  return (
    <section aria-labelledby="my-status-heading" className="rounded-md border border-slate-200 p-3">
      <h2 id="my-status-heading" className="text-xs font-medium uppercase tracking-wide text-slate-600">
        <Trans>Status</Trans>
      </h2>
      <div className="mt-1 flex items-center justify-between gap-2">
        <div className="min-w-0 text-sm">
          {status ? (
            <StatusBadge status={status} className="text-sm" />
          ) : (
            <span className="text-slate-600">
              <Trans>No status</Trans>
            </span>
          )}
          <p className="text-xs text-slate-600">{away ? <Trans>You appear away</Trans> : <Trans>You appear online</Trans>}</p>
        </div>
        <button
          type="button"
          onClick={onEdit}
          className="min-h-10 shrink-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {status ? <Trans>Change status</Trans> : <Trans>Set a status</Trans>}
        </button>
      </div>
      {children}
    </section>
  )
}
