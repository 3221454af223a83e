import type { SnapshotFrom } from 'xstate'
import type { MobileNavEvent, MobileNavMachine } from './mobile-nav.machine'

export const MOBILE_NAV_DRAWER_ID = 'mobile-nav-drawer'
export const MOBILE_NAV_TITLE_ID = 'mobile-nav-title'

type Send = (event: MobileNavEvent) => void

export interface MobileNavView {
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
}

/** Pure: maps a snapshot (and the actor's send) to the props the view spreads. */
export function connect(snapshot: Pick<SnapshotFrom<MobileNavMachine>, 'matches'>, send: Send): MobileNavView {
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
  }
}
