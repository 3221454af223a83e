import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { DraftService } from './service'

/** Drafts: the caller's own draft of a chat (get, save), and all of theirs (list). */
export const draftRoutes: FastifyPluginAsyncZod<ModuleOptions<DraftService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.draftGet, (req) => service.get(caller(req).userId, req.query.topic_id))
  route(endpoints.draftList, (req) => service.list(caller(req).userId))
  route(endpoints.draftSave, (req) => service.save(caller(req).userId, req.body))
}
