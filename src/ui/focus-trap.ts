import type { KeyboardEvent } from 'react'

/** Tab and Shift+Tab wrap around inside an open modal drawer (call it from its onKeyDown on Tab). */
export function keepFocusInside(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container) return
  const focusable = Array.from(
    container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), select, input, [tabindex]:not([tabindex="-1"])'),
  ).filter((el) => !el.closest('[hidden]'))
  if (focusable.length === 0) return
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
