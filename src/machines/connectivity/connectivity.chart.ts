/**
 * Online / offline (spec section 2: the offline notice 'You are currently offline' with a Refresh
 * button). The chart is plain data with a one-line step function, so the root layout can run it
 * without loading xstate into the entry chunk; connectivity.machine.ts builds the XState machine
 * from the same chart for the statechart visualiser and the generated tests.
 */
export type ConnectivityState = 'online' | 'offline'
export type ConnectivityEvent = { type: 'ONLINE' } | { type: 'OFFLINE' }

export const connectivityChart = {
  id: 'connectivity',
  initial: 'online',
  states: {
    online: { on: { OFFLINE: 'offline' } },
    offline: { on: { ONLINE: 'online' } },
  },
} as const satisfies {
  id: string
  initial: ConnectivityState
  states: Record<ConnectivityState, { on: Partial<Record<ConnectivityEvent['type'], ConnectivityState>> }>
}

/** The next state: the chart's transition for the event, or the same state. */
export function connectivityStep(state: ConnectivityState, event: ConnectivityEvent): ConnectivityState {
  const on: Partial<Record<ConnectivityEvent['type'], ConnectivityState>> = connectivityChart.states[state].on
  return on[event.type] ?? state
}
