export {
  socketConnectionMachine,
  type SocketConnectionActor,
  type SocketConnectionMachine,
  type SocketConnectionSnapshot,
} from './socket-connection.machine'
export type { SocketCommand, SocketConnectionContext, SocketConnectionEvent, SocketConnectionInput } from './socket-connection.types'
export { BACKOFF_CAP_MS, backoffDelay } from './socket-connection.rules'
export { connect, type SocketConnectionProps, type SocketStatus } from './socket-connection.connect'
