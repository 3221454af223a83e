import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { RECEIPTS_MAX_MEMBERS } from '../../../contract/presence'
import { actorNotProvided } from '../not-provided'
import type { Receipts, ReceiptsContext, ReceiptsEvent, ReceiptsInput } from './receipts.types'

/**
 * The open chat's read receipts: how far each other member has read.
 *
 *   start --[more than RECEIPTS_MAX_MEMBERS members]--> tooBig (nothing is read or shown)
 *   start --> loading (GET receipts) -> live: the readers when the server says 'on' (both sides keep
 *     receipts on), none when it says the user's are off or the chat is too big; a failed read keeps
 *     what showed.
 *   live --RECEIPT | READ (a reader's position, or their own new message)--> a reader's position
 *     moves forward, never back.
 *   live | loading --SWITCHED [a member or the user turned receipts on or off] | CONNECTED--> loading.
 *
 * Pure: the read is an injected promise actor; the runtime feeds the socket's events of this chat.
 */
const notProvided = actorNotProvided('receipts')

export const receiptsMachine = setup({
  types: { context: {} as ReceiptsContext, events: {} as ReceiptsEvent, input: {} as ReceiptsInput },
  actors: {
    /** GET receipts?topic_id. */
    loadReceipts: fromPromise<Receipts, { topicId: string }>(notProvided('loadReceipts')),
  },
  guards: {
    tooBig: ({ context }) => context.memberIds.length > RECEIPTS_MAX_MEMBERS,
    /** The one who switched is in this chat (or is the user). */
    concernsChat: ({ context, event }) => event.type === 'SWITCHED' && context.memberIds.includes(event.userId),
  },
  actions: {
    take: assign({ readers: (_, params: { receipts: Receipts }) => (params.receipts.mode === 'on' ? params.receipts.readers : null) }),
    move: assign({
      readers: ({ context, event }) =>
        event.type === 'RECEIPT' || event.type === 'READ'
          ? (context.readers?.map((r) => (r.user_id === event.userId && r.seq < event.seq ? { ...r, seq: event.seq } : r)) ?? null)
          : context.readers,
    }),
  },
}).createMachine({
  id: 'receipts',
  context: ({ input }) => ({ ...input, readers: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'tooBig', target: 'tooBig' }, { target: 'loading' }] },
    tooBig: {},
    loading: {
      invoke: {
        id: 'loadReceipts',
        src: 'loadReceipts',
        input: ({ context }) => ({ topicId: context.topicId }),
        onDone: { target: 'live', actions: { type: 'take', params: ({ event }) => ({ receipts: event.output }) } },
        onError: 'live',
      },
      on: {
        SWITCHED: { guard: 'concernsChat', target: 'loading', reenter: true },
        CONNECTED: { target: 'loading', reenter: true },
      },
    },
    live: {
      on: {
        RECEIPT: { actions: 'move' },
        READ: { actions: 'move' },
        SWITCHED: { guard: 'concernsChat', target: 'loading' },
        CONNECTED: 'loading',
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const receiptsSampleInput: ReceiptsInput = { topicId: 'topic-1', meId: 'user-1', memberIds: ['user-1', 'user-2'], oneToOne: true }

export type ReceiptsMachine = typeof receiptsMachine
export type ReceiptsActor = ActorRefFrom<ReceiptsMachine>
export type ReceiptsSnapshot = SnapshotFrom<ReceiptsMachine>
