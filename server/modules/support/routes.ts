import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { SupportService } from './service'

/** The support chat: GET workid/chat/chat-friend. */
export const supportRoutes: FastifyPluginAsyncZod<ModuleOptions<SupportService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)
  route(endpoints.supportChat, (req) => service.chat(caller(req).userId, req.query))
}
