import { endpoints } from '../../../contract/endpoints'
import type { Todo, TodoCreateBody, TodoStatus, TodoUpdateBody } from '../../../contract/todo'
import { call } from '../http'

/**
 * The to-do calls (contract/endpoints.ts, tag 'todo'). Quiet: the dialog and the lists say
 * themselves what was refused, with the server's message.
 */
const quiet = { quiet: true }

export const createTodo = (body: TodoCreateBody): Promise<Todo> => call(endpoints.todoCreate, body, quiet)
export const updateTodo = (body: TodoUpdateBody): Promise<Todo> => call(endpoints.todoUpdate, body, quiet)
export const deleteTodo = (todoId: string) => call(endpoints.todoDelete, { todo_id: todoId }, quiet)
export const todoInfo = (todoId: string): Promise<Todo> => call(endpoints.todoInfo, { todo_id: todoId }, quiet)
export const myTodos = (page: number, status?: TodoStatus): Promise<Todo[]> =>
  call(endpoints.todoList, { page, ...(status ? { status } : {}) }, quiet)
export const topicTodos = (topicId: string, page: number, status?: TodoStatus): Promise<Todo[]> =>
  call(endpoints.todoTopic, { topic_id: topicId, page, ...(status ? { status } : {}) }, quiet)
