import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  editMessageBody,
  errorBody,
  forwardMessageBody,
  message,
  messageIdBody,
  messageListQuery,
  pinMessageBody,
  resultOf,
  sendMessageBody,
  topicIdQuery,
} from '../../../contract'
import type { ModuleOptions } from '../../context'
import { authGuard, caller } from '../../http/auth-guard'
import { signedInSchema } from '../../http/route-schema'
import type { MessageService } from './service'

const s = signedInSchema('message')
const one = { 200: resultOf(message), '4xx': errorBody }
const many = { 200: resultOf(z.array(message)), '4xx': errorBody }

/** Messages of topics the caller belongs to (a stranger gets 403). */
export const messageRoutes: FastifyPluginAsyncZod<ModuleOptions<MessageService>> = async (app, { ctx, service }) => {
  app.addHook('onRequest', authGuard(ctx.tokens))

  app.post(`/${API.messageSend}`, s('Send a message; a repeated client_id answers the same message without sending again', { body: sendMessageBody }, one), async (req) => ({
    result: await service.send(caller(req).userId, req.body),
  }))
  app.get(`/${API.topicMessages}`, s('Newest first: page N of 20 (before `before` when given), or up to 500 after `after` (the oldest of them; ask again while full)', { querystring: messageListQuery }, many), async (req) => ({
    result: await service.list(caller(req).userId, req.query),
  }))
  app.get(`/${API.topicPinned}`, s('The topic’s pinned messages', { querystring: topicIdQuery }, many), async (req) => ({
    result: await service.pinned(caller(req).userId, req.query.topic_id),
  }))
  app.put(`/${API.messageEdit}`, s('Edit one of your messages', { body: editMessageBody }, one), async (req) => ({
    result: await service.edit(caller(req).userId, req.body),
  }))
  app.delete(`/${API.messageDelete}`, s('Delete a message for everyone (the sender or a topic admin)', { body: messageIdBody }, one), async (req) => ({
    result: await service.remove(caller(req).userId, req.body.message_id),
  }))
  app.post(`/${API.messageForward}`, s('Forward a message to topics you belong to', { body: forwardMessageBody }, many), async (req) => ({
    result: await service.forward(caller(req).userId, req.body),
  }))
  app.put(`/${API.messagePin}`, s('Pin or unpin a message (pin_message setting)', { body: pinMessageBody }, one), async (req) => ({
    result: await service.pin(caller(req).userId, req.body),
  }))
}
