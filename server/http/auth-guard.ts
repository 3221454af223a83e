import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { type AuthContext, bearerToken, type TokenService } from '../auth/tokens'
import { HttpError, unauthorized } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on authenticated routes. */
    auth: AuthContext | null
  }
}

export function installAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null)
}

/** A session whose email is not verified yet, on a call the verify screen does not need. */
export const emailNotVerified = () => new HttpError(403, 'emailNotVerified')

/**
 * onRequest hook: a valid Bearer access token of an open session, else 401 before the body is read;
 * and a verified email, else 403, unless `allowUnverified` (the calls the verify screen needs).
 */
export function authGuard(tokens: TokenService, { allowUnverified = false } = {}): onRequestAsyncHookHandler {
  return async (req) => {
    const token = bearerToken(req.headers.authorization)
    const auth = token ? await tokens.authenticate(token) : null
    if (!auth) throw unauthorized()
    if (!auth.emailVerified && !allowUnverified) throw emailNotVerified()
    req.auth = auth
  }
}

/** The caller of an authenticated route. */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized()
  return req.auth
}
