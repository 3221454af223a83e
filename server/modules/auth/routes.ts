import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { requestLanguage } from '../../http/language'
import { routesOf } from '../../http/route'
import type { AuthService } from './service'

/** Auth: register, login, token refresh, email codes, password reset, logout. */
export const authRoutes: FastifyPluginAsyncZod<ModuleOptions<AuthService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.register, (req) => service.register(req.body, requestLanguage(req)))
  route(endpoints.login, (req) => service.login(req.body))
  route(endpoints.refreshToken, (req) => service.refresh(req.body.refresh_token))
  route(endpoints.verifyEmail, async (req) => {
    await service.verifyEmail(req.body)
    return { ok: true as const }
  })
  route(endpoints.resendCode, (req) => {
    service.resendCode(req.body)
    return { sent: true as const }
  })
  route(endpoints.forgotPassword, (req) => {
    service.forgotPassword(req.body)
    return { sent: true as const }
  })
  route(endpoints.resetPassword, async (req) => {
    await service.resetPassword(req.body)
    return { ok: true as const }
  })
  route(endpoints.logout, async (req) => {
    await service.logout(caller(req), req.body.fcm_token)
    return { ok: true as const }
  })
}
