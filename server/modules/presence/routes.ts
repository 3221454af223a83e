import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { PresenceService } from './service'

/** Presence of the people on the caller's screen, the caller's custom status, a chat's read receipts. */
export const presenceRoutes: FastifyPluginAsyncZod<ModuleOptions<PresenceService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.presenceOf, (req) => service.of(caller(req).userId, req.body.user_ids))
  route(endpoints.statusSet, (req) => service.setStatus(caller(req).userId, req.body))
  route(endpoints.statusClear, (req) => service.clearStatus(caller(req).userId))
  route(endpoints.receipts, (req) => service.receipts(caller(req).userId, req.query.topic_id))
}
