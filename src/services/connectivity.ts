import { useSyncExternalStore } from 'react'
import { connectivityStep, offlineNoticeView, type ConnectivityEvent, type ConnectivityState } from '../machines/connectivity'

/** Runs the connectivity chart on the browser's online / offline events. */
let state: ConnectivityState = 'online'
const listeners = new Set<() => void>()

export function sendConnectivity(event: ConnectivityEvent) {
  const next = connectivityStep(state, event)
  if (next === state) return
  state = next
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => sendConnectivity({ type: 'ONLINE' }))
  window.addEventListener('offline', () => sendConnectivity({ type: 'OFFLINE' }))
  if (!navigator.onLine) sendConnectivity({ type: 'OFFLINE' })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const getState = () => state

export function useOfflineNotice() {
  return offlineNoticeView(useSyncExternalStore(subscribe, getState, getState))
}
