import type { SocketConnectionSnapshot } from './socket-connection.machine'
import { backoffDelay } from './socket-connection.rules'

export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'waiting'

/** What a connection indicator shows. The socket takes no user input: it has no handlers. */
export interface SocketConnectionProps {
  status: SocketStatus
  connected: boolean
  /** Milliseconds until the next attempt while waiting, else null. */
  retryInMs: number | null
  attempt: number
}

export function connect(snapshot: SocketConnectionSnapshot): SocketConnectionProps {
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
