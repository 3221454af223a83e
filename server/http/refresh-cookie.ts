import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { IssuedTokens } from '../auth/tokens'
import { forbidden, HttpError } from './errors'

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

/**
 * Why a refresh request may not spend the cookie, checked before it is read (so a refused request
 * neither rotates nor clears it): the body must be JSON (415 otherwise, also for no body at all: a
 * cross-origin "simple request" cannot send that type), and a browser's own word on where the
 * request comes from must be this site: Sec-Fetch-Site `same-origin`, and an Origin equal to
 * PUBLIC_URL or to the host the request was sent to (403 otherwise; a sibling subdomain is
 * same-site, not same-origin). Clients that send neither header (not a browser) are not refused.
 */
export function refreshRequestRefusal(req: FastifyRequest, publicUrl: string | undefined): HttpError | null {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') return new HttpError(415, 'invalidInput')
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin') return forbidden()
  const origin = req.headers.origin
  if (origin !== undefined && !isOwnOrigin(origin, req.host, publicUrl)) return forbidden()
  return null
}

function isOwnOrigin(origin: string, host: string, publicUrl: string | undefined): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  return (publicUrl !== undefined && url.origin === new URL(publicUrl).origin) || url.host === host
}
