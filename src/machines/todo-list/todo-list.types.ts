import type { Sender } from '../../../contract/message'
import type { Todo, TodoChangedPayload, TodoStatus } from '../../../contract/todo'
import type { ListReport, PagedList } from '../paged-list'

export type { Sender, Todo, TodoChangedPayload, TodoStatus }

/** The filter tabs: every to-do, or those of one status. */
export type TodoFilter = 'all' | TodoStatus

export interface TodoListInput {
  /** A chat's to-dos (todo/topic); null: the reader's own, personal and in chats (todo/list). */
  topicId: string | null
  /** The reader (the session's user id). */
  meId: string
  /** In a chat: the reader is one of its admins (edits and deletes any of its to-dos). */
  isAdmin: boolean
  /** The clock (ms since the epoch): a to-do past its due time and not done is overdue. */
  now: () => number
}

export interface TodoListContext extends TodoListInput {
  filter: TodoFilter
  /**
   * The filter's to-dos as their paged list last reported them: page after page (20 a page), each
   * to-do once, soonest due first as the server sent them, kept current from TODO_CHANGED.
   */
  list: PagedList<Todo>
  /**
   * The status change on its way: the row shows it already; `before` is the to-do it goes back to
   * when the server refuses (the server's latest, when the socket brought one meanwhile).
   */
  pending: { todoId: string; status: TodoStatus; before: Todo } | null
  /** The to-do Delete was asked for (confirming, then deleting). */
  deleting: string | null
  /** Why the last action or the last later page failed (the server's message). */
  error: string | null
}

/** What the list's pages are asked with besides their number (the runtime picks todo/topic or todo/list by topicId). */
export type TodoQuery = {
  topicId: string | null
  status?: TodoStatus
}

/** A page of the list, as its loader is asked for it. */
export type TodoPageInput = TodoQuery & { page: number }

export interface TodoStatusInput {
  todo_id: string
  status: TodoStatus
}

export type TodoListEvent =
  /** The paged list's report (its child `list`). */
  | ListReport<Todo>
  | { type: 'FILTER'; filter: TodoFilter }
  /** The next page ('Load more', the list's end scrolled into view). */
  | { type: 'LOAD_MORE' }
  /** 'Retry' after the first page failed. */
  | { type: 'RETRY' }
  /** The done checkbox or the status select of a row. */
  | { type: 'STATUS'; todoId: string; status: TodoStatus }
  /** Delete of a row: asks first. */
  | { type: 'DELETE'; todoId: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** Socket TODO_CHANGED, or a to-do the reader's own dialog saved. */
  | ({ type: 'CHANGED' } & TodoChangedPayload)
  /** The socket connected again: what it may have missed is read again. */
  | { type: 'REFRESH' }
