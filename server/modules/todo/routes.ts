import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { TodoService } from './service'

/** To-dos: create, change, delete, one to-do, the caller's to-dos and one chat's. */
export const todoRoutes: FastifyPluginAsyncZod<ModuleOptions<TodoService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.todoCreate, (req) => service.create(caller(req).userId, req.body))
  route(endpoints.todoUpdate, (req) => service.update(caller(req).userId, req.body))
  route(endpoints.todoDelete, (req) => service.remove(caller(req).userId, req.body.todo_id))
  route(endpoints.todoInfo, (req) => service.info(caller(req).userId, req.query.todo_id))
  route(endpoints.todoList, (req) => service.list(caller(req).userId, req.query))
  route(endpoints.todoTopic, (req) => service.ofTopic(caller(req).userId, req.query))
}
