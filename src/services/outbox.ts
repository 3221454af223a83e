import { useEffect } from 'react'
import { createActor, fromPromise } from 'xstate'
import type { Message } from '../../contract/message'
import { type OutboxActor, type OutboxEntry, outboxMachine, type SendFailure } from '../machines/outbox'
import { sendMessage } from './chat'
import { hasSession } from './http'
import { onSocketConnect } from './socket'

/**
 * The one outbox of the signed-in user: the outbox machine with message/send, its queue kept in
 * localStorage (per user), told about the browser's online / offline events and socket reconnects.
 */
const storageKey = (userId: string) => `workroom.outbox.${userId}`

function readQueue(userId: string): OutboxEntry[] {
  try {
    const raw = localStorage.getItem(storageKey(userId))
    const parsed: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : []
  } catch {
    return []
  }
}

const notSignedIn: SendFailure = { rejected: false, reason: '' }

let running: { userId: string; actor: OutboxActor; stop: () => void } | null = null

export function outboxFor(userId: string): OutboxActor {
  if (running?.userId === userId) return running.actor
  running?.stop()
  const actor = createActor(
    outboxMachine.provide({
      // Without a session (logged out meanwhile) nothing is sent: the entry waits in this user's queue.
      actors: { sendMessage: fromPromise<Message, OutboxEntry>(({ input }) => (hasSession() ? sendMessage(input) : Promise.reject(notSignedIn))) },
      actions: { persist: (_, { entries }) => localStorage.setItem(storageKey(userId), JSON.stringify(entries)) },
    }),
    { input: { entries: readQueue(userId), online: navigator.onLine } },
  )
  const online = () => actor.send({ type: 'ONLINE' })
  const offline = () => actor.send({ type: 'OFFLINE' })
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  const offConnect = onSocketConnect(online)
  actor.start()
  running = {
    userId,
    actor,
    stop: () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      offConnect()
      actor.stop()
    },
  }
  return actor
}

/**
 * Runs the signed-in user's outbox on every page of the app (not only in an open chat), so what
 * waits from an earlier visit goes out as soon as the app is open again.
 */
export function useOutbox(userId: string | null): void {
  useEffect(() => {
    if (userId) outboxFor(userId)
  }, [userId])
}
