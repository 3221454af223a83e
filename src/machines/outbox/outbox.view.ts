import type { OutboxEntry, OutboxSnapshot } from './outbox.machine'

export type PendingStatus = 'sending' | 'waiting' | 'queued'

export interface PendingMessage {
  entry: OutboxEntry
  status: PendingStatus
}

export interface OutboxView {
  /** Queued messages of the topic, oldest first: the first is being sent or waits for the connection. */
  pending: PendingMessage[]
  /** Messages the server refused, with its reason. */
  rejected: { entry: OutboxEntry; reason: string }[]
}

/** Pure: the outbox as one topic's conversation shows it. */
export function outboxView(snapshot: OutboxSnapshot, topicId: string): OutboxView {
  const head: PendingStatus = snapshot.matches('sending') ? 'sending' : snapshot.matches('waiting') ? 'waiting' : 'queued'
  const rest: PendingStatus = snapshot.matches('waiting') ? 'waiting' : 'queued'
  return {
    pending: snapshot.context.entries
      .map((entry, index): PendingMessage => ({ entry, status: index === 0 ? head : rest }))
      .filter((p) => p.entry.topic_id === topicId),
    rejected: snapshot.context.rejected.filter((r) => r.entry.topic_id === topicId),
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
