import type { MobileNavSnapshot } from './mobile-nav.machine'
import type { MobileNavEvent } from './mobile-nav.types'

export const MOBILE_NAV_DRAWER_ID = 'mobile-nav-drawer'
export const MOBILE_NAV_TITLE_ID = 'mobile-nav-title'

/** The menu button's, the overlay's, the drawer's and the close button's props, and the drawer's other ways to close. */
export interface MobileNavProps {
  open: boolean
  /** Spread onto the header's menu button. */
  menuButton: {
    type: 'button'
    'aria-expanded': boolean
    'aria-controls': string
    'aria-haspopup': 'dialog'
    onClick: () => void
  }
  /** Spread onto the dimmed overlay behind the drawer. */
  overlay: { hidden: boolean; 'aria-hidden': true; onClick: () => void }
  /** Spread onto the drawer panel. */
  drawer: {
    id: string
    role: 'dialog'
    'aria-modal': true
    'aria-labelledby': string
    hidden: boolean
    onKeyDown: (event: { key: string }) => void
  }
  /** Spread onto the close button inside the drawer. */
  closeButton: { type: 'button'; onClick: () => void }
  /** A link in the drawer was followed (also when it leads to the page already shown). */
  onFollowLink: (href: string) => void
  /** Wraps a handler of a control in the drawer that opens something else: the drawer makes way. */
  closeFor: (then: () => void) => () => void
}

/** Pure: maps a snapshot (and the actor's send) to the props the view spreads. */
export function connect(snapshot: Pick<MobileNavSnapshot, 'matches'>, send: (event: MobileNavEvent) => void): MobileNavProps {
  const open = snapshot.matches('open')
  return {
    open,
    menuButton: {
      type: 'button',
      'aria-expanded': open,
      'aria-controls': MOBILE_NAV_DRAWER_ID,
      'aria-haspopup': 'dialog',
      onClick: () => send({ type: 'OPEN' }),
    },
    overlay: { hidden: !open, 'aria-hidden': true, onClick: () => send({ type: 'CLOSE', source: 'overlay' }) },
    drawer: {
      id: MOBILE_NAV_DRAWER_ID,
      role: 'dialog',
      'aria-modal': true,
      'aria-labelledby': MOBILE_NAV_TITLE_ID,
      hidden: !open,
      onKeyDown: (event) => {
        if (event.key === 'Escape') send({ type: 'CLOSE', source: 'escape' })
      },
    },
    closeButton: { type: 'button', onClick: () => send({ type: 'CLOSE', source: 'close-button' }) },
    onFollowLink: (href) => send({ type: 'ROUTE_CHANGED', pathname: href }),
    closeFor: (then) => () => {
      send({ type: 'CLOSE', source: 'action' })
      then()
    },
  }
}
