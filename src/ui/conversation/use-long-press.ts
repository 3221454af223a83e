import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react'

/** How long a finger rests on a message before its actions open. */
export const LONG_PRESS_MS = 500
/** A finger that moves further than this is scrolling, not pressing. */
export const MOVE_TOLERANCE_PX = 10

/**
 * A long press by touch or pen (never a mouse, whose press selects text): `onLongPress` once the
 * pointer has rested LONG_PRESS_MS without moving more than MOVE_TOLERANCE_PX; lifting, cancelling,
 * leaving or moving first cancels it. The click that ends a long press, and the touch context menu,
 * are swallowed.
 */
export function useLongPress(onLongPress: () => void) {
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null)
  const fired = useRef(false)
  const latest = useRef(onLongPress)
  latest.current = onLongPress
  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer)
    press.current = null
  }
  useEffect(() => cancel, [])
  return {
    onPointerDown: (event: PointerEvent) => {
      cancel()
      fired.current = false
      if (event.pointerType === 'mouse') return
      const timer = setTimeout(() => {
        press.current = null
        fired.current = true
        latest.current()
      }, LONG_PRESS_MS)
      press.current = { timer, x: event.clientX, y: event.clientY }
    },
    onPointerMove: (event: PointerEvent) => {
      const start = press.current
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_TOLERANCE_PX) cancel()
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClickCapture: (event: MouseEvent) => {
      if (!fired.current) return
      fired.current = false
      event.preventDefault()
      event.stopPropagation()
    },
    onContextMenu: (event: MouseEvent) => {
      if (press.current || fired.current) event.preventDefault()
    },
  }
}
