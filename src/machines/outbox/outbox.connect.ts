import type { OutboxSnapshot } from './outbox.machine'
import type { OutboxEntry, OutboxEvent, RejectedEntry } from './outbox.types'

export type PendingStatus = 'sending' | 'waiting' | 'queued'

export interface PendingMessage {
  entry: OutboxEntry
  status: PendingStatus
}

export interface OutboxProps {
  /** Queued messages of the topic, oldest first: the first is being sent or waits for the connection. */
  pending: PendingMessage[]
  /** Messages the server refused, with its reason. */
  rejected: RejectedEntry[]
  onDismiss: (clientId: string) => void
}

/** Pure: the outbox as one topic's conversation shows it, and its handler. */
export function connect(snapshot: OutboxSnapshot, send: (event: OutboxEvent) => void, topicId: string): OutboxProps {
  const head: PendingStatus = snapshot.matches('sending') ? 'sending' : snapshot.matches('waiting') ? 'waiting' : 'queued'
  const rest: PendingStatus = snapshot.matches('waiting') ? 'waiting' : 'queued'
  return {
    pending: snapshot.context.entries
      .map((entry, index): PendingMessage => ({ entry, status: index === 0 ? head : rest }))
      .filter((p) => p.entry.topic_id === topicId),
    rejected: snapshot.context.rejected.filter((r) => r.entry.topic_id === topicId),
    onDismiss: (clientId) => send({ type: 'DISMISS', clientId }),
  }
}

/**
 * Pending messages the conversation does not show yet: the server's NEW_MESSAGE can arrive before
 * the answer to message/send, and the same message must not show twice meanwhile.
 */
export const undelivered = (pending: PendingMessage[], shown: readonly { client_id: string | null }[]): PendingMessage[] => {
  const delivered = new Set(shown.map((m) => m.client_id))
  return pending.filter((p) => !delivered.has(p.entry.client_id))
}
