import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../contract'
import { todoAssignees, todos } from '../../server/db/schema'
import { chatServer, clientId, type Person, person } from './chat-fixtures'
import { nextEvent, silence, statementRecorder } from './harness'

/**
 * The server side of to-dos (todo/*): personal ones (their creator's alone) and ones in a chat (its
 * members'); who may change what (creator and chat admins anything, an assignee the status only);
 * the lists' order and pages; TODO_CHANGED; the notifications (assigned, changed by someone else,
 * due at due_at through the durable job queue on the server's fake clock, never a sleep). Expected
 * values are written out here, not computed by the server's code.
 */
const statements = statementRecorder()
const chat = chatServer({ onQuery: statements.onQuery })
const { clock, socket, team } = chat

interface TodoView {
  _id: string
  topic_id: string | null
  topic_name: string | null
  title: string
  note: string
  status: 'todo' | 'doing' | 'done'
  due_at: string | null
  creator: { _id: string; name: string }
  assignees: { _id: string; name: string }[]
  created_at: string
  updated_at: string
  done_at: string | null
}

async function createTodo(who: Person, over: Record<string, unknown> = {}): Promise<TodoView> {
  const res = await who.api('POST', 'todo/create', { client_id: clientId(), title: 'Write the report', ...over })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}
const update = (who: Person, todoId: string, change: Record<string, unknown>) =>
  who.api('PUT', 'todo/update', { todo_id: todoId, ...change })
const names = (todo: TodoView) => todo.assignees.map((a) => a.name)
const iso = (ms: number) => new Date(ms).toISOString()

/** The caller's notifications about to-dos, oldest first: [kind, to-do id]. */
async function todoNotifications(who: Person): Promise<[string, string][]> {
  const res = await who.api('GET', 'notify?page=1')
  expect(res.status).toBe(200)
  return (res.body.result as { notifiable_type: string; notifiable_id: string; notify_message_json: { key: string } | null }[])
    .filter((n) => n.notifiable_type === 'todo')
    .map((n): [string, string] => [n.notify_message_json!.key, n.notifiable_id])
    .reverse()
}

/** Runs the queue's due jobs at the clock's time (the pass waits for any poll in progress). */
async function advance(ms: number) {
  clock.advance(ms)
  await chat.server.ctx.queue.runDue()
}

