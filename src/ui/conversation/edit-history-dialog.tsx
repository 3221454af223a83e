import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { EditHistoryProps } from '../../machines/edit-history'
import { formatDateTime } from '../../services/time-ago'
import { RichText } from '../rich-text'

/** A message's edit history: each text it had, oldest first, with when it was written; the current one last. */
export function EditHistoryDialog({ open, message, loading, versions, error, onClose, onRetry }: EditHistoryProps) {
  const { t } = useLingui()
  if (!open || !message) return null
  const name = message.sender?.name ?? t`System`
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel className="flex max-h-[85vh] w-full max-w-md flex-col rounded-t-2xl bg-white shadow-xl sm:rounded-2xl">
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">
              <Trans>Edit history of {name}’s message</Trans>
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="min-h-10 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <Trans>Close</Trans>
            </button>
          </div>
          <div className="overflow-y-auto px-4 py-3">
            {loading ? (
              <p role="status" className="text-sm text-slate-600">
                <Trans>Loading the history…</Trans>
              </p>
            ) : error !== null ? (
              <div role="alert" className="space-y-2 text-sm text-red-700">
                <p>{error}</p>
                <button type="button" onClick={onRetry} className="min-h-10 rounded-md bg-slate-100 px-3 font-medium text-slate-900">
                  <Trans>Try again</Trans>
                </button>
              </div>
            ) : versions.length === 0 ? (
              <p className="text-sm text-slate-600">
                <Trans>This message was deleted: its history went with it.</Trans>
              </p>
            ) : (
              <ol aria-label={t`Versions`} className="space-y-3">
                {versions.map((version, i) => {
                  const current = version.replaced_at === null
                  const label = i === 0 ? t`Original` : current ? t`Current` : t`Edit ${i}`
                  return (
                    <li key={`${version.written_at}-${i}`} className="rounded-lg border border-slate-200 p-3">
                      <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
                        <span className="font-semibold text-slate-800">{label}</span>
                        <time dateTime={version.written_at}>{formatDateTime(version.written_at)}</time>
                      </p>
                      {version.type === 'html' ? (
                        <RichText className="prose-sm break-words text-sm text-slate-900" html={version.message} />
                      ) : (
                        <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{version.message}</p>
                      )}
                    </li>
                  )
                })}
              </ol>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
