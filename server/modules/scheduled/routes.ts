import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { ScheduledService } from './service'

/** Scheduled messages: create, change, cancel, send now, and the caller's list. */
export const scheduledRoutes: FastifyPluginAsyncZod<ModuleOptions<ScheduledService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.scheduledCreate, (req) => service.create(caller(req).userId, req.body))
  route(endpoints.scheduledUpdate, (req) => service.update(caller(req).userId, req.body))
  route(endpoints.scheduledCancel, (req) => service.cancel(caller(req).userId, req.body.scheduled_id))
  route(endpoints.scheduledSendNow, (req) => service.sendNow(caller(req).userId, req.body.scheduled_id))
  route(endpoints.scheduledList, (req) => service.list(caller(req).userId, req.query))
}
