import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, errorBody, notification, notifyCount, notifyListQuery, notifySeenBody, resultOf } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { authGuard, caller } from '../../http/auth-guard'
import type { NotifyService } from './service'

const tags = ['notify']
const security = [{ bearer: [] }]
const countResponse = { 200: resultOf(notifyCount), '4xx': errorBody }

/** The signed-in user's notifications (notify/*). New ones arrive on the socket as `data`. */
export const notifyRoutes: FastifyPluginAsyncZod<ModuleOptions<NotifyService>> = async (app, { ctx, service }) => {
  app.addHook('onRequest', authGuard(ctx.tokens))

  app.get(
    `/${API.notify}`,
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s notifications, 20 per page, newest first',
        querystring: notifyListQuery,
        response: { 200: resultOf(z.array(notification)), '4xx': errorBody },
      },
    },
    async (req) => ({ result: await service.list(caller(req).userId, req.query.page) }),
  )

  app.get(`/${API.notifyCount}`, { schema: { tags, security, summary: 'How many of the caller’s notifications are unread', response: countResponse } }, async (req) => ({
    result: { notification: await service.unreadCount(caller(req).userId) },
  }))

  app.put(
    `/${API.notifySeen}`,
    { schema: { tags, security, summary: 'Mark one notification read (404 unknown, 403 someone else’s); answers the unread count', body: notifySeenBody, response: countResponse } },
    async (req) => {
      const userId = caller(req).userId
      await service.seen(userId, req.body.notify_id)
      return { result: { notification: await service.unreadCount(userId) } }
    },
  )

  app.put(`/${API.notifySeenAll}`, { schema: { tags, security, summary: 'Mark all of the caller’s notifications read; answers the unread count (0)', response: countResponse } }, async (req) => {
    await service.seenAll(caller(req).userId)
    return { result: { notification: 0 } }
  })
}
