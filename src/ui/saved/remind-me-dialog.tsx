import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { RemindMeProps, RemindPreset } from '../../machines/remind-me'
import { Alert } from '../alert'
import { Button } from '../button'
import { clockDay } from '../calendar/calendar-words'

const choiceClass =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-left text-base text-slate-900 hover:bg-slate-100 disabled:opacity-50'

/** "Remind me about this message": the quick times, or the reminder form; then where the reminder is. */
export function RemindMeDialog({ open, target, presets, creating, created, error, onPick, onCustom, onClose }: RemindMeProps) {
  const { t } = useLingui()
  const names: Record<RemindPreset, string> = {
    '20m': t`In 20 minutes`,
    '1h': t`In 1 hour`,
    '2h': t`In 2 hours`,
    tomorrow: t`Tomorrow at 9:00`,
  }
  if (!open || !target) return null
  const createdAt = created ? clockDay(created.start) : ''
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel className="w-full max-w-sm rounded-t-2xl bg-white p-3 shadow-xl sm:rounded-2xl">
          <DialogTitle className="px-2 pt-1 text-base font-semibold text-slate-900">
            <Trans>Remind me about this message</Trans>
          </DialogTitle>
          <p className="line-clamp-2 px-2 pb-2 text-sm text-slate-600">{target.title}</p>
          {error ? <Alert className="mb-2">{error}</Alert> : null}
          {created ? (
            <div className="space-y-3 px-2 pb-1">
              <p role="status" className="text-sm text-slate-800">
                <Trans>Reminder set for {createdAt}.</Trans>
              </p>
              <div className="flex flex-wrap gap-2">
                <Link
                  to="/calendar/$id"
                  params={{ id: created._id }}
                  onClick={onClose}
                  className="inline-flex min-h-10 items-center rounded-md bg-indigo-600 px-3 text-sm font-semibold text-white hover:bg-indigo-700"
                >
                  <Trans>View reminder</Trans>
                </Link>
                <Button variant="secondary" onClick={onClose}>
                  <Trans>Close</Trans>
                </Button>
              </div>
            </div>
          ) : (
            <ul aria-label={t`When to remind you`} className="border-t border-slate-100 pt-1">
              {presets.map((preset) => (
                <li key={preset}>
                  <button
                    type="button"
                    className={choiceClass}
                    disabled={creating !== null}
                    aria-busy={creating === preset || undefined}
                    onClick={() => onPick(preset)}
                  >
                    {names[preset]}
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className={choiceClass} disabled={creating !== null} onClick={onCustom}>
                  <Trans>Pick a date and time…</Trans>
                </button>
              </li>
              <li>
                <button
                  type="button"
                  onClick={onClose}
                  className="mt-1 flex min-h-11 w-full items-center justify-center rounded-lg bg-slate-100 text-base font-medium text-slate-900 hover:bg-slate-200"
                >
                  <Trans>Cancel</Trans>
                </button>
              </li>
            </ul>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  )
}
