import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { SavedService } from './service'

/** Saved messages: save, remove, the caller's list, and which of one chat's messages they saved. */
export const savedRoutes: FastifyPluginAsyncZod<ModuleOptions<SavedService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.savedAdd, (req) => service.add(caller(req).userId, req.body.message_id))
  route(endpoints.savedRemove, (req) => service.remove(caller(req).userId, req.body.message_id))
  route(endpoints.savedList, (req) => service.list(caller(req).userId, req.query))
  route(endpoints.savedInTopic, (req) => service.inTopic(caller(req).userId, req.query.topic_id))
}