describe('personal to-dos', () => {
  it('are their creator’s alone: defaults, an idempotent create, assignees only the creator, 404 for anyone else', async () => {
    const [me, other] = await Promise.all([person(chat.server.url, 'Me'), person(chat.server.url, 'Other')])
    const body = { client_id: clientId(), title: '  Buy milk  ' }
    const res = await me.api('POST', 'todo/create', body)
    expect(res.status).toBe(200)
    const todo = res.body.result as TodoView
    expect(todo).toMatchObject({
      topic_id: null,
      topic_name: null,
      title: 'Buy milk',
      note: '',
      status: 'todo',
      due_at: null,
      done_at: null,
      creator: { _id: me.user._id, name: 'Me' },
      created_at: iso(clock.now()),
      updated_at: iso(clock.now()),
    })
    expect(todo.assignees.map((a) => a._id)).toEqual([me.user._id])

    // A retry after a lost answer: the same to-do, no second row.
    const again = await me.api('POST', 'todo/create', { ...body, title: 'Something else' })
    expect(again.status).toBe(200)
    expect(again.body.result._id).toBe(todo._id)
    expect(again.body.result.title).toBe('Buy milk')
    expect(await chat.server.ctx.db.select().from(todos).where(eq(todos.clientId, body.client_id))).toHaveLength(1)
    // Another person's same client_id is their own to-do.
    const theirs = await createTodo(other, { client_id: body.client_id })
    expect(theirs._id).not.toBe(todo._id)

    expect((await me.api('GET', `todo/info?todo_id=${todo._id}`)).body.result.title).toBe('Buy milk')
    for (const res of [
      await other.api('GET', `todo/info?todo_id=${todo._id}`),
      await update(other, todo._id, { status: 'done' }),
      await other.api('DELETE', 'todo/delete', { todo_id: todo._id }),
      await me.api('GET', `todo/info?todo_id=${crypto.randomUUID()}`),
    ])
      expect(res.status).toBe(404)

    const assigned = await me.api('POST', 'todo/create', { client_id: clientId(), title: 'Yours', assignee_ids: [other.user._id] })
    expect(assigned.status).toBe(400)
    expect(assigned.body.errors.assignee_ids).toEqual([SERVER_MESSAGES.todoPersonalAssignee.en])
    const both = await me.api('POST', 'todo/create', { client_id: clientId(), title: 'Ours', assignee_ids: [me.user._id, other.user._id] })
    expect(both.status).toBe(400)
    const self = await createTodo(me, { assignee_ids: [me.user._id], note: 'Semi-skimmed', due_at: iso(clock.now() + 3_600_000) })
    expect(self.assignees.map((a) => a._id)).toEqual([me.user._id])
    expect(self.note).toBe('Semi-skimmed')
    expect(self.due_at).toBe(iso(clock.now() + 3_600_000))
    const moved = await update(me, self._id, { assignee_ids: [other.user._id] })
    expect(moved.status).toBe(400)
    expect(moved.body.message).toBe(SERVER_MESSAGES.todoPersonalAssignee.en)
  })

  it('TODO_CHANGED goes to the creator’s sockets only', async () => {
    const [me, other] = await Promise.all([person(chat.server.url, 'Me'), person(chat.server.url, 'Other')])
    const [mine, theirs] = await Promise.all([socket(me), socket(other)])
    const quiet = silence(theirs, 'TODO_CHANGED', 800)
    const created = nextEvent<{ change: string; todo: TodoView }>(mine, 'TODO_CHANGED')
    const todo = await createTodo(me, { title: 'Private' })
    expect(await created).toEqual({ change: 'created', todo })
    const updated = nextEvent<{ change: string; todo: TodoView }>(mine, 'TODO_CHANGED')
    const res = await update(me, todo._id, { status: 'doing' })
    expect(await updated).toEqual({ change: 'updated', todo: res.body.result })
    const deleted = nextEvent<{ change: string; todo: TodoView }>(mine, 'TODO_CHANGED')
    expect((await me.api('DELETE', 'todo/delete', { todo_id: todo._id })).body.result).toEqual({ todo_id: todo._id })
    expect(await deleted).toEqual({ change: 'deleted', todo: res.body.result })
    expect(await quiet).toBe(true)
    expect((await me.api('GET', `todo/info?todo_id=${todo._id}`)).status).toBe(404)
  })
})

