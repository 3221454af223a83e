import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { CallService } from './service'

/** Calls: start (call/topic, call/customer), answer, decline, cancel, miss, leave (call/out) and call/detail. */
export const callRoutes: FastifyPluginAsyncZod<ModuleOptions<CallService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.callTopic, (req) => service.topic(caller(req).userId, req.body))
  route(endpoints.callCustomer, (req) => service.customer(caller(req).userId, req.body))
  route(endpoints.callAnswer, (req) => service.answer(caller(req).userId, req.body.call_id))
  route(endpoints.callDecline, (req) => service.decline(caller(req).userId, req.body.call_id))
  route(endpoints.callCancel, (req) => service.cancel(caller(req).userId, req.body.call_id))
  route(endpoints.callMiss, (req) => service.missed(caller(req).userId, req.body.call_id))
  route(endpoints.callOut, (req) => service.out(caller(req).userId, req.body.call_id))
  route(endpoints.callDetail, (req) => service.detail(caller(req).userId, req.query.call_id))
}
