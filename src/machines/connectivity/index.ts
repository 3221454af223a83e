export { connectivityMachine, type ConnectivityActor, type ConnectivityMachine, type ConnectivitySnapshot } from './connectivity.machine'
export type { ConnectivityEvent, ConnectivityInput } from './connectivity.types'
export { connect, type OfflineNoticeProps } from './connectivity.connect'
