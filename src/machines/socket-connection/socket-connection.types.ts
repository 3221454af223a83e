export interface SocketConnectionInput {
  token: string | null
}

export interface SocketConnectionContext {
  token: string | null
  /** Failed or lost connections since the last successful one. */
  attempt: number
  lastError: string | null
}

/** Commands the connection actor accepts. */
export type SocketCommand = { type: 'EMIT_LOGOUT' }

export type SocketConnectionEvent =
  /** From the session: logged in, connect if not yet connected. */
  | { type: 'CONNECT' }
  /** From the session: logged out. */
  | { type: 'DISCONNECT' }
  /** From the session: the access token was refreshed (used by the next connection). */
  | { type: 'TOKEN'; token: string }
  /** From the session: tell the server this login ends (before POST auth/logout). */
  | { type: 'EMIT_LOGOUT' }
  /** From the browserOnline actor: the browser is back online. */
  | { type: 'BROWSER_ONLINE' }
  /** From the connection actor. */
  | { type: 'SOCKET_CONNECTED' }
  | { type: 'SOCKET_DISCONNECTED'; reason: string }
  | { type: 'SOCKET_ERROR'; message: string }
