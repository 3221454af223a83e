import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { ReactionService } from './service'

/** Reactions (add, remove, who reacted) and a channel's custom emoji (list, create, delete). */
export const reactionRoutes: FastifyPluginAsyncZod<ModuleOptions<ReactionService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.reactionAdd, (req) => service.add(caller(req).userId, req.body))
  route(endpoints.reactionRemove, (req) => service.remove(caller(req).userId, req.body))
  route(endpoints.reactionList, (req) => service.list(caller(req).userId, req.query.message_id))
  route(endpoints.emojiCustom, (req) => service.customList(caller(req).userId, req.query))
  route(endpoints.emojiCreate, (req) => service.createCustom(caller(req).userId, req.body))
  route(endpoints.emojiDelete, async (req) => {
    await service.deleteCustom(caller(req).userId, req.body.emoji_id)
    return { emoji_id: req.body.emoji_id }
  })
}
