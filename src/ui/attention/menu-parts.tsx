import type { ReactNode } from 'react'
import { MenuItem, MenuItems } from '@headlessui/react'
import { Icon } from '../icons'

/** A choice's look; Headless UI marks the one the arrow keys reached with data-focus. */
export const menuItemClass =
  'flex w-full items-center gap-2 rounded px-3 py-2 text-left text-sm text-slate-800 data-[focus]:bg-indigo-50 data-[disabled]:opacity-50'

/**
 * The open panel of a header menu (Headless UI: arrow keys, Escape and a click outside close it,
 * focus goes back to its button, whose name is the menu's). Anchored below its button and kept
 * inside the screen.
 */
export function MenuPanel({ children }: { children: ReactNode }) {
  return (
    <MenuItems
      anchor={{ to: 'bottom end', gap: 4, padding: 8 }}
      className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
    >
      {children}
    </MenuItems>
  )
}

/**
 * One choice of a header menu. `checked` marks the current one of a group (a check mark, and
 * aria-current: Headless UI makes every item a plain menuitem).
 */
export function MenuChoice({
  onChoose,
  disabled,
  checked,
  children,
}: {
  onChoose: () => void
  disabled?: boolean
  checked?: boolean
  children: ReactNode
}) {
  return (
    <MenuItem disabled={disabled}>
      <button type="button" aria-current={checked || undefined} onClick={onChoose} className={menuItemClass}>
        {checked === undefined ? null : (
          <span className="inline-flex h-4 w-4 shrink-0">{checked ? <Icon name="check" className="h-4 w-4 text-indigo-700" /> : null}</span>
        )}
        {children}
      </button>
    </MenuItem>
  )
}
