import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Trans } from '@lingui/react/macro'
import { type MenuOpeningProps, useOpenedOnMount } from '../deferred-menu'
import { useRowMenuFace } from './deferred-row-menu'

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

/**
 * A chat row's "more" menu (Pin / Unpin, Mark as read / unread, Hide), anchored inside the screen at
 * any width. The list shows it as DeferredRowMenu, which loads it when first opened.
 */
export function RowMenu({ opening, ...props }: RowMenuProps & MenuOpeningProps) {
  const { pinned, unread, onTogglePin, onToggleSeen, onHide } = props
  const face = useRowMenuFace(props)
  const button = useOpenedOnMount(opening)
  return (
    <Menu>
      <MenuButton ref={button} aria-label={face.label} title={face.title} className={face.className}>
        {face.content}
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
