import type { Socket } from 'socket.io-client'
import { fromCallback } from 'xstate'
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/socket'
import type { SocketCommand, SocketConnectionEvent } from '../machines/socket-connection'

/**
 * The socket for the rest of the app. The socketConnection machine owns the lifecycle; this module
 * provides its `connection` actor (socket.io-client, loaded only once logged in, so it stays out of
 * the entry chunk) and lets later domains listen to server events across reconnects.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>
type ServerEvent = keyof ServerToClientEvents
type AnyHandler = (...args: never[]) => void

let current: AppSocket | null = null
const subscriptions = new Set<{ event: ServerEvent; handler: AnyHandler }>()

/** The connected (or connecting) socket, if any. */
export const currentSocket = (): AppSocket | null => current

/** Listen to a server event on the current socket and every later one; returns the unsubscribe. */
export function onSocketEvent<E extends ServerEvent>(event: E, handler: ServerToClientEvents[E]): () => void {
  const subscription = { event, handler: handler as AnyHandler }
  subscriptions.add(subscription)
  untyped(current)?.on(event, handler as AnyHandler)
  return () => {
    subscriptions.delete(subscription)
    untyped(current)?.off(event, handler as AnyHandler)
  }
}

const connectListeners = new Set<() => void>()

/** Runs on every (re)connection of the socket: domains catch up on what they missed. */
export function onSocketConnect(handler: () => void): () => void {
  connectListeners.add(handler)
  return () => connectListeners.delete(handler)
}

const dropListeners = new Set<() => void>()

/**
 * Runs when the server drops the socket or refuses its handshake (its session may have been
 * signed out elsewhere, or its token ran out): the session then checks itself over HTTP, which
 * refreshes the token or, when the session is over, ends it (and the app goes to /login).
 */
export function onServerDrop(handler: () => void): () => void {
  dropListeners.add(handler)
  return () => dropListeners.delete(handler)
}
const serverDropped = () => {
  for (const listener of dropListeners) listener()
}

const untyped = (socket: AppSocket | null) =>
  socket as unknown as { on(e: string, h: AnyHandler): void; off(e: string, h: AnyHandler): void } | null

export const SOCKET_OPTIONS = { path: '/socket.io', reconnection: false, transports: ['websocket'] } as const

/** The browser's `online` event as BROWSER_ONLINE: the socketConnection machine then reconnects without waiting out its backoff. */
export const browserOnline = fromCallback(({ sendBack }) => {
  const online = () => sendBack({ type: 'BROWSER_ONLINE' } satisfies SocketConnectionEvent)
  window.addEventListener('online', online)
  return () => window.removeEventListener('online', online)
})

let firstPage: Promise<unknown> = Promise.resolve()

/**
 * The socket's code loads once `rendered` has settled (main.tsx: the first page has rendered), so
 * that on a slow network the page's own code goes first; it is not needed to show a page, and what
 * arrives meanwhile is caught up on connect.
 */
export function loadSocketAfter(rendered: Promise<unknown>) {
  firstPage = rendered
}

/** One socket.io connection for `input.token`; the socketConnection machine restarts it to reconnect. */
export const socketIoConnection = fromCallback<SocketCommand, { token: string }>(({ input, sendBack, receive }) => {
  let socket: AppSocket | null = null
  let stopped = false
  const report = (event: SocketConnectionEvent) => {
    if (!stopped) sendBack(event)
  }
  firstPage
    .then(() => import('socket.io-client'))
    .then(
      ({ io }) => {
        if (stopped) return
        socket = io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token: input.token } }) as AppSocket
        current = socket
        for (const { event, handler } of subscriptions) untyped(socket)?.on(event, handler)
        socket.on('connect', () => {
          report({ type: 'SOCKET_CONNECTED' })
          for (const listener of connectListeners) listener()
        })
        socket.on('disconnect', (reason) => {
          if (reason === 'io server disconnect' && !stopped) serverDropped()
          report({ type: 'SOCKET_DISCONNECTED', reason })
        })
        socket.on('connect_error', (error) => {
          if (error.message === 'unauthorized' && !stopped) serverDropped()
          report({ type: 'SOCKET_ERROR', message: error.message })
        })
      },
      (error: unknown) =>
        report({ type: 'SOCKET_ERROR', message: error instanceof Error ? error.message : 'socket.io-client failed to load' }),
    )
  receive((command) => {
    if (command.type === 'EMIT_LOGOUT') socket?.emit('LOGOUT')
  })
  return () => {
    stopped = true
    if (socket) closeSocket(socket)
  }
})

/** Closes a socket this module opened; it stops being the current one. */
function closeSocket(socket: AppSocket) {
  socket.removeAllListeners()
  socket.disconnect()
  if (current === socket) current = null
}

/**
 * A meeting's socket for someone without a session socket (a guest): socket.io with
 * `auth: {room_token}`, which the server confines to that meeting's room events. While no session
 * socket is there it is the current socket, so the room's runtime (room-media.ts) uses it as it
 * uses the app's. Returns its cleanup.
 */
export function openRoomSocket(roomToken: string): () => void {
  let socket: AppSocket | null = null
  let stopped = false
  void import('socket.io-client').then(({ io }) => {
    if (stopped || current) return
    socket = io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { room_token: roomToken } }) as AppSocket
    current = socket
    for (const { event, handler } of subscriptions) untyped(socket)?.on(event, handler)
    socket.on('connect', () => {
      for (const listener of connectListeners) listener()
    })
  })
  return () => {
    stopped = true
    if (socket) closeSocket(socket)
  }
}
