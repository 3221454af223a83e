import { setup } from 'xstate'

/**
 * The mobile navigation drawer (spec section 4, "Mobile nav menu"): the marketing header's below
 * 1024px, and the sidebar layout's below 768px.
 *
 * closed --OPEN--> open
 * open --CLOSE (overlay click, close button, Escape, a control in it opening a panel)--> closed
 * open --ROUTE_CHANGED--> closed   (following a link in the drawer, or any navigation, closes it)
 */
/** 'action': a control in the drawer opened something else (a panel, a modal). */
export type MobileNavCloseSource = 'overlay' | 'close-button' | 'escape' | 'action'

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
