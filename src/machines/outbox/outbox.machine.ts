import { and, assign, emit, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Message } from '../../../contract/message'
import { actorNotProvided } from '../not-provided'

/**
 * Messages on their way out (issue 4, "Offline and reconnect"). Every send is queued here first
 * and the queue is persisted, so nothing typed is lost to a reload or a dropped connection.
 *
 *   idle -> sending (the first entry, one at a time, in order) when there is something to send, the
 *           browser is online and the queue's user is signed in; -> signedOut when that user has no
 *           session (nothing is sent); -> waiting when offline
 *   sending --done--> idle (the entry leaves the queue; `sent` is emitted with the server's message)
 *   sending --error--> the server refused it (4xx): the entry moves to `rejected`, idle;
 *                      any other failure: waiting, and the same entry is sent again later
 *   waiting --ONLINE, or RETRY_DELAY while online--> idle (and so sending again, if still signed in)
 *   signedOut --SIGNED_IN--> idle (and so sending again)
 *
 * message/send is idempotent on client_id, so resending after a lost answer never duplicates.
 */
export const RETRY_DELAY_MS = 5_000

export interface OutboxEntry {
  client_id: string
  topic_id: string
  message: string
  reply_to?: string
  media_ids: string[]
  mentions: string[]
  /** ISO time it was written. */
  created_at: string
}

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

const notProvided = actorNotProvided('outbox')

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput,
    emitted: {} as OutboxEmitted,
  },
  actors: {
    /** POST message/send. */
    sendMessage: fromPromise<Message, OutboxEntry>(notProvided('sendMessage')),
  },
  actions: {
    /** Stores the queue (the app writes it to the browser's storage). */
    persist: (_, _params: { entries: OutboxEntry[] }) => {},
  },
  guards: {
    hasEntries: ({ context }) => context.entries.length > 0,
    isOnline: ({ context }) => context.online,
    isSignedIn: ({ context }) => context.signedIn,
    canSend: ({ context }) => context.entries.length > 0 && context.online && context.signedIn,
    wasRejected: (_, params: { error: unknown }) => (params.error as SendFailure | null)?.rejected === true,
  },
  delays: { RETRY_DELAY: RETRY_DELAY_MS },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({ ...input, rejected: [] }),
  initial: 'idle',
  on: {
    ENQUEUE: { actions: [assign({ entries: ({ context, event }) => [...context.entries, event.entry] }), { type: 'persist', params: ({ context }) => ({ entries: context.entries }) }] },
    ONLINE: { actions: assign({ online: true }) },
    OFFLINE: { actions: assign({ online: false }) },
    SIGNED_IN: { actions: assign({ signedIn: true }) },
    SIGNED_OUT: { actions: assign({ signedIn: false }) },
    DISMISS: { actions: assign({ rejected: ({ context, event }) => context.rejected.filter((r) => r.entry.client_id !== event.clientId) }) },
  },
  states: {
    idle: {
      always: [
        { guard: 'canSend', target: 'sending' },
        { guard: and(['hasEntries', not('isSignedIn')]), target: 'signedOut' },
        { guard: 'hasEntries', target: 'waiting' },
      ],
    },
    sending: {
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => context.entries[0]!,
        onDone: {
          target: 'idle',
          actions: [
            assign({ entries: ({ context }) => context.entries.slice(1) }),
            { type: 'persist', params: ({ context }) => ({ entries: context.entries }) },
            emit(({ event }) => ({ type: 'sent' as const, message: event.output })),
          ],
        },
        onError: [
          {
            guard: { type: 'wasRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [
              assign(({ context, event }) => ({
                rejected: [...context.rejected, { entry: context.entries[0]!, reason: (event.error as SendFailure).reason }],
                entries: context.entries.slice(1),
              })),
              { type: 'persist', params: ({ context }) => ({ entries: context.entries }) },
            ],
          },
          { target: 'waiting' },
        ],
      },
    },
    waiting: {
      on: { ONLINE: { actions: assign({ online: true }), target: 'idle' } },
      // Back to idle, which sends again, or waits for a session that ended meanwhile.
      after: { RETRY_DELAY: { guard: 'isOnline', target: 'idle' } },
    },
    /** Without a session nothing is sent: the queue waits for its user to be signed in again. */
    signedOut: {
      on: { SIGNED_IN: { actions: assign({ signedIn: true }), target: 'idle' } },
    },
  },
})

export const outboxSampleInput: OutboxInput = { entries: [], online: true, signedIn: true }

export type OutboxMachine = typeof outboxMachine
export type OutboxActor = ActorRefFrom<OutboxMachine>
export type OutboxSnapshot = SnapshotFrom<OutboxMachine>
