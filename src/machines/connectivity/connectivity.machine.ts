import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { connectivityChart, type ConnectivityEvent } from './connectivity.chart'

/** The connectivity chart as an XState machine (visualiser, model tests). The app runs the chart itself. */
export const connectivityMachine = setup({
  types: { events: {} as ConnectivityEvent },
}).createMachine(connectivityChart)

export type ConnectivityActor = ActorRefFrom<typeof connectivityMachine>
export type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>
