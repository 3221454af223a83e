import type { ConnectivitySnapshot } from './connectivity.machine'
import type { ConnectivityEvent } from './connectivity.types'

/** The offline notice: shown while offline; Refresh reloads the page. */
export interface OfflineNoticeProps {
  visible: boolean
  onRefresh: () => void
}

export function connect(snapshot: ConnectivitySnapshot, send: (event: ConnectivityEvent) => void): OfflineNoticeProps {
  return { visible: snapshot.matches('offline'), onRefresh: () => send({ type: 'REFRESH' }) }
}
