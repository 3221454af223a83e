import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { Sender } from '../../contract/message'
import type { Todo } from '../../contract/todo'
import { connect, insertByDue, todoListMachine, type TodoListInput, type TodoListSnapshot } from '../../src/machines/todo-list'
import { TodoListView } from '../../src/ui/todo/todo-list-view'
import { listChild, listReports, playReport } from './support/paged-list'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * A list of to-dos as Bao sees it: a chat's (its "To-dos" panel; Bao is a member, not an admin)
 * and his own (/todo). The pages come from its paged list (stubbed here: the test plays its
 * reports; the paged list's own model test checks it sends them). The socket's TODO_CHANGED, a
 * reconnect (REFRESH: the pages again, bringing what was missed) and what each step must show are
 * written here: rows in due order, a status change shown at once and rolled back when refused, a
 * delete asked first, the filter tabs, and what the list is told.
 *
 * One thing at a time: the rows' actions and the socket's news start from the first page as it
 * came (A, B, C), the paging from the full page; how the merge rules combine is the unit test's
 * (tests/unit/machines/todo-list.test.ts).
 */

type Kit = ModelKit<typeof todoListMachine>
type S = TodoListSnapshot

const ANN: Sender = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const BAO: Sender = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
// The clock: 09:00 on 28 November 2026, local time; due times are local too.
const NOW = new Date(2026, 10, 28, 9, 0).getTime()
const at = (day: number, hour: number, month = 10) => new Date(2026, month, day, hour, 0).toISOString()

const todo = (id: string, title: string, over: Partial<Todo> = {}): Todo => ({
  _id: id,
  topic_id: 't-1',
  topic_name: 'Design',
  title,
  note: '',
  status: 'todo',
  due_at: null,
  creator: ANN,
  assignees: [BAO],
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  done_at: null,
  ...over,
})
/** Ann's, assigned to Bao, overdue: Bao moves its status (not edit or delete it). */
const A = todo('td-a', 'Book the room', { due_at: at(27, 18) })
/** Bao's own, doing: he edits and deletes it. */
const B = todo('td-b', 'Print handouts', { status: 'doing', creator: BAO, due_at: at(29, 10) })
/** Ann's, for Ann alone: Bao can only read it. */
const C = todo('td-c', 'Order lunch', { assignees: [ANN] })
/** Bao's personal one (in his own list). */
const P = todo('td-p', 'Renew my passport', { topic_id: null, topic_name: null, creator: BAO, assignees: [BAO] })
/** Made by Ann meanwhile, for Bao, due between A and B. */
const NEW = todo('td-n', 'Call the venue', { due_at: at(28, 12) })
/** B as Ann set it done. */
const B_DONE: Todo = { ...B, status: 'done', done_at: '2026-11-28T08:30:00.000Z', updated_at: '2026-11-28T08:30:00.000Z' }
/** A full page (20, due from 1 December) and the next one, repeating the last of it. */
const FULL = Array.from({ length: 20 }, (_, i) => todo(`td-f${i + 1}`, `Task ${i + 1}`, { due_at: at(i + 1, 9, 11) }))
const SECOND = [FULL[19]!, todo('td-g1', 'Task 21', { due_at: at(25, 9, 11) })]
const REFUSED = 'As an assignee you can change only its status.'

const INPUTS: Record<string, TodoListInput> = {
  chat: { topicId: 't-1', meId: BAO._id, isAdmin: false, now: () => NOW },
  mine: { topicId: null, meId: BAO._id, isAdmin: false, now: () => NOW },
}
const FIRST_PAGES = { chat: [[A, B, C], FULL, []], mine: [[A, B, P]] }
const FAILURE = 'The next page could not be loaded.'
const mode = (s: S) => (s.context.topicId === null ? 'mine' : 'chat')
const ctx = (s: S) => s.context
const items = (s: S) => ctx(s).list.items
const find = (s: S, id: string) => items(s).find((item) => item._id === id)
const idle = (s: S) => s.matches({ listing: 'idle' }) && ctx(s).list.state === 'idle'
const ids = (s: S) => items(s).map((item) => `${item._id}:${item.status}`)
/** The chat's first page as it came, nothing done to it yet: where the rows' actions and the socket's news start. */
const asLoaded = (s: S) =>
  mode(s) === 'chat' && ctx(s).filter === 'all' && ctx(s).error === null && ids(s).join() === 'td-a:todo,td-b:doing,td-c:todo'
const FILTER_NAMES = { all: 'All', todo: 'To do', doing: 'Doing', done: 'Done' } as const

const page = routed(todoListMachine, (snapshot, send) => (
  <TodoListView {...connect(snapshot, send)} label="To-dos" onNew={() => {}} onEdit={() => {}} />
))

const list = (kit: Kit) => kit.screen.queryByRole('list', { name: 'To-dos' })
const shown = (kit: Kit) =>
  list(kit)
    ? within(list(kit)!)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'))
    : []
const row = (kit: Kit, title: string) => within(within(list(kit)!).getByRole('listitem', { name: title }))
const statusOf = (kit: Kit, title: string) => row(kit, title).getByRole<HTMLSelectElement>('combobox', { name: `Status of ${title}` }).value
const doneBox = (kit: Kit, title: string) => row(kit, title).getByRole<HTMLInputElement>('checkbox', { name: `Mark ${title} done` })
/** What the list was told last. */
const told = (kit: Kit) => listChild(kit).received.at(-1)

describeModel({
  machine: todoListMachine,
  inputs: INPUTS,
  select: 'transitions',
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      m: mode(s),
      f: ctx(s).filter,
      l: ctx(s).list.state,
      ids: ids(s).join(),
      more: ctx(s).list.more,
      le: ctx(s).list.error,
      p: ctx(s).pending && { id: ctx(s).pending!.todoId, s: ctx(s).pending!.status, b: ctx(s).pending!.before.status },
      d: ctx(s).deleting,
      e: ctx(s).error,
    }),
  events: {
    // The paged list's reports: the filter's first page (the Doing tab: B alone), the next page after the full one.
    LIST: (s) =>
      listReports(ctx(s).list, {
        first: ctx(s).filter === 'doing' ? [[B]] : FIRST_PAGES[mode(s)],
        next: SECOND,
        // Refreshed (after a reconnect) from the page as it came: Ann's new to-do, made while the socket was down.
        ...(asLoaded(s) ? { refreshed: (rows: readonly Todo[]) => insertByDue(rows, NEW) } : {}),
        failure: FAILURE,
      }),
    // The socket connected again, on the page as it came: the list reads its pages again.
    REFRESH: (s) => (idle(s) && asLoaded(s) ? [{ type: 'REFRESH' }] : []),
    // The Doing tab from the page as it came; back to All from there.
    FILTER: (s) =>
      ctx(s).filter === 'doing' ? [{ type: 'FILTER', filter: 'all' }] : asLoaded(s) && idle(s) ? [{ type: 'FILTER', filter: 'doing' }] : [],
    // Bao moves A: done (its checkbox) or doing (its select) on the page as it came; back to to do (the checkbox) once done.
    STATUS: (s) =>
      !idle(s)
        ? []
        : asLoaded(s)
          ? [
              { type: 'STATUS', todoId: A._id, status: 'done' },
              { type: 'STATUS', todoId: A._id, status: 'doing' },
            ]
          : ctx(s).error === null && ids(s).join() === 'td-a:done,td-b:doing,td-c:todo'
            ? [{ type: 'STATUS', todoId: A._id, status: 'todo' }]
            : [],
    'xstate.done.actor.setStatus': (s) => [
      { type: 'xstate.done.actor.setStatus', output: { ...find(s, A._id)!, updated_at: '2026-11-28T09:00:00.000Z' } },
    ],
    'xstate.error.actor.setStatus': [{ type: 'xstate.error.actor.setStatus', error: new Error(REFUSED) }],
    DELETE: (s) => (idle(s) && asLoaded(s) ? [{ type: 'DELETE', todoId: B._id }] : []),
    'xstate.done.actor.deleteTodo': [{ type: 'xstate.done.actor.deleteTodo', output: { todo_id: B._id } }],
    'xstate.error.actor.deleteTodo': [{ type: 'xstate.error.actor.deleteTodo', error: new Error('Not found.') }],
    // The socket: Ann's new to-do for Bao; B set done by Ann; B deleted by Ann (also while Bao is asked about deleting it).
    CHANGED: (s) => {
      if (s.matches({ listing: 'confirming' })) return [{ type: 'CHANGED', change: 'deleted', todo: B }]
      if (!idle(s)) return []
      if (mode(s) === 'mine') return find(s, NEW._id) ? [] : [{ type: 'CHANGED', change: 'created', todo: NEW }]
      if (ctx(s).filter === 'doing') return find(s, B._id) ? [{ type: 'CHANGED', change: 'updated', todo: B_DONE }] : []
      return asLoaded(s)
        ? [
            { type: 'CHANGED', change: 'created', todo: NEW },
            { type: 'CHANGED', change: 'updated', todo: B_DONE },
            { type: 'CHANGED', change: 'deleted', todo: B },
          ]
        : []
    },
  },
  render: page.render,
  ready: page.ready,
  callbackActors: ['list'],
  perform: {
    LIST: async (event, kit) => {
      const before = shown(kit)
      const next = (event as unknown as { list: S['context']['list'] }).list
      await playReport(event, kit)
      // The next page comes after the rows shown, each to-do once.
      if (kit.previous.context.list.state === 'loadingMore' && next.error === null) expect(shown(kit)).toEqual([...before, 'Task 21'])
      // Refreshed: what was missed shows, in due order (Call the venue, due at 12:00 today, after Book the room).
      if (kit.previous.context.list.state === 'refreshing' && next.error === null)
        expect(shown(kit)).toEqual([before[0], 'Call the venue', ...before.slice(1)])
    },
    FILTER: async (event, kit) => {
      await kit.user.click(kit.screen.getByRole('tab', { name: FILTER_NAMES[event.filter as 'all' | 'doing'] }))
      // A new list of the tab's to-dos, from page 1.
      const topicId = mode(kit.previous) === 'chat' ? 't-1' : null
      expect(listChild(kit).input).toEqual({ query: event.filter === 'all' ? { topicId } : { topicId, status: 'doing' } })
      expect(listChild(kit).received).toEqual([])
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
      expect(told(kit)).toEqual({ type: 'RETRY' })
    },
    REFRESH: async (event, kit) => {
      const before = shown(kit)
      await kit.send(event as never)
      // The list is asked again; the rows stay until its pages come.
      expect(told(kit)).toEqual({ type: 'REFRESH' })
      expect(shown(kit)).toEqual(before)
    },
    LOAD_MORE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Load more' }))
      expect(told(kit)).toEqual({ type: 'LOAD_MORE' })
    },
    STATUS: async (event, kit) => {
      const before = shown(kit)
      if (event.status === 'doing')
        await kit.user.selectOptions(row(kit, 'Book the room').getByRole('combobox', { name: 'Status of Book the room' }), 'doing')
      else await kit.user.click(doneBox(kit, 'Book the room'))
      // Shown at once, in place; the list holds it so.
      expect(statusOf(kit, 'Book the room')).toBe(event.status)
      expect(doneBox(kit, 'Book the room').checked).toBe(event.status === 'done')
      expect(shown(kit)).toEqual(before)
      expect(told(kit)).toMatchObject({ type: 'REPLACE', item: { _id: A._id, status: event.status } })
    },
    'xstate.done.actor.setStatus': async (event, kit) => {
      const saved = (event as unknown as { output: Todo }).output
      await kit.resolve('setStatus', saved)
      // The server's to-do, in the list too.
      expect(told(kit)).toEqual({ type: 'REPLACE', item: saved })
    },
    'xstate.error.actor.setStatus': async (_, kit) => {
      const was = kit.previous.context.pending!.before
      await kit.reject('setStatus', new Error(REFUSED))
      // Refused: the row as it was, with the server's message.
      expect(statusOf(kit, 'Book the room')).toBe(was.status)
      expect(kit.screen.getByRole('alert').textContent).toBe(REFUSED)
      expect(told(kit)).toEqual({ type: 'REPLACE', item: was })
    },
    DELETE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Delete Print handouts' }))
      expect(kit.screen.getByRole('group', { name: 'Confirm deleting Print handouts' }).textContent).toContain(
        'Delete this to-do for everyone?',
      )
    },
    CONFIRM: async (_, kit) =>
      kit.user.click(
        within(kit.screen.getByRole('group', { name: 'Confirm deleting Print handouts' })).getByRole('button', { name: 'Yes, delete' }),
      ),
    CANCEL: async (_, kit) => {
      await kit.user.click(
        within(kit.screen.getByRole('group', { name: 'Confirm deleting Print handouts' })).getByRole('button', { name: 'Cancel' }),
      )
      expect(kit.screen.queryByRole('group', { name: 'Confirm deleting Print handouts' })).toBeNull()
    },
    'xstate.done.actor.deleteTodo': async (_, kit) => {
      const before = shown(kit)
      expect(kit.pending('deleteTodo').input).toEqual({ todo_id: 'td-b' })
      await kit.resolve('deleteTodo', { todo_id: 'td-b' })
      expect(shown(kit)).toEqual(before.filter((title) => title !== 'Print handouts'))
      expect(told(kit)).toEqual({ type: 'REMOVE', id: 'td-b' })
    },
    CHANGED: async (event, kit) => {
      const before = shown(kit)
      const filter = kit.previous.context.filter
      const received = listChild(kit).received.length
      await kit.send(event as never)
      const change = event.change as string
      if (change === 'deleted') {
        expect(shown(kit)).toEqual(before.filter((title) => title !== 'Print handouts'))
        expect(told(kit)).toEqual({ type: 'REMOVE', id: 'td-b' })
        // Asked about deleting it: the question goes.
        expect(kit.screen.queryByRole('group', { name: 'Confirm deleting Print handouts' })).toBeNull()
      } else if (change === 'updated') {
        // Done now: it stays under All (done), and leaves the Doing tab.
        if (filter === 'doing') {
          expect(shown(kit)).toEqual([])
          expect(told(kit)).toEqual({ type: 'REMOVE', id: 'td-b' })
        } else {
          expect(shown(kit)).toEqual(before)
          expect(statusOf(kit, 'Print handouts')).toBe('done')
          expect(told(kit)).toEqual({ type: 'REPLACE', item: B_DONE })
        }
      } else {
        // Due 12:00 today: after what is due earlier (Book the room, yesterday), before the rest.
        expect(before[0]).toBe('Book the room')
        expect(shown(kit)).toEqual([before[0], 'Call the venue', ...before.slice(1)])
        expect(told(kit)).toEqual({ type: 'INSERT', item: NEW, at: 1 })
      }
      expect(listChild(kit).received).toHaveLength(received + 1)
    },
  },
  states: {
    '*': (expected, kit) => {
      const c = ctx(expected)
      const topicId = mode(expected) === 'chat' ? 't-1' : null
      // The filter's list: todo/topic of the chat, or todo/list of the reader, with the tab's status.
      expect(listChild(kit).input).toEqual({ query: c.filter === 'all' ? { topicId } : { topicId, status: c.filter } })
      expect(kit.screen.getByRole('tab', { name: FILTER_NAMES[c.filter as 'all' | 'doing'] }).getAttribute('aria-selected')).toBe('true')
      if (c.list.state === 'loading') {
        expect(kit.screen.getByRole('status').textContent).toBe('Loading to-dos…')
        expect(list(kit)).toBeNull()
      }
      if (c.list.state === 'failed') {
        expect(kit.screen.getByRole('alert').textContent).toBe('The to-dos could not be loaded.Retry')
        expect(list(kit)).toBeNull()
      }
      if (c.list.state === 'loading' || c.list.state === 'failed') return
      const titles = shown(kit)
      expect(new Set(titles).size).toBe(titles.length)
      expect(titles).toEqual(c.list.items.map((item) => item.title))
      if (titles.length === 0)
        expect(kit.screen.getByText(c.filter === 'all' ? 'No to-dos yet.' : 'No to-dos with this status.')).toBeTruthy()
      expect(kit.screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(c.list.more)
      if (c.list.state === 'loadingMore')
        expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Load more' }).disabled).toBe(true)
      if (c.error) expect(kit.screen.getByRole('alert').textContent).toBe(c.error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
      const a = find(expected, A._id)
      if (a) {
        // Ann's to-do for Bao: he moves it, but neither edits nor deletes it; due yesterday at 18:00, red until done.
        expect(
          row(kit, 'Book the room')
            .getByText(/^Due 18:00 27\/11/)
            .closest('[data-overdue]') !== null,
        ).toBe(a.status !== 'done')
        expect(doneBox(kit, 'Book the room').checked).toBe(a.status === 'done')
        expect(statusOf(kit, 'Book the room')).toBe(a.status)
        expect(row(kit, 'Book the room').queryByRole('button', { name: 'Edit Book the room' })).toBeNull()
        expect(row(kit, 'Book the room').queryByRole('button', { name: 'Delete Book the room' })).toBeNull()
        expect(row(kit, 'Book the room').getByText('Assigned to Bao')).toBeTruthy()
        // On /todo, the chat it is in, linked.
        const link = row(kit, 'Book the room').queryByRole('link', { name: 'Design' })
        expect(link?.getAttribute('href') ?? null).toBe(mode(expected) === 'mine' ? '/chat/t-1' : null)
      }
      if (find(expected, B._id)) {
        expect(row(kit, 'Print handouts').getByRole('button', { name: 'Edit Print handouts' })).toBeTruthy()
        expect(row(kit, 'Print handouts').getByRole('button', { name: 'Delete Print handouts' })).toBeTruthy()
      }
      // Ann's own: Bao can only read it.
      if (find(expected, C._id)) {
        expect(doneBox(kit, 'Order lunch').disabled).toBe(true)
        expect(row(kit, 'Order lunch').getByRole<HTMLSelectElement>('combobox', { name: 'Status of Order lunch' }).disabled).toBe(true)
        expect(row(kit, 'Order lunch').queryByRole('button', { name: 'Delete Order lunch' })).toBeNull()
      }
      if (find(expected, P._id)) expect(row(kit, 'Renew my passport').queryByRole('link')).toBeNull()
    },
    'listing.idle': (expected, kit) => {
      if (ctx(expected).list.state !== 'idle') return
      for (const box of kit.screen.queryAllByRole<HTMLInputElement>('checkbox'))
        expect(box.disabled).toBe(box.getAttribute('aria-label') === 'Mark Order lunch done')
      if (find(expected, A._id)) expect(doneBox(kit, 'Book the room').disabled).toBe(false)
    },
    'listing.updating': (expected, kit) => {
      const pending = ctx(expected).pending!
      expect(kit.pending('setStatus').input).toEqual({ todo_id: 'td-a', status: pending.status })
      // One change at a time: the rows' controls wait.
      expect(doneBox(kit, 'Book the room').disabled).toBe(true)
      expect(within(list(kit)!).getByRole('listitem', { name: 'Book the room' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.screen.getByRole('tab', { name: 'Doing' }).hasAttribute('disabled')).toBe(true)
    },
    'listing.confirming': (_, kit) => {
      expect(kit.screen.getByRole('group', { name: 'Confirm deleting Print handouts' })).toBeTruthy()
    },
    'listing.deleting': (_, kit) => {
      expect(kit.pending('deleteTodo').input).toEqual({ todo_id: 'td-b' })
      const question = within(kit.screen.getByRole('group', { name: 'Confirm deleting Print handouts' }))
      expect(question.getByRole('button', { name: 'Yes, delete' }).getAttribute('aria-busy')).toBe('true')
    },
  },
})
