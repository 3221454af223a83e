import type { FastifyReply, FastifyRequest } from 'fastify'
import type { LoginMeta } from '../../auth/tokens'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { requestLanguage } from '../../http/language'
import { routesOf } from '../../http/route'
import { clearRefreshCookie, refreshCookieOf, refreshRequestRefusal, setRefreshCookie } from '../../http/refresh-cookie'
import type { AuthService, IssuedSession } from './service'

/** Auth: register, login, token refresh, email codes, password reset, logout. */
export const authRoutes: FastifyPluginAsyncZod<ModuleOptions<AuthService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)
  const secure = ctx.config.secureCookies
  /** The refresh token goes into its cookie, never into the JSON answer. */
  const answer = (reply: FastifyReply, issued: IssuedSession) => {
    setRefreshCookie(reply, issued, secure)
    return { access_token: issued.access_token, media_token: issued.media_token, user: issued.user }
  }

  /** Where a login comes from, for the sessions page. */
  const metaOf = (req: FastifyRequest): LoginMeta => ({ userAgent: req.headers['user-agent'], ip: req.ip })
  route(endpoints.register, async (req, reply) => answer(reply, await service.register(req.body, requestLanguage(req), metaOf(req))))
  route(endpoints.login, async (req, reply) => answer(reply, await service.login(req.body, metaOf(req))))
  route(endpoints.refreshToken, async (req, reply) => {
    // Refused before the cookie is touched: a forged request neither rotates nor clears it.
    const refusal = refreshRequestRefusal(req, ctx.config.publicUrl)
    if (refusal) throw refusal
    try {
      const rotated = await service.refresh(refreshCookieOf(req))
      setRefreshCookie(reply, rotated, secure)
      return { access_token: rotated.access_token, media_token: rotated.media_token }
    } catch (err) {
      // A refused token is dead: the browser forgets it.
      clearRefreshCookie(reply, secure)
      throw err
    }
  })
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
  // pages: the sessions page (/log)
  route(endpoints.sessionList, (req) => service.sessions(caller(req)))
  route(endpoints.sessionRevoke, async (req) => ({ revoked: await service.endSession(caller(req), req.body.session_id) }))
  route(endpoints.sessionRevokeOthers, async (req) => ({ revoked: await service.endOtherSessions(caller(req)) }))
  route(endpoints.logout, async (req, reply) => {
    clearRefreshCookie(reply, secure)
    await service.logout(caller(req), req.body.fcm_token)
    return { ok: true as const }
  })
}
