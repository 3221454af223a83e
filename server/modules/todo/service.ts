import { and, asc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  isTopicAdmin,
  type NotifyEvent,
  PAGE_SIZE,
  SOCKET_EVENTS,
  type Todo,
  type TodoChange,
  type TodoListQuery,
  type TodoStatus,
  type TodoTopicQuery,
  type TodoUpdateBody,
  todoCreateBody,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Executor, Tx } from '../../db/client'
import { type TodoRow, todoAssignees, todos, topicMembers, topics, users } from '../../db/schema'
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors'
import type { JobQueue, RunningJob } from '../../jobs/job-queue'
import type { AttentionService } from '../attention'
import { requireTopicMember } from '../topic'
import { type PersonColumns, type TodoRows, toTodo } from './view'

type CreateInput = ReturnType<typeof todoCreateBody.parse>

/** The durable job that tells a to-do's assignees it is due (server/jobs/job-queue.ts). */
export const TODO_DUE_JOB = 'todo_due'
export const todoDueKey = (todoId: string) => `todo-due:${todoId}`

const person = { id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl }

/** The fields whose change by someone else is told to the assignees and the creator (todo_changed). */
const TOLD_FIELDS = ['title', 'note', 'due_at', 'status'] as const

/** Soonest due first, those without a due time last, then the oldest first (id: a stable order among equals). */
const LIST_ORDER = [sql`${todos.dueAt} asc nulls last`, asc(todos.createdAt), asc(todos.id)]

/**
 * To-dos (todo/*): the only writer of `todos` and `todo_assignees`. A personal to-do (no topic) is
 * its creator's alone: nobody else reaches it (404), and its only assignee is its creator. A to-do
 * in a chat is there for the chat's members only (anyone else: 404, as for a poll); its assignees
 * are members of that chat.
 *
 * Its creator and the chat's admins change anything and delete it; an assignee changes its status
 * only (403 todoStatusOnly for any other field); anyone else in the chat is refused (403). Every
 * write runs in one transaction (a change locks the to-do's row first, so two changes of one to-do
 * go one after another), with its due job (`todo_due`, key `todo-due:<id>`) scheduled, moved or
 * cancelled in that same transaction. After it commits, TODO_CHANGED goes to the chat's room on
 * every node (a personal to-do's: to its creator's sockets), and the notifications go out through
 * the attention rules (do not disturb: in the app only; a muted chat: none). Time is the server's
 * clock (`config.now`), which tests move.
 */
