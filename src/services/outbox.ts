import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { createActor, fromPromise } from 'xstate'
import type { Message } from '../../contract/message'
import { connect, type OutboxActor, type OutboxEntry, type OutboxProps, outboxMachine, type OutboxSnapshot } from '../machines/outbox'
import { sendMessage } from './api/message'
import { currentSessionActor, onSessionChange } from './session'
import { onSocketConnect } from './socket'

/**
 * The one outbox of the signed-in user: the outbox machine with message/send, its queue kept in
 * localStorage (per user), told about the browser's online / offline events, socket reconnects and
 * whether its user has a session (the machine sends nothing without one).
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

/** `userId` is signed in with an access token: their messages may be sent (not another user's session). */
function signedInAs(userId: string): boolean {
  const context = currentSessionActor()?.getSnapshot().context
  return context?.user?._id === userId && context.accessToken !== null
}

let running: { userId: string; actor: OutboxActor; stop: () => void } | null = null

export function outboxFor(userId: string): OutboxActor {
  if (running?.userId === userId) return running.actor
  running?.stop()
  let signedIn = signedInAs(userId)
  const actor = createActor(
    outboxMachine.provide({
      actors: { sendMessage: fromPromise<Message, OutboxEntry>(({ input }) => sendMessage(input)) },
      actions: { persist: (_, { entries }) => localStorage.setItem(storageKey(userId), JSON.stringify(entries)) },
    }),
    { input: { entries: readQueue(userId), online: navigator.onLine, signedIn } },
  )
  const online = () => actor.send({ type: 'ONLINE' })
  const offline = () => actor.send({ type: 'OFFLINE' })
  // Only a change is news: the session changes state far more often than it starts or ends.
  const sessionChanged = () => {
    if (signedInAs(userId) === signedIn) return
    signedIn = !signedIn
    actor.send({ type: signedIn ? 'SIGNED_IN' : 'SIGNED_OUT' })
  }
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  const offConnect = onSocketConnect(online)
  const offSession = onSessionChange(sessionChanged)
  actor.start()
  running = {
    userId,
    actor,
    stop: () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      offConnect()
      offSession()
      actor.stop()
    },
  }
  return actor
}

const noSubscription = () => () => {}
const NO_PROPS: OutboxProps = { pending: [], rejected: [], onDismiss: () => {} }

/**
 * Runs the signed-in user's outbox on every page of the app (not only in an open chat), so what
 * waits from an earlier visit goes out as soon as the app is open again. With a topic, also returns
 * that topic's pending and refused messages, how to queue one, and the sent messages as they go.
 */
export function useOutbox(userId: string | null, topicId: string | null = null) {
  const actor = userId ? outboxFor(userId) : null
  const snapshot = useSyncExternalStore<OutboxSnapshot | null>(
    actor ? (onChange) => actor.subscribe(onChange).unsubscribe : noSubscription,
    () => actor?.getSnapshot() ?? null,
  )
  const props = useMemo(
    () => (actor && snapshot && topicId ? connect(snapshot, actor.send, topicId) : NO_PROPS),
    [actor, snapshot, topicId],
  )
  const enqueue = useCallback((entry: OutboxEntry) => actor?.send({ type: 'ENQUEUE', entry }), [actor])
  /** Calls `listener` with each message the outbox sent; returns the unsubscribe. */
  const onSent = useCallback(
    (listener: (message: Message) => void) => {
      const subscription = actor?.on('sent', ({ message }) => listener(message))
      return () => subscription?.unsubscribe()
    },
    [actor],
  )
  return useMemo(() => ({ props, enqueue, onSent }), [props, enqueue, onSent])
}
