import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { NotifyService } from './service'

/** The signed-in user's notifications (notify/*). New ones arrive on the socket as `data`. */
export const notifyRoutes: FastifyPluginAsyncZod<ModuleOptions<NotifyService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.notify, (req) => service.list(caller(req).userId, req.query.page))
  route(endpoints.notifyCount, async (req) => ({ notification: await service.unreadCount(caller(req).userId) }))
  route(endpoints.notifySeen, async (req) => {
    const userId = caller(req).userId
    await service.seen(userId, req.body.notify_id)
    return { notification: await service.unreadCount(userId) }
  })
  route(endpoints.notifySeenAll, async (req) => {
    await service.seenAll(caller(req).userId)
    return { notification: 0 }
  })
}
