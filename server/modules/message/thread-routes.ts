import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { MessageService } from './service'

/** Threads of topics the caller belongs to (a stranger gets 403, an unknown root 404). */
export const threadRoutes: FastifyPluginAsyncZod<ModuleOptions<MessageService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)
  const { threads } = service

  route(endpoints.threadMessages, (req) => threads.page(caller(req).userId, req.query.root_id, req.query.before))
  route(endpoints.threadList, (req) => threads.list(caller(req).userId, req.query.page))
  route(endpoints.threadFollow, (req) => threads.follow(caller(req).userId, req.body.root_id, req.body.follow))
  route(endpoints.threadRead, (req) => threads.read(caller(req).userId, req.body.root_id))
}
