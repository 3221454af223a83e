import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { AttentionService } from './service'

/** The caller's attention settings, a topic's level and mute, someone's do-not-disturb, notify anyway, and the email's unsubscribe link. */
export const attentionRoutes: FastifyPluginAsyncZod<ModuleOptions<AttentionService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.attentionSettings, (req) => service.settings(caller(req).userId))
  route(endpoints.attentionUpdate, (req) => service.update(caller(req).userId, req.body))
  route(endpoints.attentionDnd, (req) => service.dnd(caller(req).userId, req.body.for))
  route(endpoints.attentionTopic, (req) => service.setTopic(caller(req).userId, req.body))
  route(endpoints.attentionPerson, (req) => service.person(caller(req).userId, req.query.customer_id))
  route(endpoints.attentionNotifyAnyway, (req) => service.notifyAnyway(caller(req).userId, req.body.topic_id))
  route(endpoints.attentionUnsubscribe, (req) => service.unsubscribe(req.body.token))
}
