import { setup } from 'xstate'

/**
 * The marketing header's mobile navigation drawer (spec section 2, "mobile nav menu" in design.md).
 *
 * closed --OPEN--> open
 * open --CLOSE (overlay click, close button, Escape)--> closed
 * open --ROUTE_CHANGED--> closed   (following a link in the drawer, or any navigation, closes it)
 */
export type MobileNavCloseSource = 'overlay' | 'close-button' | 'escape'

export type MobileNavEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE'; source: MobileNavCloseSource }
  | { type: 'ROUTE_CHANGED'; pathname: string }

export const mobileNavMachine = setup({
  types: {
    events: {} as MobileNavEvent,
  },
}).createMachine({
  id: 'mobileNav',
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { target: 'open' },
      },
    },
    open: {
      on: {
        CLOSE: { target: 'closed' },
        ROUTE_CHANGED: { target: 'closed' },
      },
    },
  },
})

export type MobileNavMachine = typeof mobileNavMachine
