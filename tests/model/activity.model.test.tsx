import { expect } from 'vitest'
import { activityMachine, connect } from '../../src/machines/activity'
import { StatusSection } from '../../src/ui/presence/status-section'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof activityMachine>

/** Ten minutes, written here from the product rule (not read from the machine). */
const TEN_MINUTES = 10 * 60 * 1000

const calls = (kit: Kit) => ({ away: kit.actions.reportAway.mock.calls.length, active: kit.actions.reportActive.mock.calls.length })
const appearance = (kit: Kit) => kit.screen.getByRole('region', { name: 'Status' }).textContent ?? ''

/**
 * The tab's activity: the account menu says "You appear online" while the tab is in use and "You
 * appear away" after ten minutes without input; the server is told only on those transitions (and
 * again after a reconnect while away), never on each input.
 */
describeModel({
  machine: activityMachine,
  events: { INPUT: [{ type: 'INPUT' }], CONNECTED: [{ type: 'CONNECTED' }] },
  spyActions: ['reportAway', 'reportActive'],
  render: (snapshot) => <StatusSection status={null} onEdit={() => {}} {...connect(snapshot)} />,
  perform: {
    INPUT: async (_, kit) => {
      const before = calls(kit)
      await kit.send({ type: 'INPUT' })
      // Input while away reports active once; input while active reports nothing.
      expect(calls(kit)).toEqual({ away: before.away, active: before.active + (kit.previous.matches('away') ? 1 : 0) })
    },
    CONNECTED: async (_, kit) => {
      const before = calls(kit)
      await kit.send({ type: 'CONNECTED' })
      expect(calls(kit)).toEqual({ away: before.away + (kit.previous.matches('away') ? 1 : 0), active: before.active })
    },
    'xstate.after.idleAfter.activity.active': async (_, kit) => {
      const before = calls(kit)
      await kit.advance(TEN_MINUTES - 1)
      expect(appearance(kit)).toContain('You appear online')
      expect(calls(kit)).toEqual(before)
      await kit.advance(1)
      expect(calls(kit)).toEqual({ away: before.away + 1, active: before.active })
    },
  },
  states: {
    active: (_, kit) => {
      expect(appearance(kit)).toContain('You appear online')
    },
    away: (_, kit) => {
      expect(appearance(kit)).toContain('You appear away')
      expect(kit.actions.reportAway).toHaveBeenCalled()
    },
  },
})
