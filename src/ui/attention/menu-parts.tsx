import type { MouseEvent, ReactNode } from 'react'

const itemClass =
  'block w-full rounded px-3 py-1.5 text-left text-sm text-slate-800 hover:bg-indigo-50 focus-visible:bg-indigo-50 disabled:opacity-50'

/** Closes the <details> menu a choice was made in. */
const closeMenu = (e: MouseEvent<HTMLElement>) => e.currentTarget.closest('details')?.removeAttribute('open')

/** One choice of a header menu (a <details> disclosure: no state of its own). */
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
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      disabled={disabled}
      onClick={(e) => {
        closeMenu(e)
        onChoose()
      }}
      className={itemClass}
    >
      <span aria-hidden="true">{checked ? '✓ ' : ''}</span>
      {children}
    </button>
  )
}

export const menuPanelClass = 'absolute right-0 z-30 mt-1 w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg'
export const menuItemClass = itemClass
export { closeMenu }
