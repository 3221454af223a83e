import { useRef, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { MOBILE_NAV_TITLE_ID } from '../../machines/mobile-nav'
import type { MobileNavBinding } from '../../services/mobile-nav'
import { keepFocusInside } from '../focus-trap'
import { Icon } from '../icons'

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
  nav: Pick<MobileNavBinding, 'menuButton' | 'menuButtonRef'>
  placement: MobileNavPlacement
}

/** The header's 'Menu' button, shown below the placement's breakpoint. */
export function MobileMenuButton({ nav, placement }: MobileMenuButtonProps) {
  const { t } = useLingui()
  return (
    <button
      ref={nav.menuButtonRef}
      {...nav.menuButton}
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
  nav: Pick<MobileNavBinding, 'overlay' | 'drawer' | 'closeButton' | 'closeButtonRef' | 'onFollowLink'>
  placement: MobileNavPlacement
  /** Shown before the 'Menu' heading (e.g. the logo mark). */
  brand?: ReactNode
  /** The navigation, as the drawer shows it. */
  children: ReactNode
}

/** The navigation in a drawer below the placement's breakpoint: closes on the overlay, the close button, Escape and any navigation. */
export function MobileNavDrawer({ nav, placement, brand, children }: MobileNavDrawerProps) {
  const { hidden, side } = PLACEMENT[placement]
  const { t } = useLingui()
  const drawerRef = useRef<HTMLDivElement>(null)
  return (
    <>
      <div {...nav.overlay} data-testid="mobile-nav-overlay" className={`fixed inset-0 z-40 bg-slate-900/50 ${hidden}`} />
      <div
        {...nav.drawer}
        ref={drawerRef}
        onKeyDown={(event) => {
          nav.drawer.onKeyDown(event)
          if (event.key === 'Tab') keepFocusInside(event, drawerRef.current)
        }}
        onClick={(event) => {
          const link = (event.target as HTMLElement).closest('a[href]')
          if (link) nav.onFollowLink(link.getAttribute('href') ?? '')
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
            ref={nav.closeButtonRef}
            {...nav.closeButton}
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
