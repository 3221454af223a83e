import { expect } from 'vitest'
import { connect, connectivityMachine } from '../../src/machines/connectivity'
import { OfflineNotice } from '../../src/ui/offline-notice'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The offline notice as the root layout renders it (connect's props). The browser's online /
 * offline events are sent as the app's hook sends them; Refresh is clicked. Oracle beside the
 * machine: the page reloads exactly once per Refresh click, and only while offline.
 */
type Kit = ModelKit<typeof connectivityMachine>

let clicks = 0

describeModel({
  machine: connectivityMachine,
  inputs: { 'starts online': { online: true }, 'starts offline': { online: false } },
  spyActions: ['reload'],
  render: (snapshot, send) => <OfflineNotice {...connect(snapshot, send)} />,
  perform: {
    REFRESH: async (_, kit: Kit) => {
      clicks = kit.actions.reload.mock.calls.length
      await kit.user.click(kit.screen.getByRole('button', { name: 'Refresh' }))
      // One click, one reload.
      expect(kit.actions.reload.mock.calls.length).toBe(clicks + 1)
    },
  },
  states: {
    online: (_, kit) => {
      expect(kit.screen.queryByRole('alert')).toBeNull()
      expect(kit.screen.queryByRole('button', { name: 'Refresh' })).toBeNull()
    },
    offline: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toContain('You are currently offline')
      expect(kit.screen.getByRole('button', { name: 'Refresh' })).toBeTruthy()
    },
  },
})
