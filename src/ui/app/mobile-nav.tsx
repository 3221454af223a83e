import { useEffect, useRef, type ReactNode, type Ref } from 'react'
import { useLocation } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { connect, mobileNavMachine, MOBILE_NAV_TITLE_ID, type MobileNavView } from '../../machines/mobile-nav'
import { keepFocusInside } from '../focus-trap'
import { Icon } from '../icons'
import { LogoMark } from '../logo'

/** Focus goes into the drawer when it opens and back to the menu button when it closes. */
export function useMobileNavFocus(open: boolean) {
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

/**
 * The sidebar layout's mobileNav actor: its view props, the focus refs, and what the layout
 * sends it besides the view's own events (any navigation; a control inside opening a panel).
 */
export function useMobileNav() {
  const [snapshot, send] = useMachine(mobileNavMachine)
  const view = connect(snapshot, send)
  const focus = useMobileNavFocus(view.open)
  const pathname = useLocation({ select: (location) => location.pathname })
  // Any navigation closes it (the machine ignores it when closed).
  useEffect(() => send({ type: 'ROUTE_CHANGED', pathname }), [pathname, send])
  return {
    view,
    ...focus,
    /** A link in the drawer was followed (also when it leads to the page already shown). */
    followLink: (href: string) => send({ type: 'ROUTE_CHANGED', pathname: href }),
    /** Wraps a handler of a control in the drawer that opens something else: the drawer makes way. */
    closeFor: (open: () => void) => () => {
      send({ type: 'CLOSE', source: 'action' })
      open()
    },
  }
}

export interface MobileMenuButtonProps {
  view: MobileNavView
  buttonRef?: Ref<HTMLButtonElement>
}

/** The header's 'Menu' button below 768px (the sidebar is behind it there). */
export function MobileMenuButton({ view, buttonRef }: MobileMenuButtonProps) {
  const { t } = useLingui()
  return (
    <button
      ref={buttonRef}
      {...view.menuButton}
      aria-label={t`Menu`}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}

export interface MobileNavDrawerProps {
  view: MobileNavView
  closeButtonRef?: Ref<HTMLButtonElement>
  /** A link inside was followed (the drawer closes even when it leads to the page already shown). */
  onFollowLink: (href: string) => void
  /** The sidebar, as the drawer shows it. */
  children: ReactNode
}

/** The sidebar in a drawer from the left, below 768px: closes on the overlay, the close button, Escape and any navigation. */
export function MobileNavDrawer({ view, closeButtonRef, onFollowLink, children }: MobileNavDrawerProps) {
  const { t } = useLingui()
  const drawerRef = useRef<HTMLDivElement>(null)
  return (
    <>
      <div {...view.overlay} data-testid="mobile-nav-overlay" className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
      <div
        {...view.drawer}
        ref={drawerRef}
        onKeyDown={(event) => {
          view.drawer.onKeyDown(event)
          if (event.key === 'Tab') keepFocusInside(event, drawerRef.current)
        }}
        onClick={(event) => {
          const link = (event.target as HTMLElement).closest('a[href]')
          if (link) onFollowLink(link.getAttribute('href') ?? '')
        }}
        className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col bg-white shadow-xl md:hidden"
      >
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-3">
          <div className="flex items-center gap-2">
            <LogoMark className="h-8 w-8" />
            <h2 id={MOBILE_NAV_TITLE_ID} className="text-base font-semibold text-slate-900">
              <Trans>Menu</Trans>
            </h2>
          </div>
          <button
            ref={closeButtonRef}
            {...view.closeButton}
            aria-label={t`Close menu`}
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </>
  )
}
