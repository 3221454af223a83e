import type { Sender, Todo, TodoStatus } from '../../../contract'
import type { TodoRow } from '../../db/schema'

/** A person as a to-do shows them (its creator, an assignee). */
export type PersonColumns = { id: string; name: string; workid: string; photoUrl: string | null }

/** Everything a to-do's view is made of, as read from the database. */
export interface TodoRows {
  todo: TodoRow
  /** The chat's name (null: a personal to-do). */
  topicName: string | null
  creator: PersonColumns
  /** In the order they are shown (by name, then id). */
  assignees: PersonColumns[]
}

const asSender = (p: PersonColumns): Sender => ({ _id: p.id, name: p.name, workid: p.workid, photo_url: p.photoUrl })

/** The to-do as everyone who may see it sees it (the same for every reader). */
export const toTodo = ({ todo, topicName, creator, assignees }: TodoRows): Todo => ({
  _id: todo.id,
  topic_id: todo.topicId,
  topic_name: todo.topicId === null ? null : topicName,
  title: todo.title,
  note: todo.note,
  status: todo.status as TodoStatus,
  due_at: todo.dueAt?.toISOString() ?? null,
  creator: asSender(creator),
  assignees: assignees.map(asSender),
  created_at: todo.createdAt.toISOString(),
  updated_at: todo.updatedAt.toISOString(),
  done_at: todo.doneAt?.toISOString() ?? null,
})
