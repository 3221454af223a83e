import type { ReactNode } from 'react'
import { DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from './alert'
import { Button } from './button'
import { Icon } from './icons'
import { ModalFrame } from './modal-frame'

export interface ModalFormProps {
  open: boolean
  /** Saving: Escape, the backdrop, Close and Cancel do nothing, the fields' owner disables them. */
  busy: boolean
  title: ReactNode
  /** The server's message on failure, above the fields. */
  error: ReactNode
  /** A Close (×) button beside the title. */
  closeButton?: boolean
  submitLabel: ReactNode
  /** The submit button waits (default: while busy). */
  submitDisabled?: boolean
  onSubmit: () => void
  onClose: () => void
  /** The fields, between the error and Cancel / submit. */
  children: ReactNode
}

/** A form in a large ModalFrame (a poll, a to-do): title, the server's message, the fields scrolling, Cancel and submit. */
export function ModalForm({
  open,
  busy,
  title,
  error,
  closeButton = false,
  submitLabel,
  submitDisabled = busy,
  onSubmit,
  onClose,
  children,
}: ModalFormProps) {
  const { t } = useLingui()
  const heading = <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
  return (
    <ModalFrame open={open} onClose={() => (busy ? undefined : onClose())} size="lg">
      {closeButton ? (
        <div className="flex items-center justify-between">
          {heading}
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label={t`Close`}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 disabled:opacity-50"
          >
            <Icon name="close" />
          </button>
        </div>
      ) : (
        heading
      )}
      {error ? <Alert className="mt-3">{error}</Alert> : null}
      <form
        noValidate
        className="mt-4 max-h-[70vh] space-y-4 overflow-y-auto px-0.5"
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={submitDisabled} aria-busy={busy || undefined}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </ModalFrame>
  )
}
