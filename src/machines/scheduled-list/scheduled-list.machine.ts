import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { ScheduledStatus } from '../../../contract/scheduled'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { canLoadMore, holds, isIdle, type ItemEdit, loadingList, newFailure, pagedListChild, withEdit } from '../paged-list'
import type {
  ScheduledActionInput,
  ScheduledListContext,
  ScheduledListEvent,
  ScheduledListInput,
  ScheduledMessage,
} from './scheduled-list.types'

/**
 * A Scheduled list: the user's scheduled messages that wait (or failed), soonest first, of one
 * chat or of every chat (GET scheduled/list, 20 a page); each one is sent now, cancelled (a failed
 * one dismissed) or edited (the scheduled form), and the list follows every change the socket tells
 * (SCHEDULED_CHANGED: sent at its time, failed, edited or made on another device).
 *
 *   idle --SEND_NOW | CANCEL [a listed one, no page on its way]--> acting --done--> idle, the one
 *     as it is now (sent or cancelled: gone); --error--> idle with the reason
 *   any --CHANGED--> a waiting or failed one of this list takes its place by time; a sent or
 *     cancelled one leaves
 *   idle --LOAD_MORE [the last page was full]--> the next page; RETRY after the first page failed
 *
 * Pure: the list's pages and `actOn` (POST scheduled/send-now or scheduled/cancel) are injected.
 */

const LISTED: readonly ScheduledStatus[] = ['pending', 'sending', 'failed']
const notProvided = actorNotProvided('scheduledList')

/** What a changed scheduled message does to a list of `topicId` (null: every chat): in it by time, or out. */
export function editsFor(
  items: readonly ScheduledMessage[],
  scheduled: ScheduledMessage,
  topicId: string | null,
): ItemEdit<ScheduledMessage>[] {
  const belongs = LISTED.includes(scheduled.status) && (topicId === null || scheduled.topic_id === topicId)
  const there = items.some((item) => item._id === scheduled._id)
  const out: ItemEdit<ScheduledMessage>[] = there ? [{ type: 'REMOVE', id: scheduled._id }] : []
  if (!belongs) return out
  const rest = items.filter((item) => item._id !== scheduled._id)
  const later = rest.findIndex((item) => Date.parse(item.send_at) > Date.parse(scheduled.send_at))
  return [...out, { type: 'INSERT', item: scheduled, at: later === -1 ? rest.length : later }]
}

export const scheduledListMachine = setup({
  types: { context: {} as ScheduledListContext, events: {} as ScheduledListEvent, input: {} as ScheduledListInput },
  actors: {
    /** GET scheduled/list?page (&topic_id). */
    list: pagedListChild,
    actOn: fromPromise<ScheduledMessage, ScheduledActionInput>(notProvided('actOn')),
  },
  guards: {
    listed: ({ context, event }) =>
      (event.type === 'SEND_NOW' || event.type === 'CANCEL') && isIdle(context.list) && holds(context.list, event.id),
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
  },
  actions: {
    takeList: assign(({ context, event }) =>
      event.type === 'LIST' ? { list: event.list, error: newFailure(context.list, event.list) ?? context.error } : {},
    ),
    startAction: assign(({ event }) =>
      event.type === 'SEND_NOW' || event.type === 'CANCEL'
        ? { acting: { action: event.type === 'SEND_NOW' ? ('sendNow' as const) : ('cancel' as const), id: event.id }, error: null }
        : {},
    ),
    /** The one as it is now takes its place in the list (and in the list's own copy). */
    applyChange: enqueueActions(({ context, event, enqueue }, params: { scheduled: ScheduledMessage }) => {
      const edits = editsFor(context.list.items, params.scheduled, context.topicId)
      for (const edit of edits) enqueue.sendTo('list', edit)
      enqueue.assign({ list: edits.reduce(withEdit, context.list) })
      void event
    }),
    endAction: assign({ acting: null }),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event), acting: null }),
    loadMore: enqueueActions(({ enqueue }) => enqueue.sendTo('list', { type: 'LOAD_MORE' })),
    retry: enqueueActions(({ enqueue }) => enqueue.sendTo('list', { type: 'RETRY' })),
  },
}).createMachine({
  id: 'scheduledList',
  context: ({ input }) => ({ ...input, list: loadingList(), acting: null, error: null }),
  invoke: { id: 'list', src: 'list', input: ({ context }) => ({ query: context.topicId ? { topic_id: context.topicId } : {} }) },
  on: {
    LIST: { actions: 'takeList' },
    CHANGED: { actions: { type: 'applyChange', params: ({ event }) => ({ scheduled: event.scheduled }) } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SEND_NOW: { guard: 'listed', target: 'acting', actions: 'startAction' },
        CANCEL: { guard: 'listed', target: 'acting', actions: 'startAction' },
        LOAD_MORE: { guard: 'canLoadMore', actions: ['clearError', 'loadMore'] },
        RETRY: { guard: 'listFailed', actions: 'retry' },
      },
    },
    acting: {
      invoke: {
        id: 'actOn',
        src: 'actOn',
        input: ({ context }) => context.acting!,
        onDone: {
          target: 'idle',
          actions: [{ type: 'applyChange', params: ({ event }) => ({ scheduled: outputOf<ScheduledMessage>(event) }) }, 'endAction'],
        },
        onError: { target: 'idle', actions: 'setError' },
      },
    },
  },
})

export type ScheduledListMachine = typeof scheduledListMachine
export type ScheduledListActor = ActorRefFrom<ScheduledListMachine>
export type ScheduledListSnapshot = SnapshotFrom<ScheduledListMachine>

/** What the visualiser starts it with. */
export const scheduledListSampleInput: ScheduledListInput = { topicId: null }
