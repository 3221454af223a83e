import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { type AuthContext, bearerToken, type TokenService } from '../auth/tokens'
import { unauthorized } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on authenticated routes. */
    auth: AuthContext | null
  }
}

export function installAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null)
}

/** onRequest hook: a valid Bearer access token of an open session, else 401 before the body is read. */
export function authGuard(tokens: TokenService): onRequestAsyncHookHandler {
  return async (req) => {
    const token = bearerToken(req.headers.authorization)
    const auth = token ? await tokens.authenticate(token) : null
    if (!auth) throw unauthorized()
    req.auth = auth
  }
}

/** The caller of an authenticated route. */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized()
  return req.auth
}
