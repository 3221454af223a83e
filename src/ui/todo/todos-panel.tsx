import type { ReactNode } from 'react'
import { DialogTitle, MenuItem } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Icon } from '../icons'
import { ModalFrame } from '../modal-frame'

/** The chat's "To-dos" entry of its "Chat options" menu. */
export function TodosMenuItem({ onOpen }: { onOpen: () => void }) {
  return (
    <MenuItem>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-center gap-2 rounded px-2 py-2 text-left text-slate-800 data-[focus]:bg-slate-100"
      >
        <Icon name="todo" className="h-4 w-4 shrink-0" />
        <Trans>To-dos</Trans>
      </button>
    </MenuItem>
  )
}

/** A chat's to-dos, over the chat: "To-dos in <chat name>". */
export function TodosPanel({
  open,
  chatName,
  onClose,
  children,
}: {
  open: boolean
  chatName: string
  onClose: () => void
  children: ReactNode
}) {
  const { t } = useLingui()
  return (
    <ModalFrame open={open} onClose={onClose} size="lg">
      <div className="flex items-center justify-between gap-2">
        <DialogTitle className="min-w-0 break-words text-lg font-semibold text-slate-900">
          <Trans>To-dos in {chatName}</Trans>
        </DialogTitle>
        <button
          type="button"
          onClick={onClose}
          aria-label={t`Close`}
          className="shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-slate-100"
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="-mx-1 mt-4 max-h-[70vh] overflow-y-auto px-1">{children}</div>
    </ModalFrame>
  )
}
