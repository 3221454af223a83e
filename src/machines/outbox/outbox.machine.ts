import { and, assign, emit, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Message } from '../../../contract/message'
import { actorNotProvided } from '../not-provided'
import type { OutboxContext, OutboxEmitted, OutboxEntry, OutboxEvent, OutboxInput, SendFailure } from './outbox.types'

/**
 * Messages on their way out. Every send is queued here first
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
    enqueue: assign({ entries: ({ context, event }) => (event.type === 'ENQUEUE' ? [...context.entries, event.entry] : context.entries) }),
    goOnline: assign({ online: true }),
    goOffline: assign({ online: false }),
    signIn: assign({ signedIn: true }),
    signOut: assign({ signedIn: false }),
    dismiss: assign({
      rejected: ({ context, event }) =>
        event.type === 'DISMISS' ? context.rejected.filter((r) => r.entry.client_id !== event.clientId) : context.rejected,
    }),
    dropSent: assign({ entries: ({ context }) => context.entries.slice(1) }),
    emitSent: emit((_, params: { message: Message }): OutboxEmitted => ({ type: 'sent', message: params.message })),
    reject: assign(({ context }, params: { reason: string }) => ({
      rejected: [...context.rejected, { entry: context.entries[0]!, reason: params.reason }],
      entries: context.entries.slice(1),
    })),
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
    ENQUEUE: { actions: ['enqueue', { type: 'persist', params: ({ context }) => ({ entries: context.entries }) }] },
    ONLINE: { actions: 'goOnline' },
    OFFLINE: { actions: 'goOffline' },
    SIGNED_IN: { actions: 'signIn' },
    SIGNED_OUT: { actions: 'signOut' },
    DISMISS: { actions: 'dismiss' },
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
            'dropSent',
            { type: 'persist', params: ({ context }) => ({ entries: context.entries }) },
            { type: 'emitSent', params: ({ event }) => ({ message: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'wasRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [
              { type: 'reject', params: ({ event }) => ({ reason: (event.error as SendFailure).reason }) },
              { type: 'persist', params: ({ context }) => ({ entries: context.entries }) },
            ],
          },
          { target: 'waiting' },
        ],
      },
    },
    waiting: {
      on: { ONLINE: { actions: 'goOnline', target: 'idle' } },
      // Back to idle, which sends again, or waits for a session that ended meanwhile.
      after: { RETRY_DELAY: { guard: 'isOnline', target: 'idle' } },
    },
    /** Without a session nothing is sent: the queue waits for its user to be signed in again. */
    signedOut: {
      on: { SIGNED_IN: { actions: 'signIn', target: 'idle' } },
    },
  },
})

export const outboxSampleInput: OutboxInput = { entries: [], online: true, signedIn: true }

export type OutboxMachine = typeof outboxMachine
export type OutboxActor = ActorRefFrom<OutboxMachine>
export type OutboxSnapshot = SnapshotFrom<OutboxMachine>
