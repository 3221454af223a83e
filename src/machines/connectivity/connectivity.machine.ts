import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { ConnectivityEvent, ConnectivityInput } from './connectivity.types'

/**
 * Online / offline, from the browser's events (src/services/connectivity.ts feeds them): offline,
 * the app shows 'You are currently offline' with a Refresh button.
 */
export const connectivityMachine = setup({
  types: { events: {} as ConnectivityEvent, input: {} as ConnectivityInput, context: {} as ConnectivityInput },
  guards: {
    startsOffline: ({ context }) => !context.online,
  },
  actions: {
    /** Injected: reload the page. */
    reload: () => {},
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ online: input.online }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsOffline', target: 'offline' }, { target: 'online' }],
    },
    online: { on: { OFFLINE: 'offline' } },
    offline: { on: { ONLINE: 'online', REFRESH: { actions: 'reload' } } },
  },
})

export type ConnectivityMachine = typeof connectivityMachine
export type ConnectivityActor = ActorRefFrom<ConnectivityMachine>
export type ConnectivitySnapshot = SnapshotFrom<ConnectivityMachine>

/** What the statechart visualiser starts the machine with. */
export const connectivitySampleInput: ConnectivityInput = { online: true }