describe('to-dos in a chat', () => {
  it('a member creates one: assignees default to the creator; others must be members of that chat (400 todoAssigneeNotMember)', async () => {
    const { people, generalId } = await team('Owner', 'Bob', 'Cat')
    const [owner, bob, cat] = people as [Person, Person, Person]
    const stranger = await person(chat.server.url, 'Stranger')
    const own = await createTodo(bob, { topic_id: generalId })
    expect(own).toMatchObject({ topic_id: generalId, topic_name: 'General', creator: { _id: bob.user._id, name: 'Bob' } })
    expect(names(own)).toEqual(['Bob'])
    const shared = await createTodo(owner, { topic_id: generalId, assignee_ids: [cat.user._id, bob.user._id, cat.user._id] })
    expect(names(shared)).toEqual(['Bob', 'Cat'])
    expect(await chat.server.ctx.db.select().from(todoAssignees).where(eq(todoAssignees.todoId, shared._id))).toHaveLength(2)

    const outsider = await owner.api('POST', 'todo/create', {
      client_id: clientId(),
      title: 'Help',
      topic_id: generalId,
      assignee_ids: [bob.user._id, stranger.user._id],
    })
    expect(outsider.status).toBe(400)
    expect(outsider.body.errors.assignee_ids).toEqual([SERVER_MESSAGES.todoAssigneeNotMember.en])
    const madeUp = await owner.api('POST', 'todo/create', {
      client_id: clientId(),
      title: 'Help',
      topic_id: generalId,
      assignee_ids: [crypto.randomUUID()],
    })
    expect(madeUp.status).toBe(400)
    const changed = await update(owner, shared._id, { assignee_ids: [stranger.user._id] })
    expect(changed.status).toBe(400)
    expect(changed.body.message).toBe(SERVER_MESSAGES.todoAssigneeNotMember.en)
    expect(names((await owner.api('GET', `todo/info?todo_id=${shared._id}`)).body.result)).toEqual(['Bob', 'Cat'])

    // Not in the chat: 403; no such chat: 404. A stranger does not see a to-do of it (404).
    const into = await stranger.api('POST', 'todo/create', { client_id: clientId(), title: 'Mine', topic_id: generalId })
    expect(into.status).toBe(403)
    const nowhere = await owner.api('POST', 'todo/create', { client_id: clientId(), title: 'Mine', topic_id: crypto.randomUUID() })
    expect(nowhere.status).toBe(404)
    expect((await stranger.api('GET', `todo/info?todo_id=${shared._id}`)).status).toBe(404)
    expect((await cat.api('GET', `todo/info?todo_id=${own._id}`)).body.result.title).toBe('Write the report')
  })

  it('who may change what: creator and admins anything, an assignee the status only, another member 403, a stranger 404', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Admin', 'Creator', 'Assignee', 'Member')
    const [owner, admin, creator, assignee, member] = people as [Person, Person, Person, Person, Person]
    const stranger = await person(chat.server.url, 'Stranger')
    expect((await owner.api('PUT', 'channel/role', { channel_id: channelId, customer_id: admin.user._id, role: 30 })).status).toBe(200)
    const todo = await createTodo(creator, { topic_id: generalId, assignee_ids: [assignee.user._id] })

    const byCreator = await update(creator, todo._id, { title: 'Renamed', note: 'With a note' })
    expect(byCreator.status).toBe(200)
    expect(byCreator.body.result).toMatchObject({ title: 'Renamed', note: 'With a note', status: 'todo' })
    const byAdmin = await update(admin, todo._id, { due_at: iso(clock.now() + 86_400_000), assignee_ids: [member.user._id] })
    expect(byAdmin.status).toBe(200)
    expect(names(byAdmin.body.result)).toEqual(['Member'])
    expect((await update(creator, todo._id, { assignee_ids: [assignee.user._id] })).status).toBe(200)

    clock.advance(1_000)
    const doing = await update(assignee, todo._id, { status: 'doing' })
    expect(doing.status).toBe(200)
    expect(doing.body.result).toMatchObject({ status: 'doing', done_at: null, updated_at: iso(clock.now()) })
    const doneAt = clock.now()
    const done = await update(assignee, todo._id, { status: 'done' })
    expect(done.body.result).toMatchObject({ status: 'done', done_at: iso(doneAt) })
    clock.advance(1_000)
    // Done again keeps the first time; leaving done clears it.
    expect((await update(creator, todo._id, { status: 'done', title: 'Renamed again' })).body.result.done_at).toBe(iso(doneAt))
    expect((await update(assignee, todo._id, { status: 'todo' })).body.result.done_at).toBe(null)

    const notStatus = await update(assignee, todo._id, { status: 'doing', title: 'Mine now' })
    expect(notStatus.status).toBe(403)
    expect(notStatus.body.message).toBe(SERVER_MESSAGES.todoStatusOnly.en)
    expect((await update(assignee, todo._id, { note: 'x' })).status).toBe(403)
    const byMember = await update(member, todo._id, { status: 'done' })
    expect(byMember.status).toBe(403)
    expect(byMember.body.message).toBe(SERVER_MESSAGES.permissionDenied.en)
    expect((await update(stranger, todo._id, { status: 'done' })).status).toBe(404)
    expect((await owner.api('GET', `todo/info?todo_id=${todo._id}`)).body.result).toMatchObject({
      title: 'Renamed again',
      status: 'todo',
      done_at: null,
    })
    // Nothing to change: 400.
    expect((await update(creator, todo._id, {})).status).toBe(400)

    for (const who of [assignee, member]) expect((await who.api('DELETE', 'todo/delete', { todo_id: todo._id })).status).toBe(403)
    expect((await stranger.api('DELETE', 'todo/delete', { todo_id: todo._id })).status).toBe(404)
    expect((await admin.api('DELETE', 'todo/delete', { todo_id: todo._id })).status).toBe(200)
    expect((await creator.api('GET', `todo/info?todo_id=${todo._id}`)).status).toBe(404)
    expect((await creator.api('DELETE', 'todo/delete', { todo_id: todo._id })).status).toBe(404)
    const second = await createTodo(creator, { topic_id: generalId })
    expect((await creator.api('DELETE', 'todo/delete', { todo_id: second._id })).status).toBe(200)
  })

  it('TODO_CHANGED goes to every member’s sockets (created, updated, deleted), never to a stranger’s', async () => {
    const { people, generalId } = await team('Owner', 'Bob')
    const [owner, bob] = people as [Person, Person]
    const stranger = await person(chat.server.url, 'Stranger')
    const [ownerSocket, bobSocket, strangerSocket] = await Promise.all([socket(owner), socket(bob), socket(stranger)])
    const quiet = silence(strangerSocket, 'TODO_CHANGED', 1_500)
    const created = Promise.all([ownerSocket, bobSocket].map((s) => nextEvent<{ change: string; todo: TodoView }>(s, 'TODO_CHANGED')))
    const todo = await createTodo(owner, { topic_id: generalId, assignee_ids: [bob.user._id] })
    expect(await created).toEqual([
      { change: 'created', todo },
      { change: 'created', todo },
    ])
    const updated = nextEvent<{ change: string; todo: TodoView }>(ownerSocket, 'TODO_CHANGED')
    const res = await update(bob, todo._id, { status: 'done' })
    expect(await updated).toEqual({ change: 'updated', todo: res.body.result })
    // A change that changes nothing is not told.
    expect((await update(bob, todo._id, { status: 'done' })).status).toBe(200)
    expect(await silence(ownerSocket, 'TODO_CHANGED', 400)).toBe(true)
    const deleted = nextEvent<{ change: string; todo: TodoView }>(bobSocket, 'TODO_CHANGED')
    expect((await owner.api('DELETE', 'todo/delete', { todo_id: todo._id })).status).toBe(200)
    expect(await deleted).toEqual({ change: 'deleted', todo: res.body.result })
    expect(await quiet).toBe(true)
  })
})

