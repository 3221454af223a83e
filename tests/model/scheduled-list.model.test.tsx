import { expect, vi } from 'vitest'
import { within } from '@testing-library/react'
import type { ScheduledMessage } from '../../contract/scheduled'
import { connect, scheduledListMachine, type ScheduledListSnapshot } from '../../src/machines/scheduled-list'
import { ScheduledListView } from '../../src/ui/saved/scheduled-list'
import { listChild, listReports, playReport } from './support/paged-list'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * A Scheduled list (one chat's, or every chat's): soonest first; Edit, Send now and Cancel while
 * one waits, a failed one says why and Dismiss; the socket's changes put one in its place by time
 * (a new one, a failed one) or take it out (sent, cancelled). The pages come from its paged list
 * (stubbed here: the test plays its reports).
 */

type Kit = ModelKit<typeof scheduledListMachine>
type S = ScheduledListSnapshot

const at = (n: number) => new Date(Date.UTC(2026, 3, 1, 8, n)).toISOString()
const scheduled = (n: number, fields: Partial<ScheduledMessage> = {}): ScheduledMessage => ({
  _id: `s-${n}`,
  client_id: `c-${n}`,
  topic_id: 't-1',
  topic_name: 'Team',
  message: `Later ${n}`,
  send_at: at(n),
  status: 'pending',
  error: null,
  message_id: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  ...fields,
})
const FULL = Array.from({ length: 20 }, (_, i) => scheduled(i + 1))
const SECOND = [scheduled(20), scheduled(21)]
const ONE = [scheduled(40)]
/** What the socket may say: a new one soonest of all, the first one sent or failed, one in another chat. */
const changes = (s: S): ScheduledMessage[] => {
  const first = s.context.list.items[0]
  return [
    scheduled(0, { message: 'Sooner than all' }),
    scheduled(60, { topic_id: 't-2', topic_name: 'Other', message: 'In another chat' }),
    ...(first
      ? [
          { ...first, status: 'sent' as const, message_id: 'm-1' },
          { ...first, status: 'failed' as const, error: 'forbidden' as const },
        ]
      : []),
  ]
}
const onEdit = vi.fn()

const list = (kit: Kit) => kit.screen.queryByRole('list', { name: 'Scheduled messages' })
const shown = (kit: Kit) =>
  list(kit)
    ? within(list(kit)!)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'))
    : []
const isShown = (s: S) => ['idle', 'loadingMore', 'refreshing'].includes(s.context.list.state)
/** One action per run, on the first one while it waits (the graph stays small). */
const firstWaiting = (s: S) =>
  s.matches('idle') && s.context.list.state === 'idle' && s.context.list.items[0]?.status === 'pending'
    ? [{ id: s.context.list.items[0]._id }]
    : []

