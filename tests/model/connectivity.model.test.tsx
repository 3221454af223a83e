import { expect } from 'vitest'
import { connectivityStep, offlineNoticeView, type ConnectivityState } from '../../src/machines/connectivity'
import { connectivityMachine } from '../../src/machines/connectivity/connectivity.machine'
import { OfflineNotice } from '../../src/ui/offline-notice'
import { describeModel } from './support/run-model'

let refreshes = 0

describeModel({
  machine: connectivityMachine,
  render: (snapshot) => <OfflineNotice {...offlineNoticeView(snapshot.value as ConnectivityState)} onRefresh={() => refreshes++} />,
  perform: {
    // The browser's online / offline events drive the app's step function; the machine is the same chart.
    OFFLINE: async (_, kit) => {
      expect(connectivityStep(kit.previous.value as ConnectivityState, { type: 'OFFLINE' })).toBe('offline')
      await kit.send({ type: 'OFFLINE' })
    },
    ONLINE: async (_, kit) => {
      expect(connectivityStep(kit.previous.value as ConnectivityState, { type: 'ONLINE' })).toBe('online')
      await kit.send({ type: 'ONLINE' })
    },
  },
  states: {
    online: (_, kit) => {
      expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    offline: async (_, kit) => {
      const alert = kit.screen.getByRole('alert')
      expect(alert.textContent).toContain('You are currently offline')
      const before = refreshes
      await kit.user.click(kit.screen.getByRole('button', { name: 'Refresh' }))
      expect(refreshes).toBe(before + 1)
    },
  },
})
