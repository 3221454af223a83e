import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { SearchService } from './service'

/** Search: people, topics and channels (super-search), and the messages of the caller's topics. */
export const searchRoutes: FastifyPluginAsyncZod<ModuleOptions<SearchService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.superSearch, (req) => service.superSearch(caller(req).userId, req.query))
  route(endpoints.messageSearch, (req) => service.messages(caller(req).userId, req.query))
}
