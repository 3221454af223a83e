import type { ReactNode } from 'react'
import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react'

export interface ModalFrameProps {
  open: boolean
  onClose: () => void
  size?: 'md' | 'lg'
  children: ReactNode
}

/** The centred modal every dialog uses: backdrop, panel, focus trap and Escape from Headless UI. */
export function ModalFrame({ open, onClose, size = 'md', children }: ModalFrameProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className={`w-full ${size === 'lg' ? 'max-w-lg' : 'max-w-md'} rounded-xl bg-white p-6 shadow-xl`}>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  )
}
