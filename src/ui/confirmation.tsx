import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from './button'

/**
 * A question asked in place before a destructive action (remove a member, unfriend, block, delete
 * for good, sign out other sessions), with its confirm and cancel buttons: the product's one
 * confirmation, never the browser's window.confirm.
 */
export function Confirmation({
  label,
  confirm,
  children,
  onConfirm,
  onCancel,
  busy = false,
}: {
  /** The group's accessible name, e.g. 'Confirm removing Lan from the channel'. */
  label: string
  /** The confirm button's words, e.g. 'Yes, remove'. */
  confirm: ReactNode
  children: ReactNode
  onConfirm: () => void
  onCancel: () => void
  busy?: boolean
}) {
  return (
    <div role="group" aria-label={label} className="mt-2 rounded-md bg-red-50 p-3 text-left text-sm text-slate-800">
      <div>{children}</div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="danger" size="sm" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {confirm}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  )
}
