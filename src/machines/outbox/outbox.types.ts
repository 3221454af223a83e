import type { Message, SendMessageBody } from '../../../contract/message'

/** A message waiting to be sent: the body of POST message/send, and when it was written (ISO time). */
export type OutboxEntry = Required<Pick<SendMessageBody, 'client_id' | 'topic_id' | 'message' | 'media_ids' | 'mentions'>> &
  Pick<SendMessageBody, 'reply_to'> & { created_at: string }

export interface RejectedEntry {
  entry: OutboxEntry
  reason: string
}

/** A failed send as the actor reports it: `rejected` when the server answered 4xx (retrying cannot help). */
export interface SendFailure {
  rejected: boolean
  reason: string
}

export interface OutboxInput {
  /** The persisted queue, oldest first. */
  entries: OutboxEntry[]
  online: boolean
  /** The queue's user has a session (an access token): their messages can be sent. */
  signedIn: boolean
}

export interface OutboxContext extends OutboxInput {
  rejected: RejectedEntry[]
}

export type OutboxEvent =
  | { type: 'ENQUEUE'; entry: OutboxEntry }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** The queue's user has a session again (logged in, restored). */
  | { type: 'SIGNED_IN' }
  /** The queue's user has no session any more (logged out, expired, or another user logged in). */
  | { type: 'SIGNED_OUT' }
  | { type: 'DISMISS'; clientId: string }

export type OutboxEmitted = { type: 'sent'; message: Message }
