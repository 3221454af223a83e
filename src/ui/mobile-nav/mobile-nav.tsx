import { useEffect, useRef, type ReactNode, type Ref } from 'react'
import { useLocation } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { connect, mobileNavMachine, MOBILE_NAV_TITLE_ID, type MobileNavView } from '../../machines/mobile-nav'
import { keepFocusInside } from '../focus-trap'
import { Icon } from '../icons'

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
 * A layout's mobileNav actor: its view props, the focus refs, and what the layout sends it
 * besides the view's own events (any navigation; a control inside opening a panel).
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

/**
 * Where the menu lives: the sidebar layout hides it from 768px and slides in from the left; the
 * marketing header hides it from 1024px and slides in from the right. (Whole class names, so
 * Tailwind sees them.)
 */
const PLACEMENT = {
  sidebar: { hidden: 'md:hidden', side: 'left-0 max-w-xs' },
  marketing: { hidden: 'lg:hidden', side: 'right-0 max-w-sm' },
} as const
export type MobileNavPlacement = keyof typeof PLACEMENT

export interface MobileMenuButtonProps {
  view: MobileNavView
  placement: MobileNavPlacement
  buttonRef?: Ref<HTMLButtonElement>
}

/** The header's 'Menu' button, shown below the placement's breakpoint. */
export function MobileMenuButton({ view, placement, buttonRef }: MobileMenuButtonProps) {
  const { t } = useLingui()
  return (
    <button
      ref={buttonRef}
      {...view.menuButton}
      aria-label={t`Menu`}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${PLACEMENT[placement].hidden}`}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}

export interface MobileNavDrawerProps {
  view: MobileNavView
  placement: MobileNavPlacement
  closeButtonRef?: Ref<HTMLButtonElement>
  /** A link inside was followed (the drawer closes even when it leads to the page already shown). */
  onFollowLink: (href: string) => void
  /** Shown before the 'Menu' heading (e.g. the logo mark). */
  brand?: ReactNode
  /** The navigation, as the drawer shows it. */
  children: ReactNode
}

/** The navigation in a drawer below the placement's breakpoint: closes on the overlay, the close button, Escape and any navigation. */
export function MobileNavDrawer({ view, placement, closeButtonRef, onFollowLink, brand, children }: MobileNavDrawerProps) {
  const { hidden, side } = PLACEMENT[placement]
  const { t } = useLingui()
  const drawerRef = useRef<HTMLDivElement>(null)
  return (
    <>
      <div {...view.overlay} data-testid="mobile-nav-overlay" className={`fixed inset-0 z-40 bg-slate-900/50 ${hidden}`} />
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
        className={`fixed inset-y-0 z-50 flex w-[85vw] flex-col overflow-y-auto bg-white shadow-xl ${side} ${hidden}`}
      >
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-3">
          <div className="flex items-center gap-2">
            {brand}
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
