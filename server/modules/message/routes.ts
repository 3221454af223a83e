import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { MessageService } from './service'

/** Messages of topics the caller belongs to (a stranger gets 403). */
export const messageRoutes: FastifyPluginAsyncZod<ModuleOptions<MessageService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.messageSend, (req) => service.send(caller(req).userId, req.body))
  route(endpoints.topicMessages, (req) => service.list(caller(req).userId, req.query))
  route(endpoints.topicPinned, (req) => service.pinned(caller(req).userId, req.query.topic_id))
  route(endpoints.messageEdit, (req) => service.edit(caller(req).userId, req.body))
  route(endpoints.messageDelete, (req) => service.remove(caller(req).userId, req.body.message_id))
  route(endpoints.messageForward, (req) => service.forward(caller(req).userId, req.body))
  route(endpoints.messagePin, (req) => service.pin(caller(req).userId, req.body))
  route(endpoints.messageHistory, (req) => service.history(caller(req).userId, req.query.message_id))
  route(endpoints.messageRemovePreview, (req) => service.removePreview(caller(req).userId, req.body.message_id))
}
