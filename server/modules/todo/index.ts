/**
 * The todo module's public face: todo/* routes and the todo service, the only writer of todos and
 * todo_assignees (its due notifications are durable jobs of the job queue, kind `todo_due`).
 */
export { todoRoutes } from './routes'
export { createTodoService, TODO_DUE_JOB, type TodoService, todoDueKey } from './service'
