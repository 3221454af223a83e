import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Sender } from '../../../contract/message'
import type { Todo, TodoStatus } from '../../../contract/todo'
import { withPages } from '../../../src/machines/paged-list'
import { connect, mayManage, mayMove, mergeChange, todoListMachine, type TodoPageInput } from '../../../src/machines/todo-list'

/** The socket's merge rules, who may do what, and the optimistic status change with its rollback. */

const ANN: Sender = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const BAO: Sender = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const CUC: Sender = { _id: 'u-cuc', name: 'Cuc', workid: 'cuc', photo_url: null }

const todo = (id: string, over: Partial<Todo> = {}): Todo => ({
  _id: id,
  topic_id: 't-1',
  topic_name: 'Design',
  title: `Title ${id}`,
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
const ids = (items: readonly Todo[]) => items.map((item) => item._id)

const early = todo('early', { due_at: '2026-11-28T08:00:00.000Z' })
const late = todo('late', { due_at: '2026-11-30T08:00:00.000Z' })
const open = todo('open')
const ITEMS = [early, late, open]
const chat = { topicId: 't-1', meId: BAO._id, filter: 'all' as const }
const mine = { topicId: null, meId: BAO._id, filter: 'all' as const }

describe('TODO_CHANGED merged into a list', () => {
  it('created: joins in due order (after those due at the same time or earlier; none due: last)', () => {
    const between = todo('between', { due_at: '2026-11-29T08:00:00.000Z' })
    expect(ids(mergeChange(ITEMS, { change: 'created', todo: between }, chat))).toEqual(['early', 'between', 'late', 'open'])
    const sameAsEarly = todo('same', { due_at: '2026-11-28T08:00:00.000Z' })
    expect(ids(mergeChange(ITEMS, { change: 'created', todo: sameAsEarly }, chat))).toEqual(['early', 'same', 'late', 'open'])
    expect(ids(mergeChange(ITEMS, { change: 'created', todo: todo('none') }, chat))).toEqual(['early', 'late', 'open', 'none'])
    const first = todo('first', { due_at: '2026-11-01T08:00:00.000Z' })
    expect(ids(mergeChange(ITEMS, { change: 'created', todo: first }, chat))).toEqual(['first', 'early', 'late', 'open'])
  })

  it('created elsewhere: another chat’s stays out of this chat’s list', () => {
    const other = todo('other', { topic_id: 't-2' })
    expect(ids(mergeChange(ITEMS, { change: 'created', todo: other }, chat))).toEqual(['early', 'late', 'open'])
  })

  it('the reader’s own list takes what they made or were given, not the rest of a chat’s', () => {
    const forCuc = todo('cuc', { assignees: [CUC] })
    const byBao = todo('by-bao', { creator: BAO, assignees: [CUC] })
    const personal = todo('personal', { topic_id: null, topic_name: null, creator: BAO, assignees: [BAO] })
    expect(ids(mergeChange(ITEMS, { change: 'created', todo: forCuc }, mine))).toEqual(['early', 'late', 'open'])
    expect(ids(mergeChange(ITEMS, { change: 'created', todo: byBao }, mine))).toEqual(['early', 'late', 'open', 'by-bao'])
    expect(ids(mergeChange(ITEMS, { change: 'created', todo: personal }, mine))).toEqual(['early', 'late', 'open', 'personal'])
    // Taken off it (no longer assigned): it leaves the reader's list, stays in the chat's.
    const unassigned = { ...late, assignees: [CUC] }
    expect(ids(mergeChange(ITEMS, { change: 'updated', todo: unassigned }, mine))).toEqual(['early', 'open'])
    expect(mergeChange(ITEMS, { change: 'updated', todo: unassigned }, chat)[1]).toEqual(unassigned)
  })

  it('created under a filter it does not fit: not added', () => {
    const doing = { ...chat, filter: 'doing' as const }
    expect(ids(mergeChange([], { change: 'created', todo: todo('new') }, doing))).toEqual([])
    expect(ids(mergeChange([], { change: 'created', todo: todo('new', { status: 'doing' }) }, doing))).toEqual(['new'])
  })

  it('updated: replaced in place while it fits; removed once it no longer fits the filter', () => {
    const moved = { ...late, title: 'Renamed', status: 'doing' as TodoStatus }
    const all = mergeChange(ITEMS, { change: 'updated', todo: moved }, chat)
    expect(ids(all)).toEqual(['early', 'late', 'open'])
    expect(all[1]!.title).toBe('Renamed')
    expect(ids(mergeChange(ITEMS, { change: 'updated', todo: moved }, { ...chat, filter: 'todo' }))).toEqual(['early', 'open'])
  })

  it('updated into the filter while not listed: joins', () => {
    const doing = { ...chat, filter: 'doing' as const }
    const now = todo('x', { status: 'doing', due_at: '2026-11-29T08:00:00.000Z' })
    expect(ids(mergeChange([todo('d', { status: 'doing' })], { change: 'updated', todo: now }, doing))).toEqual(['x', 'd'])
  })

  it('deleted: removed; one not listed changes nothing', () => {
    expect(ids(mergeChange(ITEMS, { change: 'deleted', todo: late }, chat))).toEqual(['early', 'open'])
    expect(ids(mergeChange(ITEMS, { change: 'deleted', todo: todo('gone') }, chat))).toEqual(['early', 'late', 'open'])
  })
})

describe('who may do what', () => {
  const list = { topicId: 't-1', meId: BAO._id, isAdmin: false }
  it('the creator manages and moves it; an assignee only moves it; another member neither', () => {
    expect(mayManage(todo('a', { creator: BAO, assignees: [] }), list)).toBe(true)
    expect(mayManage(todo('a'), list)).toBe(false)
    expect(mayMove(todo('a'), list)).toBe(true)
    expect(mayMove(todo('a', { assignees: [CUC] }), list)).toBe(false)
  })
  it('a chat’s admin manages its to-dos in its panel, not on /todo', () => {
    expect(mayManage(todo('a', { assignees: [CUC] }), { ...list, isAdmin: true })).toBe(true)
    expect(mayMove(todo('a', { assignees: [CUC] }), { ...list, isAdmin: true })).toBe(true)
    expect(mayManage(todo('a', { assignees: [CUC] }), { topicId: null, meId: BAO._id, isAdmin: true })).toBe(false)
  })
})

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void }
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function start(page: Todo[], calls: { input: unknown; reply: Deferred<Todo> }[]) {
  const actor = createActor(
    todoListMachine.provide({
      actors: {
        list: withPages(async () => page),
        setStatus: fromPromise(({ input }) => {
          const reply = deferred<Todo>()
          calls.push({ input, reply })
          return reply.promise
        }),
      },
    }),
    { input: { topicId: 't-1', meId: BAO._id, isAdmin: false, now: () => Date.parse('2026-11-28T09:00:00Z') } },
  )
  actor.start()
  return actor
}
const statusOf = (actor: ReturnType<typeof start>, id: string) =>
  actor.getSnapshot().context.list.items.find((item) => item._id === id)?.status

describe('a status change', () => {
  it('shows at once, sends only the status, and takes the server’s to-do', async () => {
    const calls: { input: unknown; reply: Deferred<Todo> }[] = []
    const actor = start([todo('a')], calls)
    await settle()
    actor.send({ type: 'STATUS', todoId: 'a', status: 'doing' })
    expect(statusOf(actor, 'a')).toBe('doing')
    expect(calls.map((c) => c.input)).toEqual([{ todo_id: 'a', status: 'doing' }])
    calls[0]!.reply.resolve(todo('a', { status: 'doing', updated_at: '2026-11-28T09:00:01.000Z' }))
    await settle()
    expect(actor.getSnapshot().matches({ listing: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.list.items[0]!.updated_at).toBe('2026-11-28T09:00:01.000Z')
  })

  it('refused: the row goes back, with the server’s message', async () => {
    const calls: { input: unknown; reply: Deferred<Todo> }[] = []
    const actor = start([todo('a', { status: 'doing' })], calls)
    await settle()
    actor.send({ type: 'STATUS', todoId: 'a', status: 'done' })
    expect(statusOf(actor, 'a')).toBe('done')
    calls[0]!.reply.reject(new Error('This to-do was deleted.'))
    await settle()
    expect(statusOf(actor, 'a')).toBe('doing')
    expect(actor.getSnapshot().context.error).toBe('This to-do was deleted.')
    expect(connect(actor.getSnapshot(), actor.send).error).toBe('This to-do was deleted.')
  })

  it('the socket’s news of that row meanwhile: the change on its way still shows, a refusal goes back to the news', async () => {
    const calls: { input: unknown; reply: Deferred<Todo> }[] = []
    const actor = start([todo('a')], calls)
    await settle()
    actor.send({ type: 'STATUS', todoId: 'a', status: 'done' })
    actor.send({ type: 'CHANGED', change: 'updated', todo: todo('a', { title: 'Renamed by Ann' }) })
    const row = actor.getSnapshot().context.list.items[0]!
    expect([row.title, row.status]).toEqual(['Renamed by Ann', 'done'])
    calls[0]!.reply.reject(new Error('No.'))
    await settle()
    const back = actor.getSnapshot().context.list.items[0]!
    expect([back.title, back.status]).toEqual(['Renamed by Ann', 'todo'])
  })

  it('deleted meanwhile: a refusal brings nothing back', async () => {
    const calls: { input: unknown; reply: Deferred<Todo> }[] = []
    const actor = start([todo('a'), todo('b')], calls)
    await settle()
    actor.send({ type: 'STATUS', todoId: 'a', status: 'done' })
    actor.send({ type: 'CHANGED', change: 'deleted', todo: todo('a') })
    calls[0]!.reply.reject(new Error('Not found.'))
    await settle()
    expect(ids(actor.getSnapshot().context.list.items)).toEqual(['b'])
  })

  it('one at a time, and none for a to-do the reader may not move or one with that status already', async () => {
    const calls: { input: unknown; reply: Deferred<Todo> }[] = []
    const actor = start([todo('a'), todo('b'), todo('c', { assignees: [CUC] })], calls)
    await settle()
    actor.send({ type: 'STATUS', todoId: 'c', status: 'done' })
    actor.send({ type: 'STATUS', todoId: 'a', status: 'todo' })
    expect(calls).toEqual([])
    actor.send({ type: 'STATUS', todoId: 'a', status: 'done' })
    actor.send({ type: 'STATUS', todoId: 'b', status: 'done' })
    expect(calls.map((c) => c.input)).toEqual([{ todo_id: 'a', status: 'done' }])
    expect(statusOf(actor, 'b')).toBe('todo')
    // Nor another filter while it is on its way.
    actor.send({ type: 'FILTER', filter: 'done' })
    expect(actor.getSnapshot().context.filter).toBe('all')
  })

  it('kept under a filter it leaves until the server says so, then gone', async () => {
    const calls: { input: unknown; reply: Deferred<Todo> }[] = []
    const actor = start([todo('a')], calls)
    await settle()
    actor.send({ type: 'FILTER', filter: 'todo' })
    await settle()
    actor.send({ type: 'STATUS', todoId: 'a', status: 'done' })
    expect(ids(actor.getSnapshot().context.list.items)).toEqual(['a'])
    calls[0]!.reply.resolve(todo('a', { status: 'done' }))
    await settle()
    expect(ids(actor.getSnapshot().context.list.items)).toEqual([])
  })
})

describe('the filter', () => {
  it('starts the list again from page 1 with the status', async () => {
    const pages: unknown[] = []
    const actor = createActor(
      todoListMachine.provide({
        actors: {
          list: withPages(async (input: TodoPageInput) => {
            pages.push(input)
            return [todo(`p${pages.length}`)]
          }),
        },
      }),
      { input: { topicId: null, meId: BAO._id, isAdmin: false, now: () => 0 } },
    )
    actor.start()
    await settle()
    actor.send({ type: 'FILTER', filter: 'doing' })
    expect(actor.getSnapshot().context.list.items).toEqual([])
    await settle()
    actor.send({ type: 'FILTER', filter: 'all' })
    await settle()
    expect(pages).toEqual([
      { topicId: null, page: 1 },
      { topicId: null, status: 'doing', page: 1 },
      { topicId: null, page: 1 },
    ])
    expect(ids(actor.getSnapshot().context.list.items)).toEqual(['p3'])
  })
})

describe('its paged list', () => {
  it('holds what the socket brought: a to-do created meanwhile stays in its place, once, after the next page', async () => {
    const day = (d: number) => `2026-12-${String(d).padStart(2, '0')}T08:00:00.000Z`
    const full = Array.from({ length: 20 }, (_, i) => todo(`f${i + 1}`, { due_at: day(i + 1) }))
    const actor = createActor(
      todoListMachine.provide({
        actors: {
          // Page 2 repeats the new one: made between the two pages, it moved page 1's last onto page 2.
          list: withPages(async ({ page }: TodoPageInput) => (page === 1 ? full : [full[19]!, todo('g1', { due_at: day(25) })])),
        },
      }),
      { input: { topicId: 't-1', meId: BAO._id, isAdmin: false, now: () => 0 } },
    ).start()
    await settle()
    const made = todo('made', { due_at: '2026-12-02T12:00:00.000Z' })
    actor.send({ type: 'CHANGED', change: 'created', todo: made })
    expect(ids(actor.getSnapshot().context.list.items).slice(0, 4)).toEqual(['f1', 'f2', 'made', 'f3'])
    actor.send({ type: 'LOAD_MORE' })
    await settle()
    const after = ids(actor.getSnapshot().context.list.items)
    expect(after).toHaveLength(22)
    expect(after.slice(0, 4)).toEqual(['f1', 'f2', 'made', 'f3'])
    expect(after.slice(-2)).toEqual(['f20', 'g1'])
  })

  it('shows nothing from the socket while its first page loads or failed', async () => {
    const actor = createActor(todoListMachine.provide({ actors: { list: withPages(() => Promise.reject(new Error('offline'))) } }), {
      input: { topicId: 't-1', meId: BAO._id, isAdmin: false, now: () => 0 },
    }).start()
    actor.send({ type: 'CHANGED', change: 'created', todo: todo('early') })
    await settle()
    actor.send({ type: 'CHANGED', change: 'created', todo: todo('late') })
    expect(actor.getSnapshot().context.list).toMatchObject({ state: 'failed', items: [] })
    expect(connect(actor.getSnapshot(), actor.send)).toMatchObject({ failed: true, rows: [] })
  })
})

describe('a reconnect (REFRESH)', () => {
  it('reads page 1 again: what changed while the socket was down shows, in due order, and what went leaves', async () => {
    const server = { items: [todo('early', { due_at: '2026-11-28T08:00:00.000Z' }), todo('gone')] }
    const pages: unknown[] = []
    const actor = createActor(
      todoListMachine.provide({
        actors: {
          list: withPages(async (input: TodoPageInput) => {
            pages.push(input)
            return server.items
          }),
        },
      }),
      { input: { topicId: 't-1', meId: BAO._id, isAdmin: false, now: () => 0 } },
    ).start()
    await settle()
    server.items = [
      todo('early', { due_at: '2026-11-28T08:00:00.000Z', status: 'done' }),
      todo('missed', { due_at: '2026-11-29T08:00:00.000Z' }),
    ]
    actor.send({ type: 'REFRESH' })
    // The rows stay while the pages come.
    expect(ids(actor.getSnapshot().context.list.items)).toEqual(['early', 'gone'])
    await settle()
    expect(actor.getSnapshot().context.list.items.map((item) => `${item._id}:${item.status}`)).toEqual(['early:done', 'missed:todo'])
    expect(pages).toEqual([
      { topicId: 't-1', page: 1 },
      { topicId: 't-1', page: 1 },
    ])
  })

  it('a status change on its way keeps showing over pages read before it was saved; the server’s answer then stands', async () => {
    const calls: { input: unknown; reply: Deferred<Todo> }[] = []
    const actor = start([todo('a'), todo('b')], calls)
    await settle()
    actor.send({ type: 'STATUS', todoId: 'a', status: 'done' })
    actor.send({ type: 'REFRESH' })
    await settle()
    expect(actor.getSnapshot().context.list.state).toBe('idle')
    expect(statusOf(actor, 'a')).toBe('done')
    calls[0]!.reply.reject(new Error('No.'))
    await settle()
    expect(statusOf(actor, 'a')).toBe('todo')
    expect(actor.getSnapshot().context.error).toBe('No.')
  })
})
