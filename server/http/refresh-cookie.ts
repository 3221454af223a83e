import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IssuedTokens } from '../auth/tokens'

/**
 * The refresh token travels only in this cookie: HttpOnly (page scripts never see it), SameSite=Strict
 * (no cross-site request carries it), scoped to the one path that spends it, Secure when the site
 * is served over HTTPS. Why that is enough against CSRF: docs/architecture.md, "Sessions".
 */
export const REFRESH_COOKIE = 'workroom_refresh'
export const REFRESH_COOKIE_PATH = '/api/auth/refresh-token'

export async function installCookies(app: FastifyInstance) {
  await app.register(cookie)
}

const attributes = (secure: boolean) => ({ path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict' as const, secure })

/** Puts the new refresh token in the cookie until the session's absolute end. */
export function setRefreshCookie(reply: FastifyReply, tokens: IssuedTokens, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, tokens.refresh_token, { ...attributes(secure), expires: tokens.sessionEndsAt })
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, attributes(secure))
}

export const refreshCookieOf = (req: FastifyRequest): string | undefined => req.cookies[REFRESH_COOKIE] || undefined
