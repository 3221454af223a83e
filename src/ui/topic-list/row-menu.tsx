import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'

export interface RowMenuProps {
  /** The chat's name as the row shows it: the button is 'Actions for {name}'. */
  name: string
  pinned: boolean
  unread: boolean
  onTogglePin: () => void
  onToggleSeen: () => void
  onHide: () => void
}

const item = 'block w-full px-3 py-2 text-left text-sm text-slate-800 data-focus:bg-slate-100'

/** A chat row's "more" menu (Pin / Unpin, Mark as read / unread, Hide), anchored inside the screen at any width. */
export function RowMenu({ name, pinned, unread, onTogglePin, onToggleSeen, onHide }: RowMenuProps) {
  const { t } = useLingui()
  return (
    <Menu>
      <MenuButton
        aria-label={t`Actions for ${name}`}
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-open:bg-slate-200"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4, padding: 8 }}
        className="z-40 min-w-44 rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        <MenuItem>
          <button type="button" className={item} onClick={onTogglePin}>
            {pinned ? <Trans>Unpin</Trans> : <Trans>Pin</Trans>}
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={item} onClick={onToggleSeen}>
            {unread ? <Trans>Mark as read</Trans> : <Trans>Mark as unread</Trans>}
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={item} onClick={onHide}>
            <Trans>Hide</Trans>
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
