import { z } from 'zod'
import { objectId, pageNumber } from './common'
import { sender } from './message'

/**
 * To-dos (todo/*): personal (no topic: only its creator sees it and is its only assignee) or in a
 * chat (its topic's members see it; assignees are members of that topic). A to-do has a title, an
 * optional note, assignees, an optional due time and a status. Its creator and the topic's admins
 * edit and delete it; its assignees (and those) move its status. Assignees are notified (kind
 * `todo`) when assigned, when someone else changes it, and at its due time while it is not done.
 */
export const TODO_TITLE_MAX = 200
export const TODO_NOTE_MAX = 2000
export const TODO_ASSIGNEES_MAX = 20

export const TODO_STATUSES = ['todo', 'doing', 'done'] as const
export const todoStatus = z.enum(TODO_STATUSES)
export type TodoStatus = z.infer<typeof todoStatus>

const title = z.string().trim().min(1).max(TODO_TITLE_MAX)
const note = z.string().trim().max(TODO_NOTE_MAX)
const dueAt = z.iso.datetime({ offset: true }).nullable()
const assigneeIds = z.array(objectId).max(TODO_ASSIGNEES_MAX)

/** POST todo/create: idempotent on (creator, client_id). No assignee given: the creator. */
export const todoCreateBody = z.strictObject({
  client_id: z.string().trim().min(1).max(64),
  title,
  note: note.default(''),
  /** A chat the caller is in; absent or null: a personal to-do. */
  topic_id: objectId.nullable().default(null),
  assignee_ids: assigneeIds.default([]),
  due_at: dueAt.default(null),
})
export type TodoCreateBody = z.input<typeof todoCreateBody>

/** PUT todo/update: the fields given change (at least one); status alone is what an assignee may change. */
export const todoUpdateBody = z
  .strictObject({
    todo_id: objectId,
    title: title.optional(),
    note: note.optional(),
    assignee_ids: assigneeIds.optional(),
    due_at: dueAt.optional(),
    status: todoStatus.optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'todo_id'), { message: 'Change at least one field', path: ['todo_id'] })
export type TodoUpdateBody = z.infer<typeof todoUpdateBody>

/** DELETE todo/delete. */
export const todoIdBody = z.strictObject({ todo_id: objectId })
export type TodoIdBody = z.infer<typeof todoIdBody>

/** GET todo/info. */
export const todoIdQuery = z.object({ todo_id: objectId })

/** GET todo/list: the caller's to-dos (created by them or assigned to them, personal and in chats), 20 a page, due first. */
export const todoListQuery = z.object({
  status: todoStatus.optional(),
  page: pageNumber,
})
export type TodoListQuery = z.infer<typeof todoListQuery>

/** GET todo/topic: one chat's to-dos (for its members), 20 a page, due first. */
export const todoTopicQuery = z.object({
  topic_id: objectId,
  status: todoStatus.optional(),
  page: pageNumber,
})
export type TodoTopicQuery = z.infer<typeof todoTopicQuery>

export const todo = z.object({
  _id: z.string(),
  /** null: personal. */
  topic_id: z.string().nullable(),
  /** The chat's name, for the list of all of the caller's to-dos (null: personal). */
  topic_name: z.string().nullable(),
  title: z.string(),
  note: z.string(),
  status: todoStatus,
  due_at: z.string().nullable(),
  creator: sender,
  assignees: z.array(sender),
  created_at: z.string(),
  updated_at: z.string(),
  /** When it was last set done (null while not done). */
  done_at: z.string().nullable(),
})
export type Todo = z.infer<typeof todo>

export const TODO_CHANGES = ['created', 'updated', 'deleted'] as const
export type TodoChange = (typeof TODO_CHANGES)[number]

/**
 * Socket TODO_CHANGED, on every node: for a to-do in a chat to everyone in it, for a personal one to
 * its creator's sockets. `deleted` carries the to-do as it was.
 */
export interface TodoChangedPayload {
  change: TodoChange
  todo: Todo
}
