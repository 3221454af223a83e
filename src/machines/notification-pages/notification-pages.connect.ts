import type { NotificationPagesSnapshot } from './notification-pages.machine'
import type { NotificationPagesEvent } from './notification-pages.types'

export type NotificationPagesStatus = 'idle' | 'loading' | 'loaded' | 'exhausted' | 'failed'

/** The drawer list's paging: what to show at its end, and the handlers. */
export interface NotificationPagesConnect {
  status: NotificationPagesStatus
  /** Another page may follow (the list loads it when scrolled to its end, or from 'Load more'). */
  hasMore: boolean
  onLoadMore: () => void
  onRetry: () => void
}

/** Pure: snapshot and send -> the list's paging props. */
export function connect(snapshot: NotificationPagesSnapshot, send: (event: NotificationPagesEvent) => void): NotificationPagesConnect {
  const status = snapshot.value as NotificationPagesStatus
  return {
    status,
    hasMore: status === 'loaded',
    onLoadMore: () => send({ type: 'LOAD_MORE' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}
