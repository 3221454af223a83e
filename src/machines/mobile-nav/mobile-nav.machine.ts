import { setup, type SnapshotFrom } from 'xstate'
import type { MobileNavEvent } from './mobile-nav.types'

/**
 * The mobile navigation drawer: the marketing header's below 1024px, and the sidebar layout's
 * below 768px.
 *
 * closed --OPEN--> open
 * open --CLOSE (overlay click, close button, Escape, a control in it opening a panel)--> closed
 * open --ROUTE_CHANGED--> closed   (following a link in the drawer, or any navigation, closes it)
 */
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
export type MobileNavSnapshot = SnapshotFrom<MobileNavMachine>
