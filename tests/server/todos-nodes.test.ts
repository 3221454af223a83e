import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queuedJobs } from '../../server/db/schema'
import { channelWith, clientId, clockedNodes, type Person, person, socketOf } from './chat-fixtures'
import { call, DATABASE_URL, nextEvent, REDIS_URL, silence, type TestServer } from './harness'

interface TodoView {
  _id: string
  topic_id: string | null
  title: string
  status: 'todo' | 'doing' | 'done'
  due_at: string | null
  creator: { _id: string }
  assignees: { _id: string }[]
}
interface NotificationView {
  notifiable_type: string
  notifiable_id: string | null
  notify_message_json: { key: string } | null
}

/**
 * To-dos on two nodes sharing one PostgreSQL, one Redis and one (fake) clock: a to-do created in a
 * chat through node 1 reaches a member's socket on node 2 (TODO_CHANGED); the member's status
 * change through node 2 reaches the creator's socket on node 1; with both nodes running their due
 * jobs at once past its due time, the assignee is told it is due exactly once (one `todo_due`
 * notification stored, one on their socket), its one job done after a single claim.
 */
describe.runIf(DATABASE_URL && REDIS_URL)('to-dos on two nodes (PostgreSQL + Redis)', () => {
  const nodes = clockedNodes(Date.parse('2031-07-01T08:00:00Z'))
  const { clock, bothRunDue } = nodes
  const on = async (node: TestServer, who: Person) => nodes.keep(await socketOf(node.url, who))
  /** The caller's stored notifications about the to-do, oldest first: their kinds. */
  const kindsFor = async (who: Person, todoId: string) => {
    const res = await who.api('GET', 'notify?page=1')
    expect(res.status).toBe(200)
    return (res.body.result as NotificationView[])
      .filter((n) => n.notifiable_type === 'todo' && n.notifiable_id === todoId)
      .map((n) => n.notify_message_json?.key)
      .reverse()
  }

  it('created through node 1, heard on node 2; moved through node 2, heard on node 1; due once with both nodes running due jobs', async () => {
    const [owner, member] = await Promise.all([person(nodes.one.url, 'Owner'), person(nodes.one.url, 'Member')])
    const { generalId } = await channelWith(owner, [member])
    const [memberOnTwo, ownerOnOne] = await Promise.all([on(nodes.two, member), on(nodes.one, owner)])
    const dueAt = clock.now() + 60_000

    const created = nextEvent<{ change: string; todo: TodoView }>(memberOnTwo, 'TODO_CHANGED')
    const made = await owner.api('POST', 'todo/create', {
      client_id: clientId(),
      topic_id: generalId,
      title: 'Book the room',
      assignee_ids: [member.user._id],
      due_at: new Date(dueAt).toISOString(),
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const todoId = (made.body.result as TodoView)._id
    expect(await created).toMatchObject({
      change: 'created',
      todo: {
        _id: todoId,
        topic_id: generalId,
        title: 'Book the room',
        status: 'todo',
        due_at: '2031-07-01T08:01:00.000Z',
        creator: { _id: owner.user._id },
        assignees: [{ _id: member.user._id }],
      },
    })

    // The assignee moves it through node 2 (the access token is good on both): the creator hears it on node 1.
    const moved = nextEvent<{ change: string; todo: TodoView }>(ownerOnOne, 'TODO_CHANGED')
    const doing = await call(nodes.two.url, 'PUT', '/api/todo/update', {
      token: member.access_token,
      body: { todo_id: todoId, status: 'doing' },
    })
    expect(doing.status, JSON.stringify(doing.body)).toBe(200)
    expect(await moved).toMatchObject({ change: 'updated', todo: { _id: todoId, status: 'doing' } })

    // Its due time: both nodes run their due jobs at once (twice), a millisecond early and then on time.
    const told: NotificationView[] = []
    memberOnTwo.on('data', (item: NotificationView) => {
      if (item.notifiable_id === todoId && item.notify_message_json?.key === 'todo_due') told.push(item)
    })
    clock.advance(dueAt - 1 - clock.now())
    await bothRunDue()
    expect(await kindsFor(member, todoId)).not.toContain('todo_due')
    clock.advance(1)
    await bothRunDue()
    await bothRunDue()
    expect((await kindsFor(member, todoId)).filter((kind) => kind === 'todo_due')).toEqual(['todo_due'])
    expect(await kindsFor(owner, todoId)).not.toContain('todo_due')
    expect(await silence(memberOnTwo, 'data', 500)).toBe(true)
    expect(told).toHaveLength(1)

    // Its one job ran once, on one node, and is done; later passes tell nobody again.
    const jobs = await nodes.one.ctx.db
      .select({ state: queuedJobs.state, attempts: queuedJobs.attempts })
      .from(queuedJobs)
      .where(eq(queuedJobs.key, `todo-due:${todoId}`))
    expect(jobs).toEqual([{ state: 'done', attempts: 1 }])
    clock.advance(10 * 60_000)
    await bothRunDue()
    expect((await kindsFor(member, todoId)).filter((kind) => kind === 'todo_due')).toEqual(['todo_due'])
    expect(told).toHaveLength(1)
  })
})
