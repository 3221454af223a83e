import { isIdle, isShown, pagedListProps, type PagedListProps } from '../paged-list'
import { mayManage, mayMove, type TodoListSnapshot } from './todo-list.machine'
import type { Todo, TodoFilter, TodoListEvent, TodoStatus } from './todo-list.types'

/** The filter tabs, in their order. */
export const TODO_FILTERS: readonly TodoFilter[] = ['all', 'todo', 'doing', 'done']

export interface TodoRow {
  todo: Todo
  /** Past its due time and not done: the due time shows red. */
  overdue: boolean
  /** The reader may move its status (the checkbox and the select work). */
  canMove: boolean
  /** The reader may edit and delete it (its creator; in a chat, its admins too). */
  canManage: boolean
  /** Its status change is on its way. */
  moving: boolean
  /** Delete was asked for: the row asks to confirm. */
  confirmingDelete: boolean
  /** It is being deleted. */
  deleting: boolean
  onDone: (done: boolean) => void
  onStatus: (status: TodoStatus) => void
  onDelete: () => void
}

/** A list of to-dos' props and handlers (the /todo page, a chat's "To-dos" panel): its paging, its rows, its tabs. */
export interface TodoListProps extends PagedListProps<Todo> {
  /** null: the reader's own to-dos; else the chat's. */
  topicId: string | null
  filter: TodoFilter
  /** The tabs take a click (no status change or delete on its way). */
  canFilter: boolean
  rows: TodoRow[]
  /** A row's action, or the next page, is on its way: the other rows' actions wait. */
  busy: boolean
  /** Why the last action, or the last later page, failed. */
  error: string | null
  onFilter: (filter: TodoFilter) => void
  onConfirmDelete: () => void
  onCancelDelete: () => void
}

/** Pure: snapshot and send -> the list's props and handlers. */
export function connect(snapshot: TodoListSnapshot, send: (event: TodoListEvent) => void): TodoListProps {
  const context = snapshot.context
  const { list } = context
  const idle = snapshot.matches({ listing: 'idle' }) && isIdle(list)
  const updating = snapshot.matches({ listing: 'updating' })
  const deleting = snapshot.matches({ listing: 'deleting' })
  const confirming = snapshot.matches({ listing: 'confirming' })
  const now = context.now()
  return {
    ...pagedListProps(list, send),
    topicId: context.topicId,
    filter: context.filter,
    canFilter: !updating && !deleting,
    rows: list.items.map((todo) => ({
      todo,
      overdue: todo.status !== 'done' && todo.due_at !== null && Date.parse(todo.due_at) < now,
      canMove: idle && mayMove(todo, context),
      canManage: mayManage(todo, context),
      moving: updating && context.pending?.todoId === todo._id,
      confirmingDelete: confirming && context.deleting === todo._id,
      deleting: deleting && context.deleting === todo._id,
      onDone: (done) => send({ type: 'STATUS', todoId: todo._id, status: done ? 'done' : 'todo' }),
      onStatus: (status) => send({ type: 'STATUS', todoId: todo._id, status }),
      onDelete: () => send({ type: 'DELETE', todoId: todo._id }),
    })),
    busy: isShown(list) && !idle,
    error: context.error,
    onFilter: (filter) => send({ type: 'FILTER', filter }),
    onConfirmDelete: () => send({ type: 'CONFIRM' }),
    onCancelDelete: () => send({ type: 'CANCEL' }),
  }
}
