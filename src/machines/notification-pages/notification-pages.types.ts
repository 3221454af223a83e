import type { NotificationItem } from '../notification-badge/notification-badge.types'

export interface NotificationPagesContext {
  /** The last page loaded (0: none yet). Pages count from 1 (spec section 9). */
  page: number
}

export type NotificationPagesEvent =
  /** The drawer opened, or the list was scrolled to its end ('Load more'). */
  | { type: 'LOAD_MORE' }
  /** 'Try again' after a page failed to load. */
  | { type: 'RETRY' }

/** GET notify?page=N. */
export interface LoadPageInput {
  page: number
}
export type LoadPageOutput = NotificationItem[]
