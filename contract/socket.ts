import type { Notification } from './notify'

/**
 * Socket events (spec section 7). The client connects to /socket.io with `auth: { token }`
 * (or the Authorization header); the server puts each socket in the room `user:<id>`.
 */
export const SOCKET_EVENTS = {
  NEW_MESSAGE: 'NEW_MESSAGE',
  NEW_REQUEST_CALL: 'NEW_REQUEST_CALL',
  RESPONSE_CALL: 'RESPONSE_CALL',
  CLOSE_POPUP_CALL: 'CLOSE_POPUP_CALL',
  LOGOUT: 'LOGOUT',
  OUT_TOPIC: 'OUT_TOPIC',
  data: 'data',
} as const

/** Sent to a user's other sockets when one of them logs out: their login status changed. */
export interface LogoutPayload {
  user_id: string
}

export interface ServerToClientEvents {
  LOGOUT: (payload: LogoutPayload) => void
  /** A new notification for this user (notify/*). */
  data: (notification: Notification) => void
}

export interface ClientToServerEvents {
  LOGOUT: () => void
}

export const userRoom = (userId: string) => `user:${userId}`
