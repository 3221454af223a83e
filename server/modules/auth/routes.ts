import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  done,
  emailOnlyBody,
  errorBody,
  loginBody,
  logoutBody,
  refreshBody,
  registerBody,
  resetPasswordBody,
  resultOf,
  sent,
  session,
  tokens,
  verifyEmailBody,
} from '../../../contract'
import type { RateLimitRule } from '../../config'
import type { ModuleOptions } from '../../context'
import { authGuard, caller } from '../../http/auth-guard'
import { requestLanguage } from '../../http/language'
import type { AuthService } from './service'

const errors = { '4xx': errorBody }
const tags = ['auth']

/** The email of a validated body, for rate-limit keys (runs after validation). */
const bodyEmail = (req: FastifyRequest) => {
  const email = (req.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email : ''
}

/** Auth: register, login, token refresh, email codes, password reset, logout. */
export const authRoutes: FastifyPluginAsyncZod<ModuleOptions<AuthService>> = async (app, { ctx, service }) => {
  const limits = ctx.config.rateLimits
  const limit = (rule: RateLimitRule, key?: (req: FastifyRequest) => string) => ({
    rateLimit: {
      max: rule.max,
      timeWindow: rule.windowMs,
      ...(key && { hook: 'preHandler' as const, keyGenerator: key }),
    },
  })
  const byIpAndEmail = (req: FastifyRequest) => `${req.ip}|${bodyEmail(req)}`
  /** One budget per ip + email shared by the four code routes (a per-route limit would multiply it). */
  const otpLimiter = app.rateLimit({ max: limits.otp.max, timeWindow: limits.otp.windowMs, keyGenerator: (req) => `otp|${byIpAndEmail(req)}` })
  const otp = { preHandler: otpLimiter }

  app.post(
    `/${API.register}`,
    {
      schema: { tags, summary: 'Create an account; a verification code is emailed', body: registerBody, response: { 200: resultOf(session), ...errors } },
      config: limit(limits.register),
    },
    async (req) => ({ result: await service.register(req.body, requestLanguage(req)) }),
  )

  app.post(
    `/${API.login}`,
    {
      schema: { tags, summary: 'Log in with email and password', body: loginBody, response: { 200: resultOf(session), ...errors } },
      config: limit(limits.login, byIpAndEmail),
    },
    async (req) => ({ result: await service.login(req.body) }),
  )

  app.post(
    `/${API.refreshToken}`,
    { schema: { tags, summary: 'Rotate a refresh token', body: refreshBody, response: { 200: resultOf(tokens), ...errors } } },
    async (req) => ({ result: await service.refresh(req.body.refresh_token) }),
  )

  app.post(
    `/${API.verifyEmail}`,
    { schema: { tags, summary: 'Verify the email with its 6-digit code', body: verifyEmailBody, response: { 200: resultOf(done), ...errors } }, ...otp },
    async (req) => {
      await service.verifyEmail(req.body)
      return { result: { ok: true as const } }
    },
  )

  app.post(
    `/${API.resendCode}`,
    { schema: { tags, summary: 'Email a new verification code', body: emailOnlyBody, response: { 200: resultOf(sent), ...errors } }, ...otp },
    async (req) => {
      await service.resendCode(req.body)
      return { result: { sent: true as const } }
    },
  )

  app.post(
    `/${API.forgotPassword}`,
    { schema: { tags, summary: 'Email a password reset code', body: emailOnlyBody, response: { 200: resultOf(sent), ...errors } }, ...otp },
    async (req) => {
      await service.forgotPassword(req.body)
      return { result: { sent: true as const } }
    },
  )

  app.post(
    `/${API.resetPassword}`,
    { schema: { tags, summary: 'Set a new password with the emailed code', body: resetPasswordBody, response: { 200: resultOf(done), ...errors } }, ...otp },
    async (req) => {
      await service.resetPassword(req.body)
      return { result: { ok: true as const } }
    },
  )

  app.post(
    `/${API.logout}`,
    {
      schema: {
        tags,
        summary: "End this session; the user's other sockets get LOGOUT",
        security: [{ bearer: [] }],
        body: logoutBody,
        response: { 200: resultOf(done), ...errors },
      },
      onRequest: authGuard(ctx.tokens),
    },
    async (req) => {
      await service.logout(caller(req), req.body.fcm_token)
      return { result: { ok: true as const } }
    },
  )
}
