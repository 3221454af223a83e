import { lazy, Suspense } from 'react'
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { requireCatalogParts } from '../../services/i18n'
import { Icon } from '../icons'

// The guides are long; they (and their messages) load when the modal first opens.
const DocumentsGuide = lazy(async () => {
  const [guide] = await Promise.all([import('../documents/documents-guide'), requireCatalogParts(['documents'])])
  return { default: guide.DocumentsGuide }
})

export interface DocumentsModalProps {
  open: boolean
  onClose: () => void
}

/** The documents modal: the step guides of the group, channel and calendar features. */
export function DocumentsModal({ open, onClose }: DocumentsModalProps) {
  const { t } = useLingui()
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-[closed]:opacity-0" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel
          transition
          className="flex max-h-[90vh] w-full max-w-4xl flex-col rounded-t-xl bg-white shadow-xl transition duration-200 data-[closed]:opacity-0 sm:rounded-xl"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">
              <Trans>Documents</Trans>
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label={t`Close`}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <Icon name="close" />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto p-4 sm:p-6">
            <Suspense
              fallback={
                <p className="p-6 text-sm text-slate-500">
                  <Trans>Loading the guides…</Trans>
                </p>
              }
            >
              <DocumentsGuide />
            </Suspense>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
