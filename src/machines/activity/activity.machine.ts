import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { AWAY_AFTER_MS } from '../../../contract/presence'
import type { ActivityEvent } from './activity.types'

/**
 * Whether this tab is in use, for presence: the server hears only the transitions, never each
 * keystroke.
 *
 *   active --INPUT--> active (the 10-minute wait starts again)
 *   active --after idleAfter (AWAY_AFTER_MS, 10 min) without input--> away: reports `away`
 *   away --INPUT--> active: reports `active`
 *   away --CONNECTED--> away: reports `away` again (a new socket starts active on the server)
 *
 * Pure: `reportAway` and `reportActive` (the socket's ACTIVITY) are injected actions.
 */
export const activityMachine = setup({
  types: { events: {} as ActivityEvent },
  delays: { idleAfter: AWAY_AFTER_MS },
  actions: {
    /** Injected: tells the server this tab has been idle AWAY_AFTER_MS. */
    reportAway: () => {},
    /** Injected: tells the server this tab is in use again. */
    reportActive: () => {},
  },
}).createMachine({
  id: 'activity',
  initial: 'active',
  states: {
    active: {
      after: { idleAfter: 'away' },
      on: { INPUT: { target: 'active', reenter: true } },
    },
    away: {
      entry: 'reportAway',
      on: {
        INPUT: { target: 'active', actions: 'reportActive' },
        CONNECTED: { actions: 'reportAway' },
      },
    },
  },
})

export type ActivityMachine = typeof activityMachine
export type ActivityActor = ActorRefFrom<ActivityMachine>
export type ActivitySnapshot = SnapshotFrom<ActivityMachine>
