import type { SocketConnectionSnapshot } from './socket-connection.machine'
import { backoffDelay } from './socket-connection.machine'

export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'waiting'

export interface SocketConnectionView {
  status: SocketStatus
  connected: boolean
  /** Milliseconds until the next attempt while waiting, else null. */
  retryInMs: number | null
  attempt: number
}

/** Pure: snapshot -> what a status indicator shows. */
export function socketConnectionView(snapshot: SocketConnectionSnapshot): SocketConnectionView {
  const status: SocketStatus = snapshot.matches({ online: 'connected' })
    ? 'connected'
    : snapshot.matches('online')
      ? 'connecting'
      : snapshot.matches('waiting')
        ? 'waiting'
        : 'disconnected'
  return {
    status,
    connected: status === 'connected',
    retryInMs: status === 'waiting' ? backoffDelay(snapshot.context.attempt) : null,
    attempt: snapshot.context.attempt,
  }
}
