import type { ReactNode } from 'react'
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useLingui } from '@lingui/react/macro'
import { Icon } from '../icons'

export interface DrawerProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  /** Width class of the panel, e.g. the notification drawer's 40vw or the support drawer's 356 px. */
  widthClass?: string
  side?: 'left' | 'right'
  /**
   * Whether the panel's body scrolls as a whole (default). Off, the body is a column the children
   * fill and scroll themselves (a virtualised list needs its own scroll container).
   */
  scrollBody?: boolean
  children: ReactNode
}

/** A panel sliding in from the side (Headless UI Dialog: focus trap, Escape, outside click). */
export function Drawer({ open, onClose, title, widthClass = 'sm:w-[356px]', side = 'right', scrollBody = true, children }: DrawerProps) {
  const { t } = useLingui()
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-[closed]:opacity-0" />
      <div className={`fixed inset-y-0 flex w-full ${side === 'right' ? 'right-0 justify-end' : 'left-0 justify-start'}`}>
        <DialogPanel
          transition
          className={`flex h-full w-full ${widthClass} flex-col bg-white shadow-xl transition duration-200 ease-out ${side === 'right' ? 'data-[closed]:translate-x-full' : 'data-[closed]:-translate-x-full'}`}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label={t`Close`}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <Icon name="close" />
            </button>
          </div>
          <div className={scrollBody ? 'flex-1 overflow-y-auto' : 'flex min-h-0 flex-1 flex-col'}>{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
