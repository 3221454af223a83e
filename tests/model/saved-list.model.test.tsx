import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, savedListMachine, type SavedListSnapshot, type SavedRow } from '../../src/machines/saved-list'
import { SavedPageView } from '../../src/ui/saved/saved-page'
import { textMessage } from './support/messages'
import { listChild, listReports, playReport } from './support/paged-list'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * /chat/saved: the user's saved messages, newest saved first; each opens in its chat (the link
 * carries the message's seq), one no longer readable says so; Remove takes one out. The pages come
 * from its paged list (stubbed here: the test plays its reports).
 */

type Kit = ModelKit<typeof savedListMachine>
type S = SavedListSnapshot

const saved = (n: number, readable = true): SavedRow => ({
  _id: `m-${n}`,
  message_id: `m-${n}`,
  saved_at: '2026-03-02T09:00:00.000Z',
  topic_id: `t-${n % 3}`,
  topic_name: readable ? `Chat ${n % 3}` : '',
  message: readable
    ? textMessage({
        _id: `m-${n}`,
        topic_id: `t-${n % 3}`,
        seq: 100 + n,
        message: `Note number ${n}`,
        sender: { _id: 'u-1', name: 'Lan', workid: 'lan', photo_url: null },
        created_at: '2026-03-01T09:00:00.000Z',
      })
    : null,
})
/** A full first page (one of them no longer readable), a second page repeating one, and a list of one. */
const FULL = Array.from({ length: 20 }, (_, i) => saved(i + 1, i !== 3))
const SECOND = [saved(20), saved(21)]
const ONE = [saved(40)]

const list = (kit: Kit) => kit.screen.queryByRole('list', { name: 'Saved messages' })
const shown = (kit: Kit) =>
  list(kit)
    ? within(list(kit)!)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'))
    : []
const labelOf = (row: SavedRow) => (row.message ? `Lan: ${row.message.message}` : 'A message that is no longer available')
/** One removal per run, of the first fixture's message (the graph stays small). */
const firstId = (s: S) =>
  s.matches('idle') && s.context.list.state === 'idle' && ['m-1', 'm-40'].includes(s.context.list.items[0]?._id ?? '')
    ? [{ messageId: s.context.list.items[0]!._id }]
    : []
const isShown = (s: S) => ['idle', 'loadingMore', 'refreshing'].includes(s.context.list.state)
const page = routed(savedListMachine, (snapshot, send) => <SavedPageView {...connect(snapshot, send)} />)

describeModel({
  machine: savedListMachine,
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      l: s.context.list.state,
      ids: s.context.list.items.map((f) => f._id).join(','),
      more: s.context.list.more,
      le: s.context.list.error,
      r: s.context.removing,
      e: s.context.error,
    }),
  events: {
    LIST: (s) => listReports(s.context.list, { first: [FULL, ONE, []], next: SECOND, failure: 'loadMore was refused.' }),
    'xstate.done.actor.removeSaved': [{ type: 'xstate.done.actor.removeSaved', output: {} }],
    'xstate.error.actor.removeSaved': [{ type: 'xstate.error.actor.removeSaved', error: new Error('removeSaved was refused.') }],
    REMOVE: (s) => firstId(s).map((e) => ({ type: 'REMOVE', ...e })),
    LOAD_MORE: (s) => (s.context.list.more && s.context.list.state === 'idle' ? [{ type: 'LOAD_MORE' }] : []),
    RETRY: (s) => (s.context.list.state === 'failed' ? [{ type: 'RETRY' }] : []),
  },
  render: page.render,
  ready: page.ready,
  callbackActors: ['list'],
  perform: {
    LIST: async (event, kit) => {
      const before = shown(kit)
      const next = (event as unknown as { list: S['context']['list'] }).list
      await playReport(event, kit)
      await page.ready()
      // A next page comes after the messages shown, each once.
      if (kit.previous.context.list.state === 'loadingMore' && next.error === null)
        expect(shown(kit)).toEqual([...before, ...SECOND.map(labelOf).filter((n) => !before.includes(n))])
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'RETRY' })
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Load more' }))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'LOAD_MORE' })
    },
    REMOVE: async (event, kit) => {
      const id = (event as unknown as { messageId: string }).messageId
      const row = kit.previous.context.list.items.find((r) => r._id === id)!
      await kit.user.click(kit.screen.getByRole('button', { name: `Remove from saved: ${row.message!.message}` }))
    },
    'xstate.done.actor.removeSaved': async (_, kit) => {
      const { messageId } = kit.pending('removeSaved').input as { messageId: string }
      const label = labelOf(kit.previous.context.list.items.find((r) => r._id === messageId)!)
      const before = shown(kit)
      await kit.resolve('removeSaved', {})
      // Removed: it leaves the list at once, nothing else does, and the list is told.
      expect(shown(kit)).toEqual(before.filter((n) => n !== label))
      expect(listChild(kit).received.at(-1)).toEqual({ type: 'REMOVE', id: messageId })
    },
  },
  states: {
    '*': (expected, kit) => {
      // Every page of GET saved/list.
      expect(listChild(kit).input).toEqual({ query: {} })
      const { list: items, error } = expected.context
      if (items.state === 'loading') {
        expect(kit.screen.getByRole('status').textContent).toBe('Loading your saved messages…')
        expect(list(kit)).toBeNull()
      }
      if (items.state === 'failed') expect(kit.screen.getByRole('alert').textContent).toBe('Could not load your saved messages.Retry')
      if (isShown(expected) && items.items.length === 0) {
        expect(kit.screen.getByText('Nothing saved yet. Choose “Save” in a message’s actions to keep it here.')).toBeTruthy()
        expect(list(kit)).toBeNull()
      }
      if (isShown(expected) && items.items.length > 0) {
        const labels = shown(kit)
        expect(new Set(labels).size).toBe(labels.length)
        expect(labels).toEqual(items.items.map(labelOf))
        // Each readable one opens its chat on its message; an unavailable one says so and has no link.
        for (const row of items.items) {
          const li = within(list(kit)!).getByRole('listitem', { name: labelOf(row) })
          if (row.message) {
            const link = within(li).getByRole('link', { name: `Open in chat: ${row.message.message}` })
            expect(link.getAttribute('href')).toBe(`/chat/${row.topic_id}?seq=${row.message.seq}`)
          } else {
            expect(within(li).queryByRole('link')).toBeNull()
            expect(li.textContent).toContain('This message is no longer available')
          }
        }
        expect(kit.screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(items.more)
        if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
        else expect(kit.screen.queryByRole('alert')).toBeNull()
      }
    },
    idle: (expected, kit) => {
      if (expected.context.list.state === 'idle')
        for (const b of kit.screen.queryAllByRole<HTMLButtonElement>('button')) expect(b.disabled).toBe(false)
    },
    removing: (expected, kit) => {
      expect(kit.pending('removeSaved').input).toEqual({ messageId: expected.context.removing })
      for (const b of kit.screen.getAllByRole<HTMLButtonElement>('button', { name: /^Remove from saved/ })) expect(b.disabled).toBe(true)
    },
  },
})
