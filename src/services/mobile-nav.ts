import { useEffect, useMemo, useRef, type RefObject } from 'react'
import { useLocation } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { connect, mobileNavMachine, type MobileNavProps } from '../machines/mobile-nav'

export interface MobileNavBinding extends MobileNavProps {
  /** Focus comes back here when the drawer closes. */
  menuButtonRef: RefObject<HTMLButtonElement | null>
  /** Focus goes here when the drawer opens. */
  closeButtonRef: RefObject<HTMLButtonElement | null>
}

/** Focus goes into the drawer when it opens and back to the menu button when it closes. */
function useMobileNavFocus(open: boolean) {
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const closeButtonRef = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open) closeButtonRef.current?.focus()
    else if (wasOpen.current) menuButtonRef.current?.focus()
    wasOpen.current = open
  }, [open])
  return { menuButtonRef, closeButtonRef }
}

/** A layout's mobile nav: the machine hears every navigation; returns the views' props and the focus refs. */
export function useMobileNav(): MobileNavBinding {
  const [snapshot, send] = useMachine(mobileNavMachine)
  const props = useMemo(() => connect(snapshot, send), [snapshot, send])
  const focus = useMobileNavFocus(props.open)
  const pathname = useLocation({ select: (location) => location.pathname })
  // Any navigation closes it (the machine ignores it when closed).
  useEffect(() => send({ type: 'ROUTE_CHANGED', pathname }), [pathname, send])
  return { ...props, ...focus }
}
