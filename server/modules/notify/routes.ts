import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints, parsePushSubscription } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { HttpError } from '../../http/errors'
import { routesOf } from '../../http/route'
import type { NotifyService } from './service'

/**
 * The signed-in user's notifications (notify/*). New ones arrive on the socket as `data`; reading
 * them anywhere is announced to every socket of the user as NOTIFY_SEEN. Browser push: the VAPID
 * public key and this device's subscription (customer/update-fcm-token).
 */
export const notifyRoutes: FastifyPluginAsyncZod<ModuleOptions<NotifyService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.notify, (req) => service.list(caller(req).userId, req.query.page))
  route(endpoints.notifyCount, async (req) => ({ notification: await service.unreadCount(caller(req).userId) }))
  route(endpoints.notifySeen, async (req) => ({ notification: await service.seen(caller(req).userId, req.body.notify_id) }))
  route(endpoints.notifySeenAll, async (req) => {
    await service.seenAll(caller(req).userId)
    return { notification: 0 }
  })
  // notifications (browser push)
  route(endpoints.pushKey, async () => ({ public_key: await service.push.publicKey() }))
  route(endpoints.updateFcmToken, async (req) => {
    const subscription = parsePushSubscription(req.body.fcm_token)
    if (!subscription || !(await service.push.save(caller(req).userId, subscription))) {
      throw new HttpError(400, 'invalidInput', {
        fcm_token: { en: 'This push subscription is not accepted', vi: 'Không thể đăng ký nhận thông báo đẩy cho trình duyệt này' },
      })
    }
    return { saved: true as const }
  })
}
