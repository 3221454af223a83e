export type ActivityEvent =
  /** Input in this tab (a key, a pointer, a touch, a scroll) or the tab shown again / focused. */
  | { type: 'INPUT' }
  /** The socket (re)connected: the server counts a new socket as active until told otherwise. */
  | { type: 'CONNECTED' }