export function createTodoService(ctx: AppContext, deps: { attention: AttentionService; log: Pick<FastifyBaseLogger, 'error'> }) {
  const { db, realtime, config } = ctx
  const queue: JobQueue = ctx.queue
  const now = () => new Date(config.now())

  /** The to-dos' heads (the to-do, its chat's name, its creator) matching `where`: one query. */
  function heads(on: Executor, where: SQL | undefined) {
    return on
      .select({ todo: todos, topicName: topics.name, creator: person })
      .from(todos)
      .innerJoin(users, eq(users.id, todos.creatorId))
      .leftJoin(topics, eq(topics.id, todos.topicId))
      .where(where)
      .$dynamic()
  }

  /** The heads with their assignees (by name), in the heads' order: one query for them all. */
  async function withAssignees(
    on: Executor,
    found: { todo: TodoRow; topicName: string | null; creator: PersonColumns }[],
  ): Promise<TodoRows[]> {
    if (!found.length) return []
    const assigned = await on
      .select({ todoId: todoAssignees.todoId, person })
      .from(todoAssignees)
      .innerJoin(users, eq(users.id, todoAssignees.userId))
      .where(
        inArray(
          todoAssignees.todoId,
          found.map((h) => h.todo.id),
        ),
      )
      .orderBy(asc(users.name), asc(users.id))
    return found.map((head) => ({ ...head, assignees: assigned.filter((a) => a.todoId === head.todo.id).map((a) => a.person) }))
  }

  /** The to-do's rows (null: no such to-do). */
  async function loadOne(on: Executor, id: string): Promise<TodoRows | null> {
    return (await withAssignees(on, await heads(on, eq(todos.id, id)).limit(1)))[0] ?? null
  }

  /**
   * The to-do and the caller's role in its chat (0 for a personal one): 404 for an unknown to-do,
   * another person's personal one, and one of a chat the caller is not in.
   */
  async function accessTo(userId: string, todoId: string): Promise<{ rows: TodoRows; role: number }> {
    const rows = await loadOne(db, todoId)
    if (!rows) throw notFound()
    const { topicId, creatorId } = rows.todo
    if (topicId === null) {
      if (creatorId !== userId) throw notFound()
      return { rows, role: 0 }
    }
    try {
      return { rows, role: (await requireTopicMember(db, topicId, userId)).role }
    } catch (err) {
      // A to-do of a chat the caller is not in is not there for them.
      if (err instanceof HttpError && err.statusCode === 403) throw notFound()
      throw err
    }
  }

  /** Those of `userIds` who are members of the topic. */
  async function membersAmong(on: Executor, topicId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set()
    const rows = await on
      .select({ userId: topicMembers.userId })
      .from(topicMembers)
      .where(and(eq(topicMembers.topicId, topicId), inArray(topicMembers.userId, [...userIds])))
    return new Set(rows.map((r) => r.userId))
  }

  /**
   * The assignees a write asks for, checked: none given means the creator; a personal to-do takes
   * its creator only (400 todoPersonalAssignee), a chat's to-do members of that chat only (400
   * todoAssigneeNotMember).
   */
  async function assigneesFor(topicId: string | null, creatorId: string, given: readonly string[]): Promise<string[]> {
    const ids = given.length ? [...new Set(given)] : [creatorId]
    if (topicId === null) {
      if (ids.some((id) => id !== creatorId)) throw badRequest('todoPersonalAssignee', 'assignee_ids')
      return ids
    }
    const members = await membersAmong(db, topicId, ids)
    if (ids.some((id) => !members.has(id))) throw badRequest('todoAssigneeNotMember', 'assignee_ids')
    return ids
  }

  /** Schedules (or moves) the to-do's due job when it is due in the future and not done; cancels it otherwise. */
  async function planDue(tx: Tx, todo: Pick<TodoRow, 'id' | 'dueAt' | 'status'>) {
    const key = todoDueKey(todo.id)
    if (todo.dueAt && todo.dueAt.getTime() > config.now() && todo.status !== 'done')
      await queue.schedule(tx, {
        kind: TODO_DUE_JOB,
        key,
        runAt: todo.dueAt,
        payload: { todoId: todo.id, dueAt: todo.dueAt.toISOString() },
      })
    else await queue.cancel(tx, key)
  }

  /** TODO_CHANGED, on every node: to the chat's room, or to a personal to-do's creator. */
  function announce(change: TodoChange, todo: Todo, creatorId: string) {
    if (todo.topic_id === null) realtime.toUser(creatorId, SOCKET_EVENTS.TODO_CHANGED, { change, todo })
    else realtime.toTopic(todo.topic_id, SOCKET_EVENTS.TODO_CHANGED, { change, todo })
  }

  /**
   * Tells each of `userIds` (those who may still see the to-do: a chat's members) through the
   * attention rules. A failure is logged: the write it follows has committed.
   */
  async function tell(rows: TodoRows, userIds: Iterable<string>, event: NotifyEvent) {
    const wanted = [...new Set(userIds)]
    const { topicId } = rows.todo
    const reach = topicId === null ? new Set([rows.todo.creatorId]) : await membersAmong(db, topicId, wanted)
    for (const userId of wanted) {
      if (!reach.has(userId)) continue
      try {
        await deps.attention.notifyIfAllowed(userId, { kind: 'other', topicId }, event)
      } catch (err) {
        deps.log.error({ err, todoId: rows.todo.id, kind: event.kind }, 'to-do notification failed')
      }
    }
  }

  /** The to-do a repeated client_id made (null: none). */
  async function repeated(userId: string, clientId: string): Promise<Todo | null> {
    const [row] = await db
      .select({ id: todos.id })
      .from(todos)
      .where(and(eq(todos.creatorId, userId), eq(todos.clientId, clientId)))
      .limit(1)
    return row ? service.info(userId, row.id) : null
  }

  /** A page of the to-dos matching `where`, in the lists' order: two queries (the page, then its assignees). */
  async function page(where: SQL | undefined, pageNumber: number): Promise<Todo[]> {
    const found = await heads(db, where)
      .orderBy(...LIST_ORDER)
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE)
    return (await withAssignees(db, found)).map(toTodo)
  }

  /** The due notification: the to-do read again (deleted, done or moved meanwhile: nothing), to every assignee. */
  async function due(job: RunningJob) {
    const todoId = typeof job.payload.todoId === 'string' ? job.payload.todoId : null
    if (!todoId) return
    const rows = await loadOne(db, todoId)
    if (!rows || rows.todo.status === 'done' || !rows.todo.dueAt) return
    // Moved since this job was scheduled: the job of its new time tells it.
    if (rows.todo.dueAt.toISOString() !== job.payload.dueAt) return
    await tell(
      rows,
      rows.assignees.map((a) => a.id),
      { kind: 'todo_due', todoId, title: rows.todo.title, deadline: rows.todo.dueAt },
    )
  }
  queue.handle(TODO_DUE_JOB, due)

  const service = {
    /**
     * A personal to-do (no topic_id) or one in a chat the caller is a member of (404 unknown chat,
     * 403 not a member). The same client_id again answers the to-do it made.
     */
    async create(userId: string, input: CreateInput): Promise<Todo> {
      const repeat = await repeated(userId, input.client_id)
      if (repeat) return repeat
      if (input.topic_id !== null) await requireTopicMember(db, input.topic_id, userId)
      const assigneeIds = await assigneesFor(input.topic_id, userId, input.assignee_ids)
      const at = now()
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(todos)
          .values({
            topicId: input.topic_id,
            creatorId: userId,
            clientId: input.client_id,
            title: input.title,
            note: input.note,
            dueAt: input.due_at === null ? null : new Date(input.due_at),
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing({ target: [todos.creatorId, todos.clientId] })
          .returning()
        // The same client_id at the same time (a retry racing the first): the first one's.
        if (!row) return null
        await tx.insert(todoAssignees).values(assigneeIds.map((id) => ({ todoId: row.id, userId: id })))
        await planDue(tx, row)
        return row
      })
      if (!created) {
        const again = await repeated(userId, input.client_id)
        if (again) return again
        throw notFound()
      }
      const rows = (await loadOne(db, created.id))!
      const todo = toTodo(rows)
      announce('created', todo, userId)
      await tell(
        rows,
        assigneeIds.filter((id) => id !== userId),
        { kind: 'todo', actorId: userId, todoId: created.id, title: created.title, deadline: created.dueAt },
      )
      return todo
    },

    /**
     * Changes the fields given. Its creator and the chat's admins change anything; an assignee the
     * status only (403 todoStatusOnly); anyone else in the chat: 403. done_at is set when it becomes
     * done and cleared when it leaves done.
     */
    async update(userId: string, body: TodoUpdateBody): Promise<Todo> {
      const { rows, role } = await accessTo(userId, body.todo_id)
      const fields = Object.keys(body).filter((k) => k !== 'todo_id' && body[k as keyof TodoUpdateBody] !== undefined)
      const full = rows.todo.creatorId === userId || (rows.todo.topicId !== null && isTopicAdmin(role))
      if (!full) {
        // (Who is assigned is checked again under the row's lock.)
        if (!rows.assignees.some((a) => a.id === userId)) throw forbidden()
        if (fields.some((f) => f !== 'status')) throw new HttpError(403, 'todoStatusOnly')
      }
      const wantedAssignees =
        body.assignee_ids === undefined ? null : await assigneesFor(rows.todo.topicId, rows.todo.creatorId, body.assignee_ids)

      const outcome = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(todos).where(eq(todos.id, body.todo_id)).for('update')
        if (!before) throw notFound()
        const current = (
          await tx.select({ userId: todoAssignees.userId }).from(todoAssignees).where(eq(todoAssignees.todoId, before.id))
        ).map((r) => r.userId)
        if (!full && !current.includes(userId)) throw forbidden()

        const status: TodoStatus = body.status ?? (before.status as TodoStatus)
        const dueAt = body.due_at === undefined ? before.dueAt : body.due_at === null ? null : new Date(body.due_at)
        const next = {
          title: body.title ?? before.title,
          note: body.note ?? before.note,
          status,
          dueAt,
          doneAt: status !== 'done' ? null : before.status === 'done' ? before.doneAt : now(),
        }
        const told = TOLD_FIELDS.filter((f) =>
          f === 'due_at' ? (next.dueAt?.getTime() ?? null) !== (before.dueAt?.getTime() ?? null) : next[f] !== before[f],
        )
        const added = wantedAssignees ? wantedAssignees.filter((id) => !current.includes(id)) : []
        const removed = wantedAssignees ? current.filter((id) => !wantedAssignees.includes(id)) : []
        if (!told.length && !added.length && !removed.length) return { changed: false as const, before }

        await tx
          .update(todos)
          .set({ ...next, updatedAt: now() })
          .where(eq(todos.id, before.id))
        if (removed.length)
          await tx.delete(todoAssignees).where(and(eq(todoAssignees.todoId, before.id), inArray(todoAssignees.userId, removed)))
        if (added.length)
          await tx
            .insert(todoAssignees)
            .values(added.map((id) => ({ todoId: before.id, userId: id })))
            .onConflictDoNothing()
        if (told.includes('due_at') || told.includes('status')) await planDue(tx, { id: before.id, dueAt: next.dueAt, status })
        return { changed: true as const, before, told, added, after: wantedAssignees ?? current }
      })

      const after = await loadOne(db, body.todo_id)
      if (!after) throw notFound()
      const todo = toTodo(after)
      if (!outcome.changed) return todo
      announce('updated', todo, after.todo.creatorId)
      const deadline = after.todo.dueAt
      const { todoId, title } = { todoId: after.todo.id, title: after.todo.title }
      await tell(
        after,
        outcome.added.filter((id) => id !== userId),
        { kind: 'todo', actorId: userId, todoId, title, deadline },
      )
      if (outcome.told.length) {
        // The assignees (those just assigned have their own notification) and the creator, never the actor.
        const recipients = [...outcome.after.filter((id) => !outcome.added.includes(id)), after.todo.creatorId].filter(
          (id) => id !== userId,
        )
        await tell(after, recipients, { kind: 'todo_changed', actorId: userId, todoId, title, deadline })
      }
      return todo
    },

    /** Its creator or a chat admin deletes it (anyone else in the chat: 403); TODO_CHANGED carries it as it was. */
    async remove(userId: string, todoId: string): Promise<{ todo_id: string }> {
      const { rows, role } = await accessTo(userId, todoId)
      if (rows.todo.creatorId !== userId && !(rows.todo.topicId !== null && isTopicAdmin(role))) throw forbidden()
      const deleted = await db.transaction(async (tx) => {
        const gone = await tx.delete(todos).where(eq(todos.id, todoId)).returning({ id: todos.id })
        if (gone.length) await queue.cancel(tx, todoDueKey(todoId))
        return gone.length > 0
      })
      if (deleted) announce('deleted', toTodo(rows), rows.todo.creatorId)
      return { todo_id: todoId }
    },

    /** The to-do, for one who may see it. */
    async info(userId: string, todoId: string): Promise<Todo> {
      return toTodo((await accessTo(userId, todoId)).rows)
    },

    /**
     * The caller's to-dos: their personal ones, and those they created or are assigned in chats they
     * are still in; soonest due first (none last), then the oldest; 20 a page.
     */
    async list(userId: string, query: TodoListQuery): Promise<Todo[]> {
      const assigned = exists(
        db
          .select({ one: sql`1` })
          .from(todoAssignees)
          .where(and(eq(todoAssignees.todoId, todos.id), eq(todoAssignees.userId, userId))),
      )
      const inTopic = exists(
        db
          .select({ one: sql`1` })
          .from(topicMembers)
          .where(and(eq(topicMembers.topicId, todos.topicId), eq(topicMembers.userId, userId))),
      )
      const mine = or(and(isNull(todos.topicId), eq(todos.creatorId, userId)), and(inTopic, or(eq(todos.creatorId, userId), assigned)))
      return page(query.status ? and(mine, eq(todos.status, query.status)) : mine, query.page)
    },

    /** One chat's to-dos, for its members (404 unknown chat, 403 not a member); the same order and pages. */
    async ofTopic(userId: string, query: TodoTopicQuery): Promise<Todo[]> {
      await requireTopicMember(db, query.topic_id, userId)
      const inTopic = eq(todos.topicId, query.topic_id)
      return page(query.status ? and(inTopic, eq(todos.status, query.status)) : inTopic, query.page)
    },
  }
  return service
}

export type TodoService = ReturnType<typeof createTodoService>