describeModel({
  machine: scheduledListMachine,
  inputs: { chat: { topicId: 't-1' }, all: { topicId: null } },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      l: s.context.list.state,
      ids: s.context.list.items.map((f) => `${f._id}:${f.status}`).join(','),
      more: s.context.list.more,
      le: s.context.list.error,
      a: s.context.acting,
      e: s.context.error,
    }),
  events: {
    LIST: (s) => listReports(s.context.list, { first: [FULL, ONE, []], next: SECOND, failure: 'loadMore was refused.' }),
    // Once per run, on a list as it came (the graph stays small).
    CHANGED: (s) =>
      s.context.list.state === 'idle' &&
      !s.context.list.more &&
      s.context.list.items.length <= 1 &&
      s.context.list.items.every((i) => i._id === 's-40' && i.status === 'pending')
        ? changes(s).map((c) => ({ type: 'CHANGED', scheduled: c }))
        : [],
    'xstate.done.actor.actOn': (s) =>
      s.context.acting
        ? [
            {
              type: 'xstate.done.actor.actOn',
              output: {
                ...s.context.list.items.find((i) => i._id === s.context.acting!.id)!,
                status: s.context.acting.action === 'sendNow' ? 'sent' : 'cancelled',
              },
            },
          ]
        : [],
    'xstate.error.actor.actOn': [{ type: 'xstate.error.actor.actOn', error: new Error('This message was already sent or cancelled.') }],
    SEND_NOW: (s) => firstWaiting(s).map((e) => ({ type: 'SEND_NOW', ...e })),
    CANCEL: (s) => firstWaiting(s).map((e) => ({ type: 'CANCEL', ...e })),
    LOAD_MORE: (s) => (s.context.list.more && s.context.list.state === 'idle' ? [{ type: 'LOAD_MORE' }] : []),
    RETRY: (s) => (s.context.list.state === 'failed' ? [{ type: 'RETRY' }] : []),
  },
  render: (snapshot, send) => <ScheduledListView {...connect(snapshot, send)} onEdit={onEdit} />,
  callbackActors: ['list'],
  perform: {
    LIST: playReport,
    CHANGED: async (event, kit) => {
      await kit.send(event as never)
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Load more' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'LOAD_MORE' })
    },
    SEND_NOW: async (event, kit) => {
      const item = kit.previous.context.list.items.find((i) => i._id === (event as unknown as { id: string }).id)!
      await kit.user.click(kit.screen.getByRole('button', { name: `Send now: ${item.message}` }))
      expect(kit.pending('actOn').input).toEqual({ action: 'sendNow', id: item._id })
    },
    CANCEL: async (event, kit) => {
      const item = kit.previous.context.list.items.find((i) => i._id === (event as unknown as { id: string }).id)!
      // Edit first: the scheduled form gets the message as it is.
      await kit.user.click(kit.screen.getByRole('button', { name: `Edit: ${item.message}` }))
      expect(onEdit.mock.calls.at(-1)?.[0]).toEqual(item)
      await kit.user.click(kit.screen.getByRole('button', { name: `Cancel: ${item.message}` }))
      expect(kit.pending('actOn').input).toEqual({ action: 'cancel', id: item._id })
    },
    'xstate.done.actor.actOn': async (event, kit) => {
      const { id } = kit.pending('actOn').input as { id: string }
      const gone = kit.previous.context.list.items.find((i) => i._id === id)!.message
      const before = shown(kit)
      await kit.resolve('actOn', (event as unknown as { output: unknown }).output)
      // Sent or cancelled: it leaves at once, the others stay in order, and the list is told.
      expect(shown(kit)).toEqual(before.filter((m) => m !== gone))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REMOVE', id })
    },
  },
  states: {
    '*': (expected, kit) => {
      const { list: items, error, topicId } = expected.context
      expect(listChild(kit).input).toEqual({ query: topicId ? { topic_id: topicId } : {} })
      if (items.state === 'loading') expect(kit.screen.getByRole('status').textContent).toBe('Loading scheduled messages…')
      if (items.state === 'failed') expect(kit.screen.getByRole('alert').textContent).toBe('Could not load your scheduled messages.Retry')
      if (isShown(expected) && items.items.length === 0)
        expect(kit.screen.getByText('No scheduled messages. Use the clock beside Send to send one later.')).toBeTruthy()
      if (isShown(expected) && items.items.length > 0) {
        const labels = shown(kit)
        expect(new Set(labels).size).toBe(labels.length)
        expect(labels).toEqual(items.items.map((i) => i.message))
        // Soonest first; only this chat's in a chat's list; nothing sent or cancelled.
        const times = items.items.map((i) => Date.parse(i.send_at))
        expect([...times].sort((a, b) => a - b)).toEqual(times)
        if (topicId) expect(items.items.every((i) => i.topic_id === topicId)).toBe(true)
        for (const item of items.items) {
          expect(['pending', 'failed']).toContain(item.status)
          const li = within(list(kit)!).getByRole('listitem', { name: item.message })
          if (item.status === 'failed') {
            expect(li.textContent).toContain('you can no longer send messages in this chat')
            expect(within(li).queryByRole('button', { name: `Send now: ${item.message}` })).toBeNull()
            expect(within(li).getByRole('button', { name: `Dismiss: ${item.message}` })).toBeTruthy()
          } else expect(within(li).getByRole('button', { name: `Send now: ${item.message}` })).toBeTruthy()
          expect(li.textContent?.includes(`${item.topic_name} · `)).toBe(topicId === null)
        }
        if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
        else expect(kit.screen.queryByRole('alert')).toBeNull()
      }
    },
    idle: () => {},
    acting: (expected, kit) => {
      expect(kit.pending('actOn').input).toEqual(expected.context.acting)
      const item = expected.context.list.items.find((i) => i._id === expected.context.acting!.id)!
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: `Send now: ${item.message}` }).disabled).toBe(true)
    },
  },
})
