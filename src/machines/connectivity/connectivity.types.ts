export type ConnectivityEvent =
  /** The browser's online / offline events. */
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** The notice's Refresh button. */
  | { type: 'REFRESH' }

export interface ConnectivityInput {
  /** navigator.onLine when the app starts. */
  online: boolean
}