describe('lists', () => {
  it('todo/list: the caller’s own and assigned to-dos (personal ones, chats they are still in), soonest due first, none last, 20 a page, by status', async () => {
    const { people, channelId, generalId } = await team('Lister', 'Mate')
    const [me, mate] = people as [Person, Person]
    const group = await me.api('POST', 'channel/add-topic', { channel_id: channelId, name: 'Side', customer_ids: [mate.user._id] })
    const sideId = group.body.result._id as string
    const base = clock.now()
    const at = (hours: number) => iso(base + hours * 3_600_000)
    const made = async (who: Person, title: string, over: Record<string, unknown> = {}) => {
      clock.advance(1_000)
      return createTodo(who, { title, ...over })
    }
    // Due in 5 h, 1 h, 3 h, none, none (created in this order), and a done one due in 2 h.
    await made(me, 'p5', { due_at: at(5) })
    await made(mate, 'g1', { topic_id: generalId, due_at: at(1), assignee_ids: [me.user._id, mate.user._id] })
    await made(me, 'g3', { topic_id: generalId, due_at: at(3), assignee_ids: [mate.user._id] })
    await made(me, 'n1')
    await made(mate, 'n2', { topic_id: generalId, assignee_ids: [me.user._id] })
    const done = await made(me, 'd2', { topic_id: generalId, due_at: at(2) })
    expect((await update(me, done._id, { status: 'done' })).status).toBe(200)
    // Not mine: the mate's personal one, and the mate's in General assigned to the mate only.
    await made(mate, 'mate-personal')
    await made(mate, 'mate-general', { topic_id: generalId })
    // In a chat I then leave: not listed for me any more.
    await made(me, 'side', { topic_id: sideId, assignee_ids: [me.user._id] })

    const list = async (who: Person, query = '') => {
      const res = await who.api('GET', `todo/list?page=1${query}`)
      expect(res.status).toBe(200)
      return (res.body.result as TodoView[]).map((t) => t.title)
    }
    expect(await list(me)).toEqual(['g1', 'd2', 'g3', 'p5', 'n1', 'n2', 'side'])
    expect(await list(me, '&status=done')).toEqual(['d2'])
    expect(await list(me, '&status=todo')).toEqual(['g1', 'g3', 'p5', 'n1', 'n2', 'side'])
    expect(await list(mate)).toEqual(['g1', 'g3', 'n2', 'mate-personal', 'mate-general'])
    const mine = (await me.api('GET', 'todo/list?page=1')).body.result as TodoView[]
    expect(mine.map((t) => t.topic_name)).toEqual(['General', 'General', 'General', null, null, 'General', 'Side'])

    expect((await me.api('DELETE', 'topic/member', { topic_id: sideId, customer_id: me.user._id })).status).toBe(200)
    expect(await list(me)).toEqual(['g1', 'd2', 'g3', 'p5', 'n1', 'n2'])

    // 20 a page: 15 more without a due time, the newest last.
    for (let i = 1; i <= 15; i++) await made(me, `more${String(i).padStart(2, '0')}`)
    const first = await list(me)
    expect(first).toHaveLength(20)
    expect(first.slice(0, 7)).toEqual(['g1', 'd2', 'g3', 'p5', 'n1', 'n2', 'more01'])
    const second = await me.api('GET', 'todo/list?page=2')
    expect((second.body.result as TodoView[]).map((t) => t.title)).toEqual(['more15'])
    expect((await me.api('GET', 'todo/list?page=3')).body.result).toEqual([])
  })

  it('todo/topic: one chat’s to-dos for its members, the same order, pages and status filter; 403 for a stranger, 404 for no chat', async () => {
    const { people, generalId } = await team('Owner', 'Bob')
    const [owner, bob] = people as [Person, Person]
    const stranger = await person(chat.server.url, 'Stranger')
    const base = clock.now()
    const titles = ['t-none-1', 't-due-2h', 't-due-1h', 't-none-2']
    const dues = [null, iso(base + 7_200_000), iso(base + 3_600_000), null]
    const created: TodoView[] = []
    for (const [i, title] of titles.entries()) {
      clock.advance(1_000)
      created.push(await createTodo(i % 2 ? bob : owner, { topic_id: generalId, title, due_at: dues[i] }))
    }
    await createTodo(owner, { title: 'personal' })
    expect((await update(bob, created[1]!._id, { status: 'doing' })).status).toBe(200)
    const topic = async (who: Person, query = '') => {
      const res = await who.api('GET', `todo/topic?topic_id=${generalId}${query}`)
      expect(res.status).toBe(200)
      return (res.body.result as TodoView[]).map((t) => t.title)
    }
    expect(await topic(bob)).toEqual(['t-due-1h', 't-due-2h', 't-none-1', 't-none-2'])
    expect(await topic(owner, '&status=doing')).toEqual(['t-due-2h'])
    expect(await topic(owner, '&status=done')).toEqual([])
    for (let i = 1; i <= 17; i++) await createTodo(owner, { topic_id: generalId, title: `x${i}`, due_at: iso(base + 60_000) })
    const page1 = await topic(owner, '&page=1')
    expect(page1).toHaveLength(20)
    expect(page1[17]).toBe('t-due-1h')
    expect(await topic(owner, '&page=2')).toEqual(['t-none-2'])
    expect((await stranger.api('GET', `todo/topic?topic_id=${generalId}`)).status).toBe(403)
    expect((await owner.api('GET', `todo/topic?topic_id=${crypto.randomUUID()}`)).status).toBe(404)
  })
})

