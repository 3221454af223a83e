import { useEffect, useState } from 'react'
import { flattenFieldMessages } from './error-catalogue'

/**
 * The global `errorMessage` state: an object of messages keyed by field. A 400
 * with field errors fills it; the auth layouts show its flattened values in an error notification
 * and then clear it.
 */
export type ErrorMessageState = Record<string, readonly string[] | string>

type Listener = () => void

let state: ErrorMessageState = {}
const listeners = new Set<Listener>()

export const getErrorMessage = () => state

export function setErrorMessage(next: ErrorMessageState) {
  state = next
  for (const listener of listeners) listener()
}

export function clearErrorMessage() {
  if (Object.keys(state).length > 0) setErrorMessage({})
}

export function subscribeErrorMessage(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * For the auth layouts: takes what the global errorMessage state receives while the layout is
 * shown, keeps its flattened messages for the notification, and clears the state. Errors left by
 * other pages are cleared on mount; the notification resets when `page` changes.
 */
export function useErrorNotification(page: string): { messages: readonly string[]; dismiss: () => void } {
  const [messages, setMessages] = useState<readonly string[]>([])
  useEffect(() => {
    clearErrorMessage()
    return subscribeErrorMessage(() => {
      const flat = flattenFieldMessages(getErrorMessage())
      if (flat.length === 0) return
      setMessages(flat)
      clearErrorMessage()
    })
  }, [])
  useEffect(() => setMessages([]), [page])
  return { messages, dismiss: () => setMessages([]) }
}
