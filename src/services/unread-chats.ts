import { useEffect } from 'react'
import { channelSeen } from './channels'
import { seenChanges } from './chat'
import { onSocketConnect, onSocketEvent } from './socket'

const REFRESH_DEBOUNCE_MS = 400

/**
 * How many of the user's topics are unseen (GET channel/seen, summed over channels and 1:1 chats),
 * refreshed when a message from someone else arrives, when a topic is marked seen or unseen, and
 * after a reconnect.
 */
/** Reports the count to `onCount` (stable) on every change. */
export function useUnreadChats(meId: string, onCount: (count: number) => void): void {
  useEffect(() => {
    if (!meId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const load = () =>
      void channelSeen().then(
        (entries) => {
          if (!stopped) onCount(entries.reduce((sum, entry) => sum + entry.unseen, 0))
        },
        () => undefined,
      )
    const refresh = () => {
      clearTimeout(timer)
      timer = setTimeout(load, REFRESH_DEBOUNCE_MS)
    }
    load()
    seenChanges.addEventListener('change', refresh)
    const offs = [
      onSocketEvent('NEW_MESSAGE', ({ message }) => {
        if (message.sender?._id !== meId) refresh()
      }),
      onSocketConnect(refresh),
    ]
    return () => {
      stopped = true
      clearTimeout(timer)
      seenChanges.removeEventListener('change', refresh)
      offs.forEach((off) => off())
    }
  }, [meId, onCount])
}