describe('list statements', () => {
  it('a page of 20 to-dos with several assignees each costs the statements of a page of one (no query per to-do)', async () => {
    const { people, generalId } = await team('Owner', 'Ann', 'Ben')
    const [owner, ann, ben] = people as [Person, Person, Person]
    const assignee_ids = [owner.user._id, ann.user._id, ben.user._id]
    await createTodo(owner, { topic_id: generalId, assignee_ids })
    const list = () => owner.api('GET', 'todo/list?page=1')
    const topic = () => owner.api('GET', `todo/topic?topic_id=${generalId}`)
    const [listOne, topicOne] = [(await statements.statementsOf(list)).length, (await statements.statementsOf(topic)).length]
    for (let i = 0; i < 19; i++) await createTodo(owner, { topic_id: generalId, assignee_ids })
    expect(((await list()).body.result as TodoView[]).map((t) => t.assignees.length)).toEqual(Array(20).fill(3))
    expect((await statements.statementsOf(list)).length).toBe(listOne)
    expect((await statements.statementsOf(topic)).length).toBe(topicOne)
    // The page and its assignees: two statements on the to-do tables.
    expect((await statements.statementsOf(list)).filter((q) => q.includes('"todo')).length).toBe(2)
  })
})

describe('notifications', () => {
  it('assignment: each newly assigned person but the actor, on create and when assignees change', async () => {
    const { people, generalId } = await team('Owner', 'Ann', 'Ben', 'Cy')
    const [owner, ann, ben, cy] = people as [Person, Person, Person, Person]
    const todo = await createTodo(owner, { topic_id: generalId, assignee_ids: [owner.user._id, ann.user._id] })
    expect(await todoNotifications(ann)).toEqual([['todo', todo._id]])
    expect(await todoNotifications(owner)).toEqual([])
    // Ben joins, Ann stays: only Ben is told he is assigned; Ann is not re-told, and an assignee change alone is no todo_changed.
    expect((await update(owner, todo._id, { assignee_ids: [ann.user._id, ben.user._id] })).status).toBe(200)
    expect(await todoNotifications(ben)).toEqual([['todo', todo._id]])
    expect(await todoNotifications(ann)).toEqual([['todo', todo._id]])
    // Cy, a member who is neither its creator nor an admin, may not assign himself (403): nothing sent.
    expect((await update(cy, todo._id, { assignee_ids: [cy.user._id] })).status).toBe(403)
    expect(await todoNotifications(cy)).toEqual([])
    // An own personal to-do tells nobody.
    await createTodo(owner)
    expect(await todoNotifications(owner)).toEqual([])
  })

  it('the attention rules apply: someone who muted the chat is not told', async () => {
    const { people, generalId } = await team('Owner', 'Ann', 'Ben')
    const [owner, ann, ben] = people as [Person, Person, Person]
    expect((await ben.api('PUT', 'attention/topic', { topic_id: generalId, mute: 'forever' })).status).toBe(200)
    const todo = await createTodo(owner, { topic_id: generalId, assignee_ids: [ann.user._id, ben.user._id] })
    expect(await todoNotifications(ann)).toEqual([['todo', todo._id]])
    expect(await todoNotifications(ben)).toEqual([])
  })

  it('a change of title, note, due time or status by someone else: one todo_changed per call to the assignees and the creator, none to the actor', async () => {
    const { people, generalId } = await team('Owner', 'Ann', 'Ben', 'Cy')
    const [owner, ann, ben, cy] = people as [Person, Person, Person, Person]
    const todo = await createTodo(owner, { topic_id: generalId, assignee_ids: [ann.user._id, ben.user._id] })
    expect((await update(owner, todo._id, { title: 'New title', note: 'New note', due_at: iso(clock.now() + 9_000_000) })).status).toBe(200)
    expect(await todoNotifications(ann)).toEqual([
      ['todo', todo._id],
      ['todo_changed', todo._id],
    ])
    expect(await todoNotifications(ben)).toEqual([
      ['todo', todo._id],
      ['todo_changed', todo._id],
    ])
    expect(await todoNotifications(owner)).toEqual([])
    // Ann moves the status: the creator and Ben are told, Ann is not.
    expect((await update(ann, todo._id, { status: 'doing' })).status).toBe(200)
    expect(await todoNotifications(owner)).toEqual([['todo_changed', todo._id]])
    expect((await todoNotifications(ben)).map(([kind]) => kind)).toEqual(['todo', 'todo_changed', 'todo_changed'])
    expect((await todoNotifications(ann)).map(([kind]) => kind)).toEqual(['todo', 'todo_changed'])
    // The same status again changes nothing: nobody is told.
    expect((await update(ann, todo._id, { status: 'doing' })).status).toBe(200)
    expect(await todoNotifications(owner)).toEqual([['todo_changed', todo._id]])
    // Cy, who is neither, hears nothing; the words name the actor and the title.
    expect(await todoNotifications(cy)).toEqual([])
    const [latest] = (await owner.api('GET', 'notify?page=1')).body.result as { notify_message: string; customer: { name: string } }[]
    expect(latest).toMatchObject({ notify_message: 'Ann changed the task New title', customer: { name: 'Ann' } })
    const assigned = ((await ben.api('GET', 'notify?page=1')).body.result as { notify_message: string }[]).at(-1)
    expect(assigned!.notify_message).toBe('New task: Write the report')
  })

  it('the due notification: once at due_at to every assignee (not before), moved with due_at, none once done or deleted', async () => {
    const { people, generalId } = await team('Owner', 'Ann', 'Ben')
    const [owner, ann, ben] = people as [Person, Person, Person]
    const dueAt = clock.now() + 60_000
    const todo = await createTodo(owner, { topic_id: generalId, assignee_ids: [ann.user._id, ben.user._id], due_at: iso(dueAt) })
    const done = await createTodo(owner, { topic_id: generalId, title: 'Done first', assignee_ids: [ann.user._id], due_at: iso(dueAt) })
    const gone = await createTodo(owner, { topic_id: generalId, title: 'Deleted', assignee_ids: [ann.user._id], due_at: iso(dueAt) })
    const moved = await createTodo(owner, { topic_id: generalId, title: 'Moved', assignee_ids: [ben.user._id], due_at: iso(dueAt) })
    const cleared = await createTodo(owner, { topic_id: generalId, title: 'Cleared', assignee_ids: [ben.user._id], due_at: iso(dueAt) })
    expect((await update(ann, done._id, { status: 'done' })).status).toBe(200)
    expect((await owner.api('DELETE', 'todo/delete', { todo_id: gone._id })).status).toBe(200)
    expect((await update(owner, moved._id, { due_at: iso(dueAt + 120_000) })).status).toBe(200)
    expect((await update(owner, cleared._id, { due_at: null })).status).toBe(200)
    const dueOf = async (who: Person) => (await todoNotifications(who)).filter(([kind]) => kind === 'todo_due')

    await advance(59_999)
    expect(await dueOf(ann)).toEqual([])
    expect(await dueOf(ben)).toEqual([])
    await advance(1)
    expect(await dueOf(ann)).toEqual([['todo_due', todo._id]])
    expect(await dueOf(ben)).toEqual([['todo_due', todo._id]])
    expect(await dueOf(owner)).toEqual([])
    const [due] = (await ann.api('GET', 'notify?page=1')).body.result as { notify_message: string; time: string }[]
    expect(due!.time).toBe(iso(dueAt))
    expect(due!.notify_message).toMatch(/^Task due: Write the report at \d\d:\d\d \d\d\/\d\d$/)

    // Once: later passes send nothing more; the moved one at its new time.
    await advance(60_000)
    expect(await dueOf(ann)).toEqual([['todo_due', todo._id]])
    expect(await dueOf(ben)).toEqual([['todo_due', todo._id]])
    await advance(60_000)
    expect(await dueOf(ben)).toEqual([
      ['todo_due', todo._id],
      ['todo_due', moved._id],
    ])
    await advance(600_000)
    expect(await dueOf(ann)).toEqual([['todo_due', todo._id]])
    expect(await dueOf(ben)).toEqual([
      ['todo_due', todo._id],
      ['todo_due', moved._id],
    ])
  })

  it('set done then back to todo with a future due time: due again; a due time in the past schedules nothing', async () => {
    const { people, generalId } = await team('Owner', 'Ann')
    const [owner, ann] = people as [Person, Person]
    const dueAt = clock.now() + 30_000
    const todo = await createTodo(owner, { topic_id: generalId, assignee_ids: [ann.user._id], due_at: iso(dueAt) })
    const late = await createTodo(owner, {
      topic_id: generalId,
      title: 'Overdue',
      assignee_ids: [ann.user._id],
      due_at: iso(clock.now() - 1),
    })
    expect(late.due_at).toBe(iso(clock.now() - 1))
    expect((await update(ann, todo._id, { status: 'done' })).status).toBe(200)
    expect((await update(ann, todo._id, { status: 'todo' })).status).toBe(200)
    await advance(30_000)
    expect((await todoNotifications(ann)).filter(([kind]) => kind === 'todo_due')).toEqual([['todo_due', todo._id]])
  })
})
